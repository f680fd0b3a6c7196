// HTML written as tagged templates that escape by default (docs/decisions.md, The dashboard): every value put in a
// page is text unless it is already `Html`, so a nick, a reason or a form answer can never become markup.

const HTML = Symbol("html");

/** Markup that is safe to put in a page as it is: built by `html`, or trusted text `raw` marks. */
export type Html = { readonly [HTML]: string };

/** A value a template takes: text (escaped), numbers, markup, lists of them; nothing for null, undefined, false. */
export type Part = Html | string | number | null | undefined | false | readonly Part[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as HTML text or a quoted attribute's value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

const isHtml = (value: unknown): value is Html =>
  typeof value === "object" && value !== null && HTML in value;

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (isHtml(part)) return part[HTML];
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeHtml(String(part));
}

/** Markup from a template: the literal parts as written, every value escaped unless it is `Html`. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += render(values[i] as Part) + (strings[i + 1] as string);
  return { [HTML]: out };
}

/** Markup from a string the code wrote itself (an SVG built from numbers); never for anything a person typed. */
export function raw(markup: string): Html {
  return { [HTML]: markup };
}

/** The markup's text, to send. */
export function toText(part: Part): string {
  return render(part);
}
