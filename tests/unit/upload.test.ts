/** Upload checks: extension, count, size and content signature (spec 000 §5, spec 001 §5). */
import { describe, expect, it } from "vitest";
import { MSG } from "~/schemas/messages.ko";
import { checkFiles, checkXlsx, hasSignature } from "~/utils/upload.server";

const xlsxBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);
const form = (...files: File[]) => {
  const f = new FormData();
  for (const x of files) f.append("file", x);
  return f;
};

describe("checkXlsx", () => {
  it("accepts one real .xlsx", async () => {
    const r = await checkXlsx(form(file(xlsxBytes, "학생.xlsx")));
    expect(r.ok).toBe(true);
  });
  it("refuses another extension, a renamed file, two files and none", async () => {
    expect(await checkXlsx(form(file(xlsxBytes, "학생.xls")))).toEqual({ ok: false, message: MSG.xlsxOnly });
    expect(await checkXlsx(form(file(pngBytes, "photo.xlsx")))).toEqual({ ok: false, message: MSG.xlsxOnly });
    expect(await checkXlsx(form(file(xlsxBytes, "a.xlsx"), file(xlsxBytes, "b.xlsx")))).toEqual({ ok: false, message: MSG.oneFileOnly });
    expect(await checkXlsx(form())).toEqual({ ok: false, message: MSG.xlsxOnly });
  });
});

describe("checkFiles", () => {
  it("refuses files over the size limit", async () => {
    const big = new Uint8Array(2048);
    big.set(pngBytes);
    const r = await checkFiles(form(file(big, "a.png")), "file", { extensions: ["png"], maxBytes: 1024 }, { extension: "x" });
    expect(r).toEqual({ ok: false, message: MSG.fileTooLarge });
  });
  it("knows the signatures", () => {
    expect(hasSignature(pngBytes, "png")).toBe(true);
    expect(hasSignature(pngBytes, "jpg")).toBe(false);
    expect(hasSignature(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "jpeg")).toBe(true);
    expect(hasSignature(xlsxBytes, "exe")).toBe(false);
  });
});
