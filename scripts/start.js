/**
 * `npm start`: builds when the build is missing or older than the sources, then serves the
 * product in production mode (embedded backend with demo data unless LEGACY_API_URL is set).
 * The demo data is the quick start's promise: it is on when neither NODE_ENV nor DEMO_DATA was
 * given. With NODE_ENV=production given (the Docker image) and no DEMO_DATA=1, an empty database
 * gets no demo accounts, only a first administrator (docs/decisions/0024).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const buildFile = path.join(root, "build/index.js");
const sources = Math.max(newest(path.join(root, "app")), fs.statSync(path.join(root, "package.json")).mtimeMs);
const canBuild = fs.existsSync(path.join(root, "node_modules/@remix-run/dev"));
if (!fs.existsSync(buildFile) || (canBuild && fs.statSync(buildFile).mtimeMs < sources)) {
  console.log("building…");
  execSync("npx remix build", { cwd: root, stdio: "inherit" });
}
if (process.env.NODE_ENV === undefined && process.env.DEMO_DATA === undefined) process.env.DEMO_DATA = "1";
process.env.NODE_ENV ??= "production";
const { start } = await import("../server.js");
await start();
