import { defineConfig } from "drizzle-kit";

/** drizzle-kit generates the SQL migrations in drizzle/ from src/db/schema.ts; the binary embeds them. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
