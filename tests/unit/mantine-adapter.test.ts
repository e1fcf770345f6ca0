/**
 * Only public APIs of the dependencies (issue 34; ADR 0056). One module, app/components/ui/mantine.ts,
 * reaches into @mantine/core's files (file by file keeps the pages light: ADR 0036); every other
 * module imports a package by a path the package itself exports. A Mantine upgrade that moves one of
 * the listed files fails here, in the adapter's name, before the build does.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const ADAPTER = "app/components/ui/mantine.ts";

function appFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return appFiles(p);
    return /\.(tsx?|css)$/.test(e.name) ? [p] : [];
  });
}

/** every module specifier of a file: static and dynamic imports, re-exports, CSS @import */
function specifiers(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+|@import\s+)["']([^"']+)["']/gm)) out.push(m[1]);
  return out;
}

/** the package a bare specifier names, and the subpath inside it ("." for the package itself) */
function packageOf(spec: string): { name: string; subpath: string } | null {
  if (spec.startsWith(".") || spec.startsWith("~") || spec.startsWith("node:") || spec.startsWith("/")) return null;
  const parts = spec.split("/");
  const n = spec.startsWith("@") ? 2 : 1;
  return { name: parts.slice(0, n).join("/"), subpath: parts.length > n ? `./${parts.slice(n).join("/")}` : "." };
}

/** whether the package's package.json exports that subpath (exact, or by a "*" pattern) */
function exported(name: string, subpath: string): boolean {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"));
  if (subpath === ".") return true;
  const exportsMap = pkg.exports;
  if (!exportsMap || typeof exportsMap !== "object") return false; // no map: a subpath is a file of its own
  return Object.keys(exportsMap).some((key) => {
    if (key === subpath) return true;
    const star = key.indexOf("*");
    return star >= 0 && subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1));
  });
}

describe("the Mantine adapter", () => {
  const adapter = fs.readFileSync(path.join(root, ADAPTER), "utf8");
  const listed = [...adapter.matchAll(/from "~mantine\/([^"]+)"/g)].map((m) => m[1]);

  it("lists the files it re-exports, and each is where the installed Mantine has it", () => {
    expect(listed.length).toBeGreaterThan(10);
    const esm = path.join(root, "node_modules/@mantine/core/esm");
    const lib = path.join(root, "node_modules/@mantine/core/lib");
    const missing = listed.filter((f) => {
      // a stylesheet's class names are a module of their own in esm/ (Table.module.css.mjs), typed by
      // the project's *.module.css declaration
      const file = path.join(esm, `${f}.mjs`);
      const types = f.endsWith(".css") ? file : path.join(lib, `${f}.d.ts`);
      return !fs.existsSync(file) || !fs.existsSync(types);
    });
    expect(missing, "moved by a Mantine upgrade: change these lines of the adapter").toEqual([]);
  });

  it("is the only module of app/ that reaches into a package's files", () => {
    const offenders: string[] = [];
    for (const file of appFiles(path.join(root, "app"))) {
      const rel = path.relative(root, file);
      if (rel === ADAPTER) continue;
      for (const spec of specifiers(fs.readFileSync(file, "utf8"))) {
        if (spec.startsWith("~mantine/")) offenders.push(`${rel}: ${spec}`);
        const pkg = packageOf(spec);
        if (pkg && fs.existsSync(path.join(root, "node_modules", pkg.name, "package.json")) && !exported(pkg.name, pkg.subpath)) offenders.push(`${rel}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("would catch a reach into a package's files (the reader itself)", () => {
    expect(specifiers('import { Button } from "~mantine/components/Button/Button";\nconst x = await import("@mantine/core/esm/index.mjs");')).toEqual([
      "~mantine/components/Button/Button",
      "@mantine/core/esm/index.mjs",
    ]);
    expect(exported("@mantine/core", "./esm/index.mjs")).toBe(false);
    expect(exported("@mantine/core", "./styles/Button.css")).toBe(true);
    expect(exported("drizzle-orm", "./pg-core")).toBe(true);
  });
});
