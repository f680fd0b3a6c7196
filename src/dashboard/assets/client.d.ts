/** The dashboard's script, imported with `{ type: "text" }` (src/dashboard/assets.ts): the import is its text. */
declare const text: string;
export default text;
