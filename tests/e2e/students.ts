import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
/**
 * Students an e2e test creates for itself (unique numbers, so that the two projects can run at
 * once), and the Excel helpers the list screens' specs share: the student list's own template
 * with its example row renamed, uploaded through the list's toolbar.
 */
import ExcelJS from "exceljs";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { ready } from "./helpers";

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let serial = 0;
/**
 * A fresh student number starting with `prefix` (a digit per spec file keeps the files apart), then
 * `stem` (the clock's last 8 digits of milliseconds unless given), a serial digit and two random ones.
 */
export const newStudentId = (prefix: string, stem = Date.now().toString().slice(-8)) => `${prefix}${stem}${(serial++ % 10).toString()}${Math.floor(Math.random() * 90 + 10)}`;

export async function loadSheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  return wb;
}

/**
 * The workbook as LibreOffice writes it: `bytes` saved as `name`, converted with `soffice --headless
 * --convert-to xlsx` in a temporary folder (its own profile, so runs side by side don't share one).
 */
export function throughLibreOffice(bytes: Buffer, name = "sheet.xlsx"): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lo-xlsx-"));
  try {
    const src = path.join(dir, "in", name);
    fs.mkdirSync(path.dirname(src));
    fs.writeFileSync(src, bytes);
    execFileSync("soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "xlsx", "--outdir", path.join(dir, "out"), src], { timeout: 120_000, stdio: "ignore" });
    return fs.readFileSync(path.join(dir, "out", name));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads an .xlsx through the list's Excel toolbar. */
export async function uploadExcel(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type=file][name="file"]').setInputFiles({ name, mimeType: XLSX, buffer });
  await page.getByRole("button", { name: "업로드" }).click();
}

/** Creates students of `year` through the student Excel upload (its own template's example row, renamed). */
export async function createStudents(page: Page, testInfo: TestInfo, year: number, names: string[], prefix: string): Promise<{ id: string; name: string }[]> {
  const res = await page.request.get(`/insert/student/document/excel?type=template&year=${year}`);
  expect(res.status()).toBe(200);
  const wb = await loadSheet(await res.body());
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const example = (ws.getRow(2).values as unknown[]).slice(1);
  // one stem for the batch: its numbers differ in their last three digits only, so a search by the
  // stem finds them all (the clock could tick between two of them)
  const stem = Date.now().toString().slice(-8);
  const students = names.map((name) => ({ id: newStudentId(prefix, stem), name }));
  for (const s of students) ws.addRow(example.map((v, i) => (headers[i] === "학번" ? s.id : headers[i] === "이름" ? s.name : v)));
  ws.spliceRows(2, 1);
  await page.goto(`/insert/student/document?year=${year}`);
  await ready(page, testInfo);
  await uploadExcel(page, "학생.xlsx", Buffer.from(await wb.xlsx.writeBuffer()));
  await expect(page.getByTestId("excel-result")).toContainText(`성공 ${students.length}건, 실패 0건`);
  return students;
}

/**
 * Volunteer records (R15) of a student, made through the list's Excel upload in the list's own
 * columns (student, dates and place are a record's natural key, ADR 0061); answers the list's URL
 * searched by the student's number, where only these records show.
 */
export async function createVolunteerRecords(
  page: Page,
  testInfo: TestInfo,
  year: number,
  student: { id: string; name: string },
  records: { start: string; end: string; hours: string; place: string }[],
): Promise<string> {
  const list = `/insert/student/volunteer?year=${year}&value=${student.id}`;
  await page.goto(list);
  await ready(page, testInfo);
  const empty = await page.request.get(`/insert/student/volunteer/excel?type=download&year=${year}&value=${student.id}`);
  expect(empty.status()).toBe(200);
  const headers = ((await loadSheet(await empty.body())).worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Sheet1");
  sheet.addRow(headers);
  for (const r of records) {
    const cells: Record<string, string> = { 학번: student.id, 이름: student.name, 시작일: r.start, 종료일: r.end, 활동시간: r.hours, 장소: r.place };
    sheet.addRow(headers.map((h) => cells[h] ?? ""));
  }
  await uploadExcel(page, "봉사활동.xlsx", Buffer.from(await wb.xlsx.writeBuffer()));
  await expect(page.getByTestId("excel-result")).toContainText(`성공 ${records.length}건, 실패 0건`);
  return list;
}
