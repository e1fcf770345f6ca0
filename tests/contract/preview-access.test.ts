/**
 * Issue 37 item 2 (ADR 0064): /view/pdfView.do and /view/imgView.do serve a stored file only to a
 * user who may see the live record it belongs to — a data page's file on a DATA menu of the
 * user's menu list, a person's photo with that people page in the list — and never after the file
 * or the record was deleted (or the photo replaced). Every refusal is the same 404.
 */
import { describe, expect, it } from "vitest";
import { tinyPdf } from "../../app/embedded/db/seed-activities.server";
import { DATA_FILES } from "../../app/calls/data-files";
import { pathsOf } from "../../app/calls/define";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi, DEMO_PASSWORD, login } from "./client";
import { JPEG_BYTES, PNG_BYTES, formData, studentForm } from "./people-fixtures";

const C = pathsOf(DATA_FILES);

const server = adminApi();
const THIS_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
/** a DATA menu of the data-entry group (authority 1): committee members (authority 2) do not have it */
const MENU = 61;
const YEAR = 2038;

const view = async (path: string, filePath: string, userId: string) => {
  const who = userId === "admin" ? server.admin : await login(server.api, userId, DEMO_PASSWORD);
  return server.api.raw(`${path}?filePath=${encodeURIComponent(filePath)}`, { token: who.accessToken });
};

describe("a data page's file", () => {
  it("is previewed by users with the menu, not by others, and by nobody once deleted", async () => {
    const pdf = tinyPdf("preview access");
    const up = await server.api.call(C.save, undefined, {
      token: server.admin.accessToken,
      form: formData({ mode: "insert", menuSeq: MENU, year: THIS_YEAR, keyword: "미리보기" }, { file: [{ bytes: pdf, name: "권한 확인.pdf" }] }),
    });
    expect(up.body).toMatchObject({ status: 200, message: MSG.registered });
    const rows = (await server.call(C.list, { seq: MENU, year: THIS_YEAR, searchText: "권한 확인" })).body.result.list as Record<string, any>[];
    const file = rows.find((f) => f.orn === "권한 확인.pdf")!;
    const path = `${file.rovl}/${file.flnm}`;

    const byEntry = await view(C.pdfView, path, "entry01");
    expect(byEntry.status).toBe(200);
    expect(new Uint8Array(await byEntry.arrayBuffer())).toEqual(pdf);
    // a committee member has no DATA menu: the same 404 as a path that is not there
    const byCommittee = await view(C.pdfView, path, "committee01");
    expect(byCommittee.status).toBe(404);
    expect(await byCommittee.json()).toMatchObject({ message: OWN_MSG.fileNotFound });

    expect((await server.call(C.remove, { seq: file.seq })).body).toMatchObject({ status: 200, message: MSG.deleted });
    for (const who of ["admin", "entry01"]) expect((await view(C.pdfView, path, who)).status, who).toBe(404);
  });

  it("a stored file that belongs to no record (the user manual) is no preview", async () => {
    const info = (await server.call("/api/manualInfo.do", {})).body.result;
    expect(info?.fileRovl).toBeTruthy();
    expect((await view(C.pdfView, `${info.fileRovl}/${info.fileFlnm}`, "admin")).status).toBe(404);
  });
});

describe("a person's photo", () => {
  const multipart = (fields: Record<string, string | number>, files: Parameters<typeof formData>[1] = {}) =>
    server.api.call("/api/student/edit.do", undefined, { token: server.admin.accessToken, form: formData(fields, files) });
  const detail = async (usSeq: number) => (await server.call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student;

  it("is shown to users with the student page, not to others, and not after it was replaced or the record deleted", async () => {
    const form = { ...studentForm(), year: YEAR };
    const made = await multipart(form, { imgFile: [{ bytes: PNG_BYTES, name: "사진.png", type: "image/png" }] });
    expect(made.body.status).toBe(200);
    const usSeq = made.body.result.usSeq as number;
    const first = (await detail(usSeq)).imgSrc as string;

    expect((await view("/view/imgView.do", first, "entry01")).status).toBe(200);
    expect((await view("/view/imgView.do", first, "committee01")).status).toBe(404);

    await multipart({ ...form, usSeq }, { imgFile: [{ bytes: JPEG_BYTES, name: "new.jpg" }] });
    const second = (await detail(usSeq)).imgSrc as string;
    expect(second).not.toBe(first);
    expect((await view("/view/imgView.do", second, "admin")).status).toBe(200);
    // the replaced photo belongs to no record any more
    expect((await view("/view/imgView.do", first, "admin")).status).toBe(404);

    expect((await server.call("/api/student/delete.do", { usSeq, year: YEAR })).body.status).toBe(200);
    expect((await view("/view/imgView.do", second, "admin")).status).toBe(404);
  });
});
