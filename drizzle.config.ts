import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes SQL migrations for the embedded backend's schema. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/embedded/db/schema.ts",
  out: "./app/embedded/db/migrations",
  strict: true,
  verbose: true,
});
