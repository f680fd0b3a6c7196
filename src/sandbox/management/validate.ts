import { components, type Schema } from "./document.ts";

/**
 * Reading a parameter the way the server's codecs read it (Mojang's DataFixerUpper codecs behind each method): a value
 * of the wrong JSON type, a required field missing or a player `id` that is no UUID fails the call with "Invalid
 * params" and a line saying what was wrong; fields the schema does not know are ignored, as the codecs ignore them,
 * and a field set to null is a field left out (Mojang's JsonOps reads a JSON null in an object as no value).
 */

/** A parameter the server's codec would refuse; the message is the error's `data`. */
export class InvalidParams extends Error {}

const UUID = /^[0-9a-fA-F]{1,8}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,12}$/;

const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(components[schema.$ref.split("/").at(-1) as string] as Schema) : schema;

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 200) ?? String(value);

/** Checks `value` against `schema`; throws InvalidParams naming the first problem. */
export function checkParam(schema: Schema, value: unknown): void {
  const s = resolve(schema);
  switch (s.type) {
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw new InvalidParams(`Not a JSON object: ${shown(value)}`);
      const record = value as Record<string, unknown>;
      for (const key of s.required ?? []) {
        if (record[key] == null) throw new InvalidParams(`No key ${key} in MapLike[${shown(value)}]`);
      }
      for (const [key, field] of Object.entries(s.properties ?? {})) {
        if (record[key] != null) checkParam(field, record[key]);
      }
      return;
    }
    case "array":
      if (!Array.isArray(value)) throw new InvalidParams(`Not a json array: ${shown(value)}`);
      for (const item of value) checkParam(s.items as Schema, item);
      return;
    case "string":
      if (typeof value !== "string") throw new InvalidParams(`Not a string: ${shown(value)}`);
      if (s.enum && !s.enum.includes(value)) throw new InvalidParams(`Unknown element name:${value}`);
      if (s.format === "uuid" && !UUID.test(value)) throw new InvalidParams(`Invalid UUID ${value}`);
      return;
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value))
        throw new InvalidParams(`Not a number: ${shown(value)}`);
      return;
    case "boolean":
      if (typeof value !== "boolean") throw new InvalidParams(`Not a boolean: ${shown(value)}`);
      return;
  }
}

/** A value with the null fields of its objects left out, as the server reads it. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

/** A UUID in the dashed lower-case form the server writes (Java's UUID.toString). */
export function canonicalUuid(id: string): string {
  const parts = id.split("-").map((part, index) => part.padStart([8, 4, 4, 4, 12][index] as number, "0"));
  return parts.join("-").toLowerCase();
}
