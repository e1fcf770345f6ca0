/** The image route refuses paths that could leave the storage. */
import { describe, expect, it } from "vitest";
import { isSafeStoragePath } from "~/utils/preview.server";

describe("isSafeStoragePath", () => {
  it.each(["2026/11/0b7c.png", "photos/a_b-1.jpg"])("accepts %s", (p) => expect(isSafeStoragePath(p)).toBe(true));
  it.each(["../etc/passwd", "2026/../../x.png", "/etc/passwd", "a\\b.png", "a/%00.png".replace("%00", "\u0000"), "", "a//b.png", "./a.png"])(
    "refuses %s",
    (p) => expect(isSafeStoragePath(p)).toBe(false),
  );
});
