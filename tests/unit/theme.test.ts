/** The font stack names the Korean system fonts before the generic family, in the theme and the CSS. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FONT_STACK, theme } from "~/theme";

const KOREAN = ['"Apple SD Gothic Neo"', '"Malgun Gothic"', '"맑은 고딕"', '"Noto Sans KR"'];

/** The families of a CSS font-family value, in order. */
const families = (stack: string) => stack.split(",").map((f) => f.trim());

function expectKoreanFirst(stack: string | undefined) {
  const list = families(stack ?? "");
  const generic = list.indexOf("sans-serif");
  expect(generic).toBe(list.length - 1);
  for (const font of KOREAN) {
    expect(list, `${font} in ${stack}`).toContain(font);
    expect(list.indexOf(font)).toBeLessThan(generic);
  }
}

describe("font stack", () => {
  it("names the Korean system fonts before sans-serif", () => {
    expectKoreanFirst(FONT_STACK);
  });

  it("is the theme's body and heading font", () => {
    expect(theme.fontFamily).toBe(FONT_STACK);
    expect(theme.headings?.fontFamily).toBe(FONT_STACK);
  });

  it("is the page's font in base.css too (every page loads it, the public ones included)", () => {
    const css = fs.readFileSync(path.resolve(__dirname, "../../app/styles/base.css"), "utf8");
    const m = /html\s*\{\s*font-family:\s*([^;]+);/.exec(css);
    expect(m?.[1]).toBe(FONT_STACK);
  });
});
