/** Every message in MSG is copied verbatim from the specifications. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MSG } from "~/schemas/messages.ko";

const specDir = path.resolve(__dirname, "../../../shared/spec");
const specText = fs
  .readdirSync(specDir)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => fs.readFileSync(path.join(specDir, f), "utf8"))
  .join("\n");

describe("messages.ko.ts", () => {
  it.each(Object.entries(MSG))("%s is verbatim in the spec", (_key, text) => {
    expect(specText).toContain(text);
  });
});
