/**
 * No product file in app/ over 600 lines (issue 38, ADR 0075): a newcomer reads one responsibility
 * at a time. Generated files (`*.generated.ts`) and the database's migrations are excepted; the
 * files still over the limit are named here with their size today, and may only shrink: splitting
 * one removes its line.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const LIMIT = 600;
/** Still over the limit (issue 38): these sizes are ceilings, not allowances. */
const NOT_YET_SPLIT: Readonly<Record<string, number>> = {
  "app/embedded/handlers/survey.server.ts": 829,
};

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

  it(`has no file over ${LIMIT} lines but the ones not yet split, and those no longer than today`, () => {
    expect(sizes.length).toBeGreaterThan(300);
    const over = sizes.filter((s) => s.lines > LIMIT && !(s.file in NOT_YET_SPLIT));
    expect(over).toEqual([]);
    const grown = sizes.filter((s) => s.file in NOT_YET_SPLIT && s.lines > NOT_YET_SPLIT[s.file]);
    expect(grown).toEqual([]);
  });

  it("names only files that exist and are still over the limit (a split one leaves the list)", () => {
    for (const [file, ceiling] of Object.entries(NOT_YET_SPLIT)) {
      const found = sizes.find((s) => s.file === file);
      expect(found, file).toBeDefined();
      expect(found!.lines, file).toBeGreaterThan(LIMIT);
      expect(found!.lines, file).toBeLessThanOrEqual(ceiling);
    }
  });
});
