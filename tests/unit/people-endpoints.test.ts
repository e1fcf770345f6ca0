/**
 * app/legacy/endpoints/people.server.ts against the embedded backend in-process: every typed call
 * parses the real replies with its wire schema (saves and uploads as multipart, downloads streamed).
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { evalColumns } from "~/legacy/endpoints/eval-indicators.server";
import { memoryBackend } from "../memory-backend";
import {
  deleteStudent,
  downloadPeopleExcel,
  downloadPeopleTemplate,
  getProfessor,
  getStudent,
  listProfessors,
  listStudents,
  listTutors,
  professorFormCodes,
  saveProfessor,
  saveStudent,
  searchCodeLists,
  searchHighSchools,
  studentFormCodes,
  uploadPeopleExcel,
  viewImage,
} from "~/legacy/endpoints/people.server";
import { downloadResourceFile } from "~/legacy/endpoints/file.server";
import { LegacyError } from "~/legacy/errors";
import type { TokenHolder } from "~/legacy/gateway.server";
import { setTransportForTests } from "~/legacy/transport.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { seoulYear } from "~/utils/time";

let backend: EmbeddedBackend;
let session: TokenHolder;
const YEAR = 2039;

beforeAll(async () => {
  backend = await memoryBackend();
  setTransportForTests((req) => backend.fetch(req));
  const res = await backend.fetch(
    new Request("http://embedded.invalid/api/login.do", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: "admin", userPass: process.env.DEMO_PASSWORD || "Demo1234!", autoLogin: "N" }),
    }),
  );
  const body = await res.json();
  let accessToken = body.result.userInfo.accessToken as string;
  let refreshToken = body.result.reJwtToken as string;
  session = {
    get accessToken() {
      return accessToken;
    },
    get refreshToken() {
      return refreshToken;
    },
    autoLogin: false,
    setTokens(a, r) {
      accessToken = a;
      refreshToken = r;
    },
  };
}, 60_000);

afterAll(async () => {
  setTransportForTests(undefined);
  await backend?.close();
});

const studentFields = (id: string) => ({
  name: "배유나",
  admsYear: "2026",
  brdeY: "2007",
  brdeM: "01",
  brdeD: "20",
  highSchool: "대구과학고등학교",
  admsSlctn: "0000700002",
  email: "",
  emailCd: "",
  id,
  attnCd: "0000600001",
  grdeCd: "0000800001",
  grdtnYear: "",
  birthPlace: "0001000003",
  hsGrdtnYear: "2026",
  telNo1: "010",
  telNo2: "5050",
  telNo3: "6060",
  cohortYn: "N",
});

describe("people endpoints", () => {
  it("code lists", async () => {
    expect((await searchCodeLists(session, 1, 2026)).afltnList).toHaveLength(6);
    expect((await searchCodeLists(session, 2, 2026)).statusList).toHaveLength(4);
    expect((await studentFormCodes(session, 2026)).birthPlaceList).toHaveLength(18);
    expect((await professorFormCodes(session, 2026)).jobCdList).toHaveLength(8);
  });

  it("lists, evaluation lists and details", async () => {
    const s = await listStudents(session, { year: 2026, grde: "all", attn: [], value: "" });
    expect(s.list.length).toBeGreaterThan(350);
    const first = s.list[0] as { usSeq: number };
    expect((await getStudent(session, first.usSeq, 2026)).brdeY).toMatch(/^\d{4}$/);
    const e = await listStudents(session, { year: 2026, grde: "all", attn: [], value: "", eiSeq: 1, menuSeq: 11 });
    expect(e.columns?.map((c) => c.clm)).toEqual(["id", "name", "grdeNm", "attnNm", "admsYear"]);
    expect(s.columns).toBeUndefined();
    const p = await listProfessors(session, { year: 2026, dpt: "all", emply: [], value: "" });
    expect(p.list).toHaveLength(80);
    expect((await getProfessor(session, (p.list[0] as { usSeq: number }).usSeq, 2026)).pfSeq).toBeGreaterThan(0);
    expect((await listTutors(session, { year: 2026, dpt: "all", emply: [], value: "" })).list.length).toBeGreaterThan(10);
    expect(await evalColumns(session, 2, 22, 2026)).toHaveLength(4);
    expect((await searchHighSchools(session, "과학", 1)).list.length).toBe(10);
  });

  it("saves with a photo, answers 201 as a LegacyError, deletes", async () => {
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3e4bd2d0000000049454e44ae426082",
      "hex",
    );
    const photo = new File([png], "me.png", { type: "image/png" });
    const saved = await saveStudent(session, { fields: studentFields("990000001"), year: YEAR, photo });
    expect(saved.message).toBe(MSG.created);
    // the embedded backend answers the keys (spec 001 §7 names none; tests/unit/strict-replies.test.ts saves without them)
    const usSeq = saved.usSeq!;
    expect(usSeq).toBeGreaterThan(0);
    const detail = await getStudent(session, usSeq, YEAR);
    expect(detail.imgSrc).toMatch(/\.png$/);
    const img = await viewImage(session, detail.imgSrc!);
    expect(img.headers.get("content-type")).toBe("image/png");

    const updated = await saveStudent(session, { fields: { ...studentFields("990000001"), name: "배유나나" }, year: YEAR, usSeq });
    expect(updated.message).toBe(MSG.updated);

    // the server keeps the admission years to 2020 … current year + 10 (spec 001 §9), whatever is posted
    for (const admsYear of ["2019", String(seoulYear() + 11)]) {
      const outside = saveStudent(session, { fields: { ...studentFields("990000001"), admsYear }, year: YEAR, usSeq: usSeq });
      await expect(outside).rejects.toMatchObject({ message: `입학년도는 2020년부터 ${seoulYear() + 10}년 사이에서 선택해주세요.` });
    }
    expect((await getStudent(session, usSeq, YEAR)).admsYear).toBe(2026);

    const dup = saveStudent(session, { fields: studentFields("990000001"), year: YEAR });
    await expect(dup).rejects.toBeInstanceOf(LegacyError);
    await expect(dup).rejects.toMatchObject({ message: OWN_MSG.studentIdTaken });

    const prof = await saveProfessor(session, {
      fields: {
        name: "장현석", id: "990001", gndr: "M", emplyDate: "2020-03-01", emplyCd: "0001100001", rsgntDate: "", jobCd: "0000500003",
        dptCd: "0000300005", school: "경희대학교 의과대학", trngAgcy: "", telNo1: "010", telNo2: "1111", telNo3: "2222", email: "", emailCd: "",
      },
      year: YEAR,
    });
    expect(prof.message).toBe(MSG.created);
    await deleteStudent(session, usSeq, YEAR);
    await expect(getStudent(session, usSeq, YEAR)).rejects.toMatchObject({ message: MSG.noData });
  });

  it("Excel: template, upload with failures, download", async () => {
    const template = await downloadPeopleTemplate(session, "student", YEAR);
    const bytes = new Uint8Array(await template.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    wb.worksheets[0].addRow(["", "이름만"]);
    const file = new File([new Uint8Array(await wb.xlsx.writeBuffer())], "학생.xlsx");
    const r = await uploadPeopleExcel(session, "student", YEAR, file);
    expect(r).toMatchObject({ successCount: 1, faildCount: 1, failures: [{ row: 3, id: "", message: OWN_MSG.admsYearRequired }] });
    expect(r.message).toContain(MSG.uploadStudentHint);

    // evaluation mode without a configured column: the reason in errorMessage, no file
    const unconfigured = downloadPeopleExcel(session, "student", { year: YEAR, grde: "all", attn: [], value: "", eiSeq: 999, menuSeq: 11 });
    await expect(unconfigured).rejects.toMatchObject({ status: 404, errorMessage: OWN_MSG.evalNoColumns });

    const down = await downloadPeopleExcel(session, "student", { year: YEAR, grde: "all", attn: [], value: "" });
    expect(down.headers.get("content-disposition")).toContain(encodeURIComponent(`학생목록_${YEAR}.xlsx`));
    const named = await downloadResourceFile(session, "professor", "교수_업로드_양식.xlsx", YEAR);
    expect(named.status).toBe(200);
    await expect(downloadResourceFile(session, "professor", "../x", YEAR)).rejects.toBeInstanceOf(Error);
  });
});
