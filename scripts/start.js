/**
 * `npm start`: builds when the build is missing or older than the sources, then serves the
 * product in production mode (embedded backend with demo data unless LEGACY_API_URL is set).
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
process.env.NODE_ENV ??= "production";
const { start } = await import("../server.js");
await start();
