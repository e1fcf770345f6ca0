/**
 * No product file in app/ over 600 lines (issue 38, ADR 0075): a newcomer reads one responsibility
 * at a time. Generated files (`*.generated.ts`) and the database's migrations are excepted. The
 * last two files over it were split on 2026-11-29 (ADR 0075).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const LIMIT = 600;
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" ? [] : sources(full);
    return /\.(ts|tsx|js|mjs|css)$/.test(e.name) && !e.name.includes(".generated.") ? [full] : [];
  });
}

const lines = (file: string) => fs.readFileSync(file, "utf8").split("\n").length - (fs.readFileSync(file, "utf8").endsWith("\n") ? 1 : 0);

describe("the size of app/'s files", () => {
  const sizes = sources(path.join(ROOT, "app")).map((f) => ({ file: path.relative(ROOT, f).split(path.sep).join("/"), lines: lines(f) }));

  it(`has no file over ${LIMIT} lines`, () => {
    expect(sizes.length).toBeGreaterThan(300);
    const over = sizes.filter((s) => s.lines > LIMIT);
    expect(over).toEqual([]);
  });
});
