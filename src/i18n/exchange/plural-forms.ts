import { type Language, pluralFormsOf } from "../languages.ts";

// A PO file says how a count picks one of `msgstr[0…]` with its Plural-Forms header: `nplurals=N; plural=EXPR;`,
// EXPR a C expression of `n` (GNU gettext manual, "Additional functions for plural forms"). Ours number CLDR's
// categories of the language in the order of `pluralFormsOf` (msgstr[0] is `one`), so each index is one form of
// the catalogue; test/i18n/exchange.test.ts checks each formula against Intl.PluralRules. Polish and Russian have
// a fourth form, `other`, for fractions, which no whole count selects: a formula of integers never picks it.

/** Each language's Plural-Forms, its indices the forms of `pluralFormsOf`. */
export const gettextPluralForms: Readonly<Record<Language, string>> = {
  en: "nplurals=2; plural=(n != 1);",
  de: "nplurals=2; plural=(n != 1);",
  fr: "nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;",
  "es-ES": "nplurals=3; plural=(n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;",
  "pt-BR": "nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;",
  pl: "nplurals=4; plural=(n == 1) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2;",
  ru: "nplurals=4; plural=(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2;",
};

/** A Plural-Forms header read: how many forms, and the index a count picks. */
export type PluralRule = { readonly count: number; readonly pick: (n: number) => number };

const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()])/y;

/** Reads `nplurals=N; plural=EXPR;`; throws an Error saying what is wrong with it. */
export function readPluralForms(header: string): PluralRule {
  const match = /^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$/.exec(header);
  if (!match) throw new Error(`"${header}" is not "nplurals=N; plural=EXPRESSION;"`);
  const tokens: string[] = [];
  const expression = match[2] as string;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    const at = TOKEN.lastIndex;
    const token = TOKEN.exec(expression);
    if (!token) {
      if (expression.slice(at).trim() === "") break;
      throw new Error(`the plural expression cannot be read at "${expression.slice(at)}"`);
    }
    tokens.push(token[1] as string);
  }
  const pick = compile(tokens);
  return { count: Number(match[1]), pick };
}

type Node = (n: number) => number;

/** A recursive-descent reading of C's precedence: ?:, ||, &&, == !=, < <= > >=, + -, * / %, unary ! -. */
function compile(tokens: string[]): Node {
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new Error(`the plural expression expected ${expected ?? "more"} at token ${at}`);
    return token;
  };
  const binary = (next: () => Node, operators: Record<string, (a: number, b: number) => number>) => () => {
    let left = next();
    while (peek() !== undefined && operators[peek() as string]) {
      const apply = operators[take()] as (a: number, b: number) => number;
      const [a, b] = [left, next()];
      left = (n) => apply(a(n), b(n));
    }
    return left;
  };
  const primary = (): Node => {
    const token = take();
    if (token === "(") {
      const inner = ternary();
      take(")");
      return inner;
    }
    if (token === "!") {
      const inner = primary();
      return (n) => (inner(n) === 0 ? 1 : 0);
    }
    if (token === "-") {
      const inner = primary();
      return (n) => -inner(n);
    }
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token)) return () => Number(token);
    throw new Error(`the plural expression has "${token}" where a value belongs`);
  };
  const flag = (value: boolean) => (value ? 1 : 0);
  const multiplicative = binary(primary, {
    "*": (a, b) => a * b,
    "/": (a, b) => Math.trunc(a / b),
    "%": (a, b) => a % b,
  });
  const additive = binary(multiplicative, { "+": (a, b) => a + b, "-": (a, b) => a - b });
  const relational = binary(additive, {
    "<": (a, b) => flag(a < b),
    ">": (a, b) => flag(a > b),
    "<=": (a, b) => flag(a <= b),
    ">=": (a, b) => flag(a >= b),
  });
  const equality = binary(relational, { "==": (a, b) => flag(a === b), "!=": (a, b) => flag(a !== b) });
  const and = binary(equality, { "&&": (a, b) => flag(a !== 0 && b !== 0) });
  const or = binary(and, { "||": (a, b) => flag(a !== 0 || b !== 0) });
  const ternary = (): Node => {
    const condition = or();
    if (peek() !== "?") return condition;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (condition(n) !== 0 ? yes(n) : no(n));
  };
  const whole = ternary();
  if (at !== tokens.length) throw new Error(`the plural expression has "${tokens[at]}" left over`);
  return whole;
}

/** Whole counts that tell the languages' forms apart: the small ones, the teens, hundreds and millions. */
export const SAMPLE_COUNTS: readonly number[] = [
  ...Array.from({ length: 230 }, (_, n) => n),
  1000,
  1001,
  1002,
  1005,
  1011,
  1012,
  1021,
  100_000,
  1_000_000,
  1_000_001,
  2_000_000,
  10_000_000,
  1_000_000_000,
];

/**
 * Whether `rule` picks, for every sample count, the index of the form CLDR gives `language` for it (the index in
 * `pluralFormsOf`): a file's Plural-Forms may be written otherwise than ours and still number the forms alike.
 */
export function numbersFormsAsCldr(language: Language, rule: PluralRule): boolean {
  const forms = pluralFormsOf[language] as readonly string[];
  if (rule.count !== forms.length) return false;
  const cldr = new Intl.PluralRules(language);
  return SAMPLE_COUNTS.every((n) => rule.pick(n) === forms.indexOf(cldr.select(n)));
}
