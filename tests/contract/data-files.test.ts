/**
 * P06 data files (spec 000 §7 "Files"; docs/contract.md "Data files"): getCommFileList.do (the demo
 * files of a DATA menu in the spec's shape, the year and the search text, a menu that is not DATA),
 * insertFiles.do re-checking the dialog's rules on the server (extension, forged signature, over
 * 10 MB, no file, no year, 6 keywords, also when editing), the update by fileInfo JSON, delFile.do,
 * and the previews /view/pdfView.do and /view/imgView.do.
 */
import { describe, expect, it } from "vitest";
import { tinyPdf } from "../../app/embedded/db/seed-activities.server";
import { DATA_FILES } from "../../app/calls/data-files";
import { pathsOf } from "../../app/calls/define";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { PNG_BYTES, formData } from "./people-fixtures";

const C = pathsOf(DATA_FILES);

const server = adminApi();
const THIS_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
const MENU = 61;
const PDF = tinyPdf("data contract");
type Upload = { bytes: Uint8Array; name: string };

describe("data files", () => {
  const list = async (body: Record<string, unknown>) => server.call(C.list, body);
  const insert = (fields: Record<string, string | number>, files: Upload[]) =>
    server.api.call(C.save, undefined, { token: server.admin.accessToken, form: formData({ mode: "insert", menuSeq: MENU, ...fields }, { file: files }) });
  const update = (info: Record<string, unknown>, menuSeq = MENU) =>
    server.api.call(C.save, undefined, { token: server.admin.accessToken, form: formData({ mode: "update", menuSeq, fileInfo: JSON.stringify(info) }) });

  it("needs an access token", async () => {
    for (const path of [C.list, C.save, C.remove]) expect((await server.api.call(path, {})).http, path).toBe(401);
    expect((await server.api.raw(`${C.pdfView}?filePath=data/61/2025/x.pdf`)).status).toBe(401);
  });

  it("lists a DATA menu's files of the year in the spec's shape and searches names and keywords", async () => {
    const r = await list({ seq: MENU, year: 2025, searchText: "" });
    expect(r.body.status).toBe(200);
    const rows = r.body.result.list as Record<string, any>[];
    expect(rows.map((f) => f.orn)).toEqual(expect.arrayContaining(["교육과정 운영계획서.pdf", "교육과정 구성도.png"]));
    for (const f of rows) {
      expect(f).toMatchObject({ seq: expect.any(Number), orn: expect.any(String), flnm: expect.any(String), rovl: expect.any(String), fnen: expect.stringMatching(/^(pdf|png|jpg|jpeg|pptx|xlsx|xls|hwp|docx)$/), flsz: expect.any(Number), keyword: expect.any(String), year: 2025, regDt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    }
    expect(rows.find((f) => f.orn === "교육과정 운영계획서.pdf")?.userNm).toBe("김도윤");
    const byKeyword = (await list({ seq: MENU, year: 2025, searchText: "편성" })).body.result.list as Record<string, any>[];
    expect(byKeyword.map((f) => f.orn)).toContain("교과목 편성표.pdf");
    expect(byKeyword.every((f) => `${f.orn} ${f.keyword}`.includes("편성"))).toBe(true);
    const paged = (await list({ seq: MENU, year: 2025, searchText: "", page: 1, size: 2, sort: "orn:asc" })).body.result;
    expect(paged.list).toHaveLength(2);
    expect(paged.total).toBe(rows.length);
  });

  it("refuses a menu that is not of type DATA, and an unknown one", async () => {
    for (const seq of [63, 25, 999_999]) {
      const r = await list({ seq, year: 2025, searchText: "" });
      expect(r.body.status, String(seq)).toBe(404);
      expect(r.body.message).toBe(OWN_MSG.dataMenuNotFound);
    }
    const r = await server.api.call(C.save, undefined, { token: server.admin.accessToken, form: formData({ mode: "insert", menuSeq: 999_999, year: THIS_YEAR, keyword: "" }, { file: [{ bytes: PDF, name: "a.pdf" }] }) });
    expect(r.body).toMatchObject({ status: 404, message: OWN_MSG.dataMenuNotFound });
  });

  it("re-checks the upload's rules on the server with the spec's messages", async () => {
    const refused = async (fields: Record<string, string | number>, files: Upload[], message: string) => {
      const r = await insert(fields, files);
      expect(r.body.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    };
    const ok = { year: THIS_YEAR, keyword: "a, b" };
    await refused(ok, [{ bytes: PDF, name: "run.exe" }], MSG.activityFileType);
    await refused(ok, [{ bytes: new TextEncoder().encode("<html>not a pdf</html>"), name: "forged.pdf" }], MSG.activityFileType);
    await refused(ok, [{ bytes: PDF, name: "picture.png" }], MSG.activityFileType);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF.subarray(0, 8));
    await refused(ok, [{ bytes: big, name: "big.pdf" }], MSG.fileTooLarge);
    await refused(ok, [], MSG.dataFileRequired);
    await refused({ year: "", keyword: "" }, [{ bytes: PDF, name: "a.pdf" }], MSG.yearRequired);
    await refused({ year: 2023, keyword: "" }, [{ bytes: PDF, name: "a.pdf" }], MSG.yearRequired);
    await refused({ year: THIS_YEAR, keyword: "1,2,3,4,5,6" }, [{ bytes: PDF, name: "a.pdf" }], MSG.dataKeywordMax);
    await refused(ok, Array.from({ length: 6 }, (_, i) => ({ bytes: PDF, name: `${i}.pdf` })), OWN_MSG.dataTooManyFiles);
  });

  it("registers files, edits the year and keywords, previews, and deletes", async () => {
    const made = await insert({ year: THIS_YEAR, keyword: " 계약 , 시험 ,, 자료 " }, [
      { bytes: PDF, name: "계약 자료.pdf" },
      { bytes: PNG_BYTES, name: "사진.png" },
    ]);
    expect(made.body).toMatchObject({ status: 200, message: MSG.registered });
    const seqs = made.body.result.seqs as number[];
    expect(seqs).toHaveLength(2);
    const rows = (await list({ seq: MENU, year: THIS_YEAR, searchText: "계약" })).body.result.list as Record<string, any>[];
    const pdf = rows.find((f) => f.seq === seqs[0])!;
    const png = rows.find((f) => f.seq === seqs[1])!;
    expect(pdf).toMatchObject({ orn: "계약 자료.pdf", fnen: "pdf", flsz: PDF.byteLength, keyword: "계약, 시험, 자료", userNm: "이서연" });
    expect(png).toMatchObject({ orn: "사진.png", fnen: "png" });

    const view = await server.get(`${C.pdfView}?filePath=${encodeURIComponent(`${pdf.rovl}/${pdf.flnm}`)}`);
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toBe("application/pdf");
    expect(view.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await view.arrayBuffer())).toEqual(PDF);
    const img = await server.get(`${C.imgView}?filePath=${encodeURIComponent(`${png.rovl}/${png.flnm}`)}`);
    expect(img.headers.get("content-type")).toBe("image/png");
    // each view serves its own type only
    expect((await server.get(`${C.pdfView}?filePath=${encodeURIComponent(`${png.rovl}/${png.flnm}`)}`)).status).toBe(404);
    expect((await server.get(`${C.pdfView}?filePath=${encodeURIComponent(`../${pdf.flnm}`)}`)).status).toBe(404);

    expect((await update({ seq: pdf.seq, year: THIS_YEAR, keyword: "1,2,3,4,5,6" })).body.message).toBe(MSG.dataKeywordMax);
    expect((await update({ seq: pdf.seq, year: "", keyword: "" })).body.message).toBe(MSG.yearRequired);
    expect((await update({ seq: pdf.seq, year: THIS_YEAR, keyword: "x" }, 62)).body).toMatchObject({ status: 404, message: OWN_MSG.dataFileNotFound });
    expect((await update({ seq: pdf.seq, year: 2025, keyword: "계약서, 2025" })).body).toMatchObject({ status: 200, message: MSG.updated });
    const moved = (await list({ seq: MENU, year: 2025, searchText: "계약서" })).body.result.list as Record<string, any>[];
    expect(moved.find((f) => f.seq === pdf.seq)).toMatchObject({ keyword: "계약서, 2025", year: 2025, orn: "계약 자료.pdf" });

    // a delete naming another data page refuses the file and changes nothing (ADR 0062)
    expect((await server.call(C.remove, { seq: pdf.seq, menuSeq: 62 })).body).toMatchObject({ status: 404, message: OWN_MSG.dataFileNotFound });
    expect(((await list({ seq: MENU, year: 2025, searchText: "계약서" })).body.result.list as Record<string, any>[]).some((f) => f.seq === pdf.seq)).toBe(true);
    expect((await server.call(C.remove, { seq: pdf.seq, menuSeq: MENU })).body).toMatchObject({ status: 200, message: MSG.deleted });
    expect((await server.call(C.remove, { seq: pdf.seq })).body.status).toBe(404);
    const after = (await list({ seq: MENU, year: 2025, searchText: "계약서" })).body.result.list as Record<string, any>[];
    expect(after.some((f) => f.seq === pdf.seq)).toBe(false);
  });
});
