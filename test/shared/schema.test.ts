import { describe, expect, test } from "bun:test";
import { Type as TypeBox } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { check, firstError, Type, withDefaults } from "../../src/shared/schema.ts";

// src/shared/schema.ts stands in for TypeBox where a start would load it for the configuration and the agent's
// status alone: each shape must admit exactly what TypeBox admits, and point at the property TypeBox points at.

/** Each shape twice, built by TypeBox and here, with the values to try. */
const shapes = [
  {
    name: "integer 0-65535",
    ours: Type.Integer({ minimum: 0, maximum: 65535 }),
    theirs: TypeBox.Integer({ minimum: 0, maximum: 65535 }),
  },
  {
    name: "number from 0.5",
    ours: Type.Number({ minimum: 0.5 }),
    theirs: TypeBox.Number({ minimum: 0.5 }),
  },
  {
    name: "string of 1-3 lower-case letters",
    ours: Type.String({ minLength: 1, maxLength: 3, pattern: "^[a-z]+$" }),
    theirs: TypeBox.String({ minLength: 1, maxLength: 3, pattern: "^[a-z]+$" }),
  },
  { name: "boolean", ours: Type.Boolean(), theirs: TypeBox.Boolean() },
  {
    name: "a literal or null",
    ours: Type.Union([Type.Literal("on"), Type.Null()]),
    theirs: TypeBox.Union([TypeBox.Literal("on"), TypeBox.Null()]),
  },
];
const values = [
  0,
  -1,
  0.5,
  1.5,
  65535,
  65536,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  "a",
  "abc",
  "abcd",
  "A",
  "1",
  "on",
  "off",
  true,
  false,
  null,
  undefined,
  [],
  {},
];

describe("a shape admits what TypeBox admits", () => {
  test.each(shapes)("$name", ({ ours, theirs }) => {
    const admitted = (accepts: (value: unknown) => boolean) => values.filter((value) => accepts(value));
    expect(admitted((value) => check(ours, value))).toEqual(admitted((value) => Value.Check(theirs, value)));
  });
});

describe("an object", () => {
  const ours = Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
    TOKEN: Type.Optional(Type.String({ minLength: 1 })),
    MODE: Type.Union([Type.Literal("a"), Type.Literal("b")], { default: "a" }),
  });
  const theirs = TypeBox.Object({
    PORT: TypeBox.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
    TOKEN: TypeBox.Optional(TypeBox.String({ minLength: 1 })),
    MODE: TypeBox.Union([TypeBox.Literal("a"), TypeBox.Literal("b")], { default: "a" }),
  });
  const objects: Record<string, unknown>[] = [
    {},
    { PORT: 1, MODE: "b" },
    { PORT: 70000, MODE: "c" },
    { PORT: 1, TOKEN: "", MODE: "c" },
    { MODE: "c", TOKEN: "" },
    { PORT: "1", EXTRA: true },
  ];

  test("is given the defaults TypeBox gives it", () => {
    for (const object of objects)
      expect(withDefaults(ours, object)).toEqual(
        Value.Default(theirs, { ...object }) as Record<string, unknown>,
      );
  });

  test("fails at the property TypeBox's first error names, in the schema's order", () => {
    const firstOf = (object: object) =>
      Value.Errors(theirs, object).First()?.path.replace(/^\//, "").split("/")[0];
    for (const object of objects.map((object) => withDefaults(ours, object)))
      expect(firstError(ours, object)).toBe(firstOf(object));
  });
});
