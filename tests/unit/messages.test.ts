/**
 * Every message in MSG is copied verbatim from the specifications, whose texts the repository
 * keeps in docs/spec (its README says where they come from).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MSG } from "~/schemas/messages.ko";

const specDir = path.resolve(__dirname, "../../docs/spec");
const files = fs.readdirSync(specDir).filter((f) => f.endsWith(".txt"));
const specText = files.map((f) => fs.readFileSync(path.join(specDir, f), "utf8")).join("\n");

describe("messages.ko.ts", () => {
  it("reads the three specification texts", () => {
    expect(files).toHaveLength(3);
    expect(specText.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(MSG))("%s is verbatim in the spec", (_key, text) => {
    expect(specText).toContain(text);
  });
});
