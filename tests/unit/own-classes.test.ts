/**
 * The app's own markup is drawn by its own stylesheets (ADR 0055): no module of app/ writes one of
 * Mantine's generated class names (`m_77c9d27d`, `m_a74036a`: they name rules in Mantine's
 * stylesheet that change with any Mantine release) or one of mantine-react-table's CSS-module
 * classes (`MRT_TableHeadCell-module_root__6y50a`, `mrt-table-body-cell`), and none loads that
 * table's stylesheet. Mantine's components write their own classes; a piece of markup that wants
 * to look like one of them has its rules in a `*.module.css` of its own, from Mantine's public
 * variables (`--mantine-color-*`, `--mantine-spacing-*`, …).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(tsx?|jsx?|mjs|css)$/.test(e.name) ? [p] : [];
  });
}

/** what names a borrowed class, with an example of each */
const BORROWED: [string, RegExp][] = [
  // Mantine's generated class names: m_ and a hash of seven or eight hex digits
  ["Mantine's generated class", /\bm_[0-9a-f]{7,8}\b/g],
  // mantine-react-table's CSS modules (MRT_TableHeadCell-module_root__6y50a) and its static classes and variables
  ["mantine-react-table's class", /\bMRT_[A-Za-z]+-module_[\w-]+/g],
  ["mantine-react-table's static class or variable", /(?<![\w-])-{0,2}mrt-[a-z][a-z-]*/g],
  // its stylesheet, or anything else of the package
  ["an import of mantine-react-table", /(?:from\s+|import\s*\(\s*|import\s+|require\(\s*)["']mantine-react-table(?:\/[^"']*)?["']/g],
];

/** every borrowed name in the sources under `dir`, as "file:line: what (name)" */
function borrowedClasses(dir: string): string[] {
  const found: string[] = [];
  for (const file of files(dir)) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const [what, re] of BORROWED) {
        for (const m of line.matchAll(re)) found.push(`${path.relative(root, file)}:${i + 1}: ${what} (${m[0]})`);
      }
    });
  }
  return found;
}

describe("the app's markup uses its own classes", () => {
  it("no Mantine generated class name and no mantine-react-table class anywhere in app/", () => {
    expect(borrowedClasses(path.join(root, "app"))).toEqual([]);
  });

  it("our own stylesheets read Mantine's public variables only (--mantine-…), besides their own", () => {
    const sheets = files(path.join(root, "app")).filter((f) => f.endsWith(".module.css"));
    expect(sheets.length).toBeGreaterThanOrEqual(4);
    const foreign = sheets.flatMap((file) => {
      const css = fs.readFileSync(file, "utf8");
      const own = new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
      return [...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]).filter((v) => !v.startsWith("--mantine-") && !own.has(v)).map((v) => `${path.relative(root, file)}: ${v}`);
    });
    expect(foreign).toEqual([]);
  });

  it("no component asks for Mantine's responsive classes (root.tsx's provider does not write them)", () => {
    const users = files(path.join(root, "app")).filter((f) => /\b(hiddenFrom|visibleFrom)=|["' ]mantine-(hidden|visible)-from-/.test(fs.readFileSync(f, "utf8")));
    expect(users.map((f) => path.relative(root, f))).toEqual([]);
  });

  it("the check finds each kind of borrowed name", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-classes-"));
    try {
      fs.writeFileSync(
        path.join(dir, "sample.tsx"),
        [
          'const a = "mantine-focus-auto m_77c9d27d mantine-Button-root";',
          '<span className="m_a74036a mantine-Button-section" />;',
          'const b = "MRT_TableHeadCell-module_root__6y50a mrt-table-head-cell-content";',
          'const c = { "--mrt-cell-align": "left" };',
          'import tableStyles from "mantine-react-table/styles.css";',
          "// mantine-react-table in a comment, m_ followed by a word (m_label), and a Mantine static class are not borrowed names",
        ].join("\n"),
      );
      expect(borrowedClasses(dir).map((f) => f.replace(/^.*sample\.tsx:/, ""))).toEqual([
        "1: Mantine's generated class (m_77c9d27d)",
        "2: Mantine's generated class (m_a74036a)",
        "3: mantine-react-table's class (MRT_TableHeadCell-module_root__6y50a)",
        "3: mantine-react-table's static class or variable (mrt-table-head-cell-content)",
        "4: mantine-react-table's static class or variable (--mrt-cell-align)",
        "5: an import of mantine-react-table (from \"mantine-react-table/styles.css\")",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
