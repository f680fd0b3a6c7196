import { defineConfig } from "drizzle-kit";

/** drizzle-kit generates the PostgreSQL migrations in drizzle/pg/ from src/db/pg/schema.ts; the binary embeds them. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/pg/schema.ts",
  out: "./drizzle/pg",
});
