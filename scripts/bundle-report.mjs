/**
 * `node scripts/bundle-report.mjs ROUTE_ID…`: what a page's first-visit JavaScript is made of.
 * Builds with source maps into .builds/bundle-report (unless BUNDLE_DIR names a build made with
 * `remix build --sourcemap`), takes the entry, the root and the given routes' chunks from the
 * manifest (e.g. `root routes/_index`), and splits each chunk's gzipped size over the packages
 * and app folders its source map names. Issue 19 (ADR 0036): the first step before moving code.
 * Chunks a page loads lazily (a chart, the editor) are not in the manifest: name them with
 * EXTRA=path1,path2 (paths under the build's public folder, e.g. build/_shared/ReportChart-X.js).
 * DETAIL=@mantine/core splits that one package by file.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
let dir = process.env.BUNDLE_DIR ? path.resolve(process.env.BUNDLE_DIR) : null;
if (!dir) {
  dir = path.join(root, ".builds/bundle-report");
  execSync("npx remix build --sourcemap", { cwd: root, stdio: "ignore", env: { ...process.env, BUILD_DIR: dir } });
}
const publicDir = path.join(dir, "public");
const buildDir = path.join(publicDir, "build");
const manifestFile = fs.readdirSync(buildDir).find((f) => f.startsWith("manifest-"));
const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, manifestFile), "utf8").replace(/^window.__remixManifest=/, "").replace(/;$/, ""));

const ids = process.argv.slice(2);
if (!ids.length) {
  console.error("usage: node scripts/bundle-report.mjs root routes/_index [more route ids]");
  process.exit(2);
}
const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const id of ids) {
  const r = manifest.routes[id];
  if (!r) throw new Error(`no route ${id} in the manifest`);
  files.add(r.module);
  for (const f of r.imports ?? []) files.add(f);
}
for (const f of (process.env.EXTRA ?? "").split(",").filter(Boolean)) files.add(`/${f.replace(/^\//, "")}`);

/** where a source belongs: a package name (DETAIL=pkg: that package's files), or app/<folder>/<file> */
const detail = process.env.DETAIL;
const owner = (s) => {
  const pkg = s.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg && pkg === detail) return s.replace(/.*node_modules\//, "");
  return pkg ?? (s.includes("/app/") ? `app/${s.replace(/.*\/app\//, "")}` : s);
};

const byOwner = {};
let gzTotal = 0;
for (const f of files) {
  const file = path.join(publicDir, f);
  const code = fs.readFileSync(file, "utf8");
  const gz = gzipSync(code).length;
  gzTotal += gz;
  const lines = code.split("\n");
  const counts = {};
  if (fs.existsSync(`${file}.map`)) {
    await SourceMapConsumer.with(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")), null, (c) => {
      const all = [];
      c.eachMapping((m) => all.push(m));
      all.forEach((a, i) => {
        const b = all[i + 1];
        const len = b && b.generatedLine === a.generatedLine ? b.generatedColumn - a.generatedColumn : (lines[a.generatedLine - 1]?.length ?? 0) - a.generatedColumn;
        const k = owner(a.source ?? "?");
        counts[k] = (counts[k] ?? 0) + len;
      });
    });
  } else counts[`(no map) ${f}`] = 1;
  // a chunk's gzipped bytes shared out by its sources' share of the raw bytes
  const sum = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
  for (const [k, v] of Object.entries(counts)) byOwner[k] = (byOwner[k] ?? 0) + (gz * v) / sum;
}
console.log(`${files.size} files, ${(gzTotal / 1024).toFixed(1)} KB gzipped (each file gzipped alone, as served)`);
for (const [k, v] of Object.entries(byOwner).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log(`${(v / 1024).toFixed(1).padStart(7)} KB  ${k}`);
