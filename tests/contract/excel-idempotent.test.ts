/**
 * Every Excel upload is idempotent (issue 35 class 2, ADR 0061): for each screen with an upload and
 * a download, the download uploaded as it is changes nothing (no row added, updated or refused, the
 * list's count the same), the same workbook with one cell changed updates one record, and a row
 * whose 년도 says another year is refused with its row number and reason (where the upload is made
 * for a year). The committee members' upload (no year, nothing to change) is in committees.test.ts.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { formData } from "./people-fixtures";

const server = adminApi();

/** The demo data's year with records on every screen. */
const YEAR = 2026;

interface Screen {
  name: string;
  list: string;
  listBody: Record<string, unknown>;
  download: string;
  upload: string;
  /** The upload is made for a year (posted): a row of another year is refused. */
  withYear: boolean;
  /** One cell to change on data row 2 (by header): the new value from the old; absent: nothing a sheet can change but the key. */
  change?: { header: string; to: (old: string) => string | number };
}

const lower = (old: string) => (Number(old) >= 1 ? Number(old) - 1 : Number(old) + 1);

const SCREENS: Screen[] = [
  { name: "R15 volunteer", list: "/api/student/getVolunteerList.do", listBody: { year: YEAR }, download: "/api/student/volunteerExcelDown.do", upload: "/api/student/volunteerExcelUpload.do", withYear: true, change: { header: "활동시간", to: lower } },
  { name: "R16 health care", list: "/api/student/getMedicalList.do", listBody: { year: YEAR }, download: "/api/student/medicalActvtExcelDown.do", upload: "/api/student/medicalActvtExcelUpload.do", withYear: true, change: { header: "활동시간", to: lower } },
  { name: "R17 awards", list: "/api/awards/getPrgmList.do", listBody: { year: YEAR }, download: "/api/awards/excelDown.do", upload: "/api/awards/excelUpload.do", withYear: true, change: { header: "연구주제·수상내용", to: (old) => `${old} 수정` } },
  { name: "R07 seminars", list: "/api/seminar/list.do", listBody: { year: YEAR }, download: "/api/seminar/excelDown.do", upload: "/api/seminar/excelUpload.do", withYear: true },
  { name: "R01 students", list: "/api/student/getList.do", listBody: { year: YEAR, grde: "all" }, download: "/api/student/excelDown.do", upload: "/api/student/excelUpload.do", withYear: true, change: { header: "출신고교", to: (old) => `${old}`.replace(/고등학교$/, "") + "여자고등학교" } },
  { name: "R03 professors", list: "/api/professor/getList.do", listBody: { year: YEAR }, download: "/api/professor/excelDown.do", upload: "/api/professor/excelUpload.do", withYear: true, change: { header: "수련기관", to: (old) => `${old}병원` } },
  { name: "E01 re-learners", list: "/api/relearning/list.do", listBody: { year: YEAR }, download: "/api/relearning/excelDown.do", upload: "/api/relearning/excelUpload.do", withYear: true },
  { name: "E04 patient safety", list: "/api/eval/getPtntSftyScreList.do", listBody: { year: YEAR }, download: "/api/eval/ptntSftyScreExcelDown.do", upload: "/api/eval/ptntSftyScreExcelUpload.do", withYear: true, change: { header: "퀴즈", to: lower } },
  { name: "E06 medical law", list: "/api/medical/list.do", listBody: { year: YEAR }, download: "/api/medical/excelDown.do", upload: "/api/medical/excelUpload.do", withYear: true, change: { header: "점수", to: lower } },
  { name: "E18 exam analysis", list: "/api/analysis/list.do", listBody: { year: YEAR }, download: "/api/analysis/excelDown.do", upload: "/api/analysis/excelUpload.do", withYear: false, change: { header: "문항비율", to: lower } },
  { name: "R06 achievement", list: "/api/professor/getArchiveChart.do", listBody: { year: YEAR }, download: "/api/professor/archiveExcelDown.do", upload: "/api/professor/archiveExcelUpload.do", withYear: false, change: { header: "점수", to: lower } },
];

/** The re-learners' change: the first subject's flag of row 2 flipped (its header is the year's subject). */
const flipFirstFlag = (ws: ExcelJS.Worksheet) => {
  const cell = ws.getRow(2).getCell(4);
  cell.value = String(cell.value) === "Y" ? "N" : "Y";
};

async function downloadSheet(s: Screen) {
  const res = await server.get(`${s.download}?year=${YEAR}`);
  expect(res.status, s.download).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return wb;
}

const headerCol = (ws: ExcelJS.Worksheet, header: string) => {
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ""));
  const at = headers.indexOf(header);
  expect(at, `header ${header}`).toBeGreaterThan(0);
  return at;
};

async function upload(s: Screen, wb: ExcelJS.Workbook) {
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  const r = await server.api.call(s.upload, undefined, { token: server.admin.accessToken, form: formData(s.withYear ? { year: YEAR } : {}, { file: [{ bytes, name: "download.xlsx" }] }) });
  return r.body;
}

async function count(s: Screen): Promise<number> {
  const r = await server.call(s.list, s.listBody);
  expect(r.body.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  const result = r.body.result;
  if (result.chartData) return JSON.stringify(result.chartData).length;
  return Number(result.total ?? result.list.length);
}

describe.each(SCREENS)("$name: the download uploaded again", (s) => {
  it("unchanged changes nothing; one changed cell updates one record; a row of another year is refused", async () => {
    const before = await count(s);
    const wb = await downloadSheet(s);
    const ws = wb.worksheets[0];
    const rows = ws.rowCount - 1;
    expect(rows, "the download has rows").toBeGreaterThan(0);

    // 1. as downloaded: every row succeeds, none added or updated, and the reply says so ('업로드 성공')
    const same = await upload(s, wb);
    expect(same, JSON.stringify(same).slice(0, 600)).toMatchObject({ status: 200, message: MSG.uploadSuccess, faildCount: 0, insertCount: 0, updateCount: 0 });
    expect(same.unchangedCount).toBe(same.successCount);
    expect(same.successCount).toBeGreaterThan(0);
    expect(await count(s)).toBe(before);

    // 2. one cell changed: one record updated, the rest unchanged, the count the same
    if (s.change || s.name.startsWith("E01")) {
      if (s.change) {
        const cell = ws.getRow(2).getCell(headerCol(ws, s.change.header));
        cell.value = s.change.to(String(cell.value ?? ""));
      } else {
        flipFirstFlag(ws);
      }
      const changed = await upload(s, wb);
      expect(changed, JSON.stringify(changed).slice(0, 600)).toMatchObject({ status: 200, faildCount: 0, insertCount: 0, updateCount: 1, unchangedCount: same.successCount - 1 });
      expect(await count(s)).toBe(before);
      // and again: now nothing changes
      expect(await upload(s, wb)).toMatchObject({ status: 200, insertCount: 0, updateCount: 0 });
    }

    // 3. a row of another year: refused with its row number and the reason, nothing else changes
    if (s.withYear) {
      const yearCol = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? "")).indexOf("년도");
      const col = yearCol > 0 ? yearCol : ws.columnCount + 1;
      if (yearCol <= 0) ws.getRow(1).getCell(col).value = "년도";
      ws.getRow(3 <= ws.rowCount ? 3 : 2).getCell(col).value = YEAR - 1;
      const wrong = await upload(s, wb);
      const row = 3 <= ws.rowCount ? 3 : 2;
      expect(wrong, JSON.stringify(wrong).slice(0, 600)).toMatchObject({ status: 200, faildCount: 1, insertCount: 0, updateCount: 0 });
      expect(wrong.failures).toEqual([{ row, id: expect.any(String), message: OWN_MSG.excelYearMismatch.replace("{found}", String(YEAR - 1)).replace("{year}", String(YEAR)) }]);
      expect(await count(s)).toBe(before);
    }
  });
});
