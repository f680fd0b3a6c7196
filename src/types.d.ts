/** SQL files are imported as text (Bun's `with { type: "text" }`), so the binary embeds the migrations. */
declare module "*.sql" {
  const text: string;
  export default text;
}

/** Swagger UI's assets are imported with `{ type: "file" }`: the import is the embedded file's path. */
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
declare module "swagger-ui-dist/swagger-ui.css" {
  const path: string;
  export default path;
}

/** The dashboard's stylesheet is imported with `{ type: "text" }` (src/dashboard/assets.ts): the import is its text. */
declare module "*.css" {
  const text: string;
  export default text;
}
