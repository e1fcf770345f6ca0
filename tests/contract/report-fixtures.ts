/** The synced reports' contract tests: a report's Excel call, read back. */
import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { ReportDef } from "../../app/reports/definitions";
import type { AdminApi } from "./client";

/**
 * A report's Excel call as the administrator posts it (the report's own body after the filters),
 * answered 200: the file's name from Content-Disposition and each sheet's rows (values from
 * column A); `rows` are the first sheet's.
 */
export async function reportWorkbook(backend: AdminApi, d: ReportDef, body: Record<string, unknown>) {
  const res = await backend.api.raw(d.excel.call.path, { token: backend.admin.accessToken, method: "POST", rawBody: JSON.stringify({ searchTxt: "", ...body, ...d.excel.body }) });
  expect(res.status).toBe(200);
  const name = decodeURIComponent(res.headers.get("content-disposition")?.match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? "");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const sheets = wb.worksheets.map((ws) => ({ name: ws.name, rows: ws.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : [])) as unknown[][] }));
  return { name, sheets, rows: sheets[0].rows };
}
