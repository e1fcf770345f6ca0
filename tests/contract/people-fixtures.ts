/** Fixtures of the people-record contract tests (students, professors, PBL tutors). */
import { randomInt } from "node:crypto";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { adminApi } from "./client";

let counter = 0;

/** A fresh digits-only id (student or employee number) unlikely to exist. */
export function digitsId(prefix = "9"): string {
  counter += 1;
  return `${prefix}${Date.now().toString().slice(-8)}${String(counter).padStart(3, "0")}${randomInt(10, 99)}`;
}

/** A complete student form (flat fields, as the form posts them). */
export function studentForm(over: Record<string, unknown> = {}): Record<string, string> {
  const base: Record<string, unknown> = {
    name: "한지우",
    admsYear: "2025",
    brdeY: "2006",
    brdeM: "04",
    brdeD: "12",
    highSchool: "휘문고등학교",
    admsSlctn: "0000700004",
    email: "jiwoo.han",
    emailCd: "0000400002",
    id: digitsId(),
    attnCd: "0000600001",
    grdeCd: "0000800002",
    grdtnYear: "",
    birthPlace: "0001000001",
    hsGrdtnYear: "2025",
    telNo1: "010",
    telNo2: "4821",
    telNo3: "0935",
    cohortYn: "Y",
    ...over,
  };
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v == null ? "" : String(v)]));
}

/** A complete professor form. */
export function professorForm(over: Record<string, unknown> = {}): Record<string, string> {
  const base: Record<string, unknown> = {
    name: "윤세영",
    id: digitsId("7"),
    gndr: "W",
    emplyDate: "2015-03-01",
    emplyCd: "0001100001",
    rsgntDate: "",
    jobCd: "0000500002",
    dptCd: "0000300009",
    school: "연세대학교 의과대학",
    trngAgcy: "세브란스병원",
    telNo1: "010",
    telNo2: "3310",
    telNo3: "7702",
    email: "seyoung.yoon",
    emailCd: "0000400007",
    ...over,
  };
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v == null ? "" : String(v)]));
}

/** A multipart body of text fields and files. */
export function formData(fields: Record<string, string | number>, files: Record<string, { bytes: Uint8Array; name: string; type?: string }[]> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  for (const [k, list] of Object.entries(files)) {
    for (const f of list) fd.append(k, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? "application/octet-stream" }), f.name);
  }
  return fd;
}

/** The smallest valid PNG (1×1) and a JPEG header with a little data. */
export const PNG_BYTES = new Uint8Array(
  Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3e4bd2d0000000049454e44ae426082",
    "hex",
  ),
);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/** A downloaded workbook and its first sheet. */
export async function sheetOf(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return { wb, ws: wb.worksheets[0] };
}

/** A sheet row's values from column A. */
export const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

/** A sheet row's values from column A as text (an empty cell as ''). */
export const cellTexts = (ws: ExcelJS.Worksheet, n: number) => rowValues(ws, n).map((v) => (v === null || v === undefined ? "" : String(v)));

/** An upload's workbook: one sheet with the header row and these rows. */
export async function workbook(headers: string[], rows: (string | number | null)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet1");
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A student created through /api/student/edit.do for `year` (the activity and award screens' tests). */
export interface CreatedStudent {
  id: string;
  name: string;
  usSeq: number;
}

export async function createStudent(server: ReturnType<typeof adminApi>, year: number, name: string): Promise<CreatedStudent> {
  const form = studentForm({ name });
  const r = await server.api.call("/api/student/edit.do", undefined, { token: server.admin.accessToken, form: formData({ ...form, year }) });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return { id: form.id, name, usSeq: r.body.result.usSeq };
}
