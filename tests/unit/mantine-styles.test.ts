/**
 * app/styles/mantine.css imports Mantine's styles one component at a time (ADR 0036). A component
 * the app starts to use, or one such a component renders inside it (Button's Loader, Checkbox's
 * InlineInput), or whose static classes the app's own rules name (ui/Table's `mantine-Table-table`,
 * app.css's `.mantine-Input-input`), would render unstyled without its line: this lists any that has
 * a stylesheet in @mantine/core/styles and no line. The app's own components (the frame, the list
 * kit, the record table) have their own stylesheets and need none of Mantine's (ADR 0055).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const esm = path.join(root, "node_modules/@mantine/core/esm");
const stylesDir = path.join(root, "node_modules/@mantine/core/styles");

function appFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return appFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** the components a Mantine module renders: its named imports from another component's folder */
function renders(file: string, seen: Set<string>) {
  const src = fs.readFileSync(file, "utf8");
  for (const m of src.matchAll(/import \{[^}]+\} from '((?:\.\.\/)+)(?:components\/)?([A-Z][A-Za-z]+)\/([^']+)'/g)) {
    const target = path.resolve(path.dirname(file), `${m[1]}${m[2]}/${m[3]}`);
    if (!target.startsWith(path.join(esm, "components"))) continue;
    const component = path.relative(path.join(esm, "components"), target).split(path.sep)[0];
    const key = `${component}:${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    renders(target, seen);
  }
}

describe("Mantine file by file", () => {
  it("no app module imports a value from @mantine/core's index (types only)", () => {
    // the index reaches every component: esbuild would put whatever any page uses into the chunks
    // of every page that imports it (ADR 0036)
    const offenders = appFiles(path.join(root, "app")).filter((f) => /^import (?!type )[^;]*from "@mantine\/core";/m.test(fs.readFileSync(f, "utf8")));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });

  it("mantine.css has a line for every component the app renders", () => {
    const seen = new Set<string>();
    const used = new Set<string>();
    for (const f of appFiles(path.join(root, "app"))) {
      for (const m of fs.readFileSync(f, "utf8").matchAll(/"~mantine\/components\/([A-Za-z]+)\/([^"]+)"/g)) {
        used.add(m[1]);
        renders(path.join(esm, "components", m[1], `${m[2]}.mjs`), seen);
      }
    }
    for (const key of seen) used.add(key.split(":")[0]);
    // markup written with Mantine's classes instead of its component (ui/Table) needs the
    // component's stylesheet just the same
    for (const f of appFiles(path.join(root, "app"))) {
      for (const m of fs.readFileSync(f, "utf8").matchAll(/\bmantine-([A-Z][A-Za-z]+)-[a-z]/g)) used.add(m[1]);
    }
    const css = fs.readFileSync(path.join(root, "app/styles/mantine.css"), "utf8");
    const imported = new Set([...css.matchAll(/@import "@mantine\/core\/styles\/([A-Za-z-]+)\.css";/g)].map((m) => m[1]));
    const missing = [...used].filter((c) => fs.existsSync(path.join(stylesDir, `${c}.css`)) && !imported.has(c)).sort();
    expect(missing).toEqual([]);
    // the base comes first, in Mantine's own order
    expect([...imported].slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
  });
});
