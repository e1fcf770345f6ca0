/** Upload checks: extension, count, size and content signature (spec 000 §5, spec 001 §5). */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { MAX_PARTS } from "~/utils/body-limit.server";
import { withoutNul } from "~/utils/context.server";
import type { Session } from "~/utils/session.server";
import { checkFiles, checkXlsx, hasSignature, MAX_FILE_BYTES, readMultipartForm } from "~/utils/upload.server";

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

describe("readMultipartForm", () => {
  const noSession = {} as Session;
  /** a multipart request (Request builds the body and its boundary from the FormData) */
  const post = (form: FormData) => new Request("http://localhost/insert/student/document", { method: "POST", body: form });
  const refusal = async (p: Promise<unknown>) => {
    const thrown = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    const r = thrown as Response;
    return { status: r.status, body: await r.json() };
  };

  it("refuses a file over 10 MB with the spec's message", async () => {
    const f = new FormData();
    f.append("_csrf", "x");
    f.append("file", new File([new Uint8Array(MAX_FILE_BYTES + 1)], "big.xlsx"));
    expect(await refusal(readMultipartForm(post(f), noSession))).toEqual({ status: 413, body: { alert: MSG.fileTooLarge } });
  });
  it("refuses more parts than any form has, and more files than the form takes", async () => {
    const many = new FormData();
    for (let i = 0; i <= MAX_PARTS; i++) many.append(`f${i}`, "");
    expect(await refusal(readMultipartForm(post(many), noSession))).toEqual({ status: 413, body: { alert: OWN_MSG.tooManyParts } });
    const files = new FormData();
    files.append("image", new File([pngBytes as BlobPart], "a.png"));
    files.append("image", new File([pngBytes as BlobPart], "b.png"));
    expect(await refusal(readMultipartForm(post(files), noSession, MAX_FILE_BYTES, 1))).toEqual({ status: 413, body: { alert: OWN_MSG.tooManyParts } });
  });
  it("answers a body that is not the form it says with '잘못된 요청입니다.' (400)", async () => {
    const noBoundary = new Request("http://localhost/", { method: "POST", body: "junk", headers: { "Content-Type": "multipart/form-data" } });
    expect(await refusal(readMultipartForm(noBoundary, noSession))).toEqual({ status: 400, body: { alert: OWN_MSG.badRequest } });
    const brokenPart = new Request("http://localhost/", { method: "POST", body: "--b\r\njunk", headers: { "Content-Type": "multipart/form-data; boundary=b" } });
    expect(await refusal(readMultipartForm(brokenPart, noSession))).toEqual({ status: 400, body: { alert: OWN_MSG.badRequest } });
  });
});

describe("withoutNul", () => {
  it("drops NUL characters from the text fields and keeps the rest", () => {
    const f = new FormData();
    f.append("uiaNm", "동의\u0000서");
    f.append("file", new File([pngBytes as BlobPart], "a.png"));
    const clean = withoutNul(f);
    expect(clean.get("uiaNm")).toBe("동의서");
    expect((clean.get("file") as File).name).toBe("a.png");
  });
});
