// A few JSON Schema shapes, built as TypeBox builds them (the same objects: `type`, `minimum`, `pattern`,
// `anyOf`, `const`, `default`, `description`…) and checked as TypeBox's `Value.Errors` checks them, for what a
// start reads before anything else: the configuration (src/config.ts) and an agent's status message. TypeBox's own
// value module costs a start some 4 MiB (docs/performance.md, Start and memory); the API keeps TypeBox for requests.

/** What a schema takes besides its kind. */
type Options = {
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

/** A schema of values of type `T`; `optional`: a property that may be left out. */
export type TSchema<T = unknown> = Options & {
  type?: "integer" | "number" | "string" | "boolean" | "null" | "object";
  const?: unknown;
  anyOf?: TSchema[];
  properties?: Record<string, TSchema>;
  required?: string[];
  optional?: boolean;
  /** Never set: carries `T` for `Static`. */
  readonly static?: T;
};

/** The type of the values a schema admits. */
export type Static<S> = S extends { readonly static?: infer T } ? T : never;

type Optional<S extends TSchema> = S & { optional: true };
type Properties = Record<string, TSchema>;
type OptionalKeys<P extends Properties> = {
  [K in keyof P]: P[K] extends { optional: true } ? K : never;
}[keyof P];
type ObjectOf<P extends Properties> = { [K in Exclude<keyof P, OptionalKeys<P>>]: Static<P[K]> } & {
  [K in OptionalKeys<P>]?: Static<P[K]>;
};

/** The builders, named as TypeBox names them. */
export const Type = {
  Integer: <O extends Options>(options?: O) => ({ ...options, type: "integer" }) as TSchema<number> & O,
  Number: <O extends Options>(options?: O) => ({ ...options, type: "number" }) as TSchema<number> & O,
  String: <O extends Options>(options?: O) => ({ ...options, type: "string" }) as TSchema<string> & O,
  Boolean: <O extends Options>(options?: O) => ({ ...options, type: "boolean" }) as TSchema<boolean> & O,
  Null: () => ({ type: "null" }) as TSchema<null>,
  Literal: <const V extends string | number | boolean>(value: V, options?: Options) =>
    ({ ...options, const: value }) as TSchema<V>,
  Union: <S extends TSchema[], O extends Options>(schemas: [...S], options?: O) =>
    ({ ...options, anyOf: schemas }) as unknown as TSchema<Static<S[number]>> & O,
  Optional: <S extends TSchema>(schema: S) => ({ ...schema, optional: true }) as Optional<S>,
  Object: <P extends Properties>(properties: P, options?: Options) =>
    ({
      ...options,
      type: "object",
      properties,
      required: Object.keys(properties).filter((name) => !properties[name]?.optional),
    }) as TSchema<ObjectOf<P>> & { properties: P },
};

/** Whether `value` is one `schema` admits (TypeBox's `Value.Check` for these shapes). */
export function check(schema: TSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((member) => check(member, value));
  if ("const" in schema) return value === schema.const;
  switch (schema.type) {
    case "integer":
    case "number":
      return (
        typeof value === "number" &&
        Number.isFinite(value) &&
        (schema.type === "number" || Number.isInteger(value)) &&
        (schema.minimum === undefined || value >= schema.minimum) &&
        (schema.maximum === undefined || value <= schema.maximum)
      );
    case "string":
      return (
        typeof value === "string" &&
        (schema.minLength === undefined || value.length >= schema.minLength) &&
        (schema.maxLength === undefined || value.length <= schema.maxLength) &&
        (schema.pattern === undefined || new RegExp(schema.pattern).test(value))
      );
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "object":
      return typeof value === "object" && value !== null && firstError(schema, value) === undefined;
    default:
      return true;
  }
}

/**
 * The first property of an object schema, in its order, whose value `object` lacks (and must have) or has wrong:
 * where TypeBox's `Value.Errors(…).First()` points. Properties the schema does not name are let through.
 */
export function firstError(schema: TSchema, object: object): string | undefined {
  const values = object as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = values[name];
    if (value === undefined ? !property.optional : !check(property, value)) return name;
  }
  return undefined;
}

/** `object` with each property it lacks given its schema's default, if there is one (`Value.Default`). */
export function withDefaults(schema: TSchema, object: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...object };
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    if (filled[name] === undefined && "default" in property) filled[name] = structuredClone(property.default);
  return filled;
}
