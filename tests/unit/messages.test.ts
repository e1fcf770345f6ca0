/**
 * Every message in MSG is copied verbatim from the specifications. The specification texts live
 * beside the repository (../shared/spec), not in it: a fresh clone has no such folder, and the
 * check is then skipped with the missing path in its title rather than failing.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MSG } from "~/schemas/messages.ko";

const specDir = path.resolve(__dirname, "../../../shared/spec");
const present = fs.existsSync(specDir) && fs.statSync(specDir).isDirectory();
const specText = present
  ? fs
      .readdirSync(specDir)
      .filter((f) => f.endsWith(".txt"))
      .map((f) => fs.readFileSync(path.join(specDir, f), "utf8"))
      .join("\n")
  : "";

const title = present ? "messages.ko.ts" : `messages.ko.ts (skipped: the specification folder ${specDir} is absent)`;

describe.skipIf(!present)(title, () => {
  it("reads the specification texts", () => {
    expect(specText.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(MSG))("%s is verbatim in the spec", (_key, text) => {
    expect(specText).toContain(text);
  });
});
