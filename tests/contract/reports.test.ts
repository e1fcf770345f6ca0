/**
 * The synced reports (issue 12; spec 000 §7 "Synced reports", spec 002 §7; docs/contract.md
 * "Synced reports"), every report definition of app/reports/definitions.ts in turn: the demo data
 * (several years of rows, the seeded students' numbers and names), the data call's filters, paging
 * and sorting, evaluation mode, the sync state without syncing, a button press (the history's new
 * first entry, SELF), the button rule refusing a second press, and the Excel download.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { OWN_MSG } from "../../app/schemas/messages.ko";
import { REPORT_STATE } from "../../app/calls/reports";
import { hasShape, REPORTS, type ReportDef } from "../../app/reports/definitions";
import { adminApi } from "./client";

// the backend signed in as administrator, for this file (client.ts)
const backend = adminApi();

const call = backend.call;
const data = (def: ReportDef, body: Record<string, unknown>) => call(def.data.call.path, { searchTxt: "", ...body, ...def.data.body });
const hasYears = (def: ReportDef) => def.filters.some((f) => f.kind === "year" || f.kind === "years");

/** Seeded students by number: their name in each year. */
async function seededNames(year: number): Promise<Map<string, string>> {
  const r = await call("/api/student/getList.do", { year, grde: "all", attn: "", value: "" });
  expect(r.body.status).toBe(200);
  return new Map((r.body.result.list as { id: string; name: string }[]).map((s) => [s.id, s.name]));
}

// the reports with shapes of their own (issue 13) have their own file: report-shapes.test.ts
describe.each(REPORTS.filter((def) => !hasShape(def)).map((def) => [def.id, def] as const))("%s", (_id, def) => {
  it("answers its rows with the definition's fields, a total and, by year, several years", async () => {
    const r = await data(def, {});
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    const { list, total, yearList } = r.body.result;
    expect(total).toBeGreaterThan(10);
    expect(list.length).toBe(total);
    // a definition's mapRow derives some columns from the wire's fields (E19: num1 … num27 from score)
    const first = def.mapRow ? def.mapRow(list[0]) : list[0];
    for (const c of def.columns) expect(Object.keys(first), c.key).toContain(c.key);
    if (hasYears(def)) expect(yearList.length).toBeGreaterThanOrEqual(2);
  });

  it("ties its student rows to the seeded people records", async () => {
    if (!def.columns.some((c) => c.key === "id") || !def.columns.some((c) => c.key === "name")) return;
    const year = 2025;
    const names = await seededNames(year);
    const r = await data(def, hasYears(def) ? { year } : {});
    const rows = (r.body.result.list as { id: string; name: string; year?: number }[]).filter((x) => x.year === undefined || x.year === year);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 50)) expect(names.get(row.id), row.id).toBe(row.name);
  });

  it("pages, sorts and searches on the server", async () => {
    const all = (await data(def, {})).body.result;
    const page2 = (await data(def, { page: 2, size: 10 })).body.result;
    expect(page2.total).toBe(all.total);
    expect(page2.list).toEqual(all.list.slice(10, 20));
    const sortable = def.columns.find((c) => c.sortable && c.format === "int") ?? def.columns.find((c) => c.sortable)!;
    const sorted = (await data(def, { page: 1, size: 50, sort: `${sortable.key}:desc` })).body.result.list as Record<string, unknown>[];
    const values = sorted.map((x) => x[sortable.key]);
    const copy = [...values].sort((a, b) => (typeof a === "number" && typeof b === "number" ? b - a : String(b).localeCompare(String(a))));
    if (typeof values[0] === "number") expect(values).toEqual(copy);
    // a search text from a row finds it, and only rows containing it
    const sample = all.list[all.list.length - 1] as Record<string, unknown>;
    const key = ["name", "fcName", "tfName", "evName", "currName", "examName", "title"].find((k) => typeof sample[k] === "string" && sample[k])!;
    const text = String(sample[key]);
    const found = (await data(def, { searchTxt: text })).body.result;
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    expect(found.list.some((x: Record<string, unknown>) => x[key] === text)).toBe(true);
    expect((await data(def, { searchTxt: "없는검색어zz" })).body.result.total).toBe(0);
  });

  it("filters by year (one, several, or all)", async () => {
    if (!hasYears(def)) return;
    const one = (await data(def, { year: 2025 })).body.result;
    expect(one.total).toBeGreaterThan(0);
    expect(one.list.every((x: { year: number }) => x.year === 2025)).toBe(true);
    const two = (await data(def, { year: [2025, 2026] })).body.result;
    const all = (await data(def, { year: "" })).body.result;
    expect(two.total).toBeGreaterThan(one.total);
    expect(all.total).toBeGreaterThanOrEqual(two.total);
  });

  it("filters by its selects (the first option narrows the rows to it)", async () => {
    for (const f of def.filters) {
      if (f.kind !== "select") continue;
      const options = f.options ?? (f.from ? (await call(f.from.path, {})).body.result[f.list] : (await data(def, {})).body.result[f.list]);
      expect(options.length, f.name).toBeGreaterThan(1);
      const all = (await data(def, {})).body.result.total;
      const one = (await data(def, { [f.param]: options[0].id })).body.result;
      expect(one.total).toBeGreaterThan(0);
      expect(one.total).toBeLessThan(all);
      expect(one.list.every((x: Record<string, unknown>) => String(x[f.param]) === String(options[0].id))).toBe(true);
    }
  });

  it("answers the evaluation's configured columns in evaluation mode", async () => {
    if (!def.evaluation) return;
    const menu = (await call("/api/comm/menu/getMenuList.do")).body.result.list.find((m: { menuUrl: string }) => m.menuUrl === def.path);
    const r = await data(def, { eiSeq: 1, menuSeq: menu.menuSeq, ...(hasYears(def) ? { year: 2025 } : {}), page: 1, size: 20 });
    expect(r.body.status).toBe(200);
    const { columns, list } = r.body.result;
    expect(columns.length).toBeGreaterThan(0);
    expect(Object.keys(list[0]).sort()).toEqual(columns.map((c: { clm: string }) => c.clm).sort());
  });

  it("tells its sync state, syncs on a button press, and refuses a second press for 10 minutes", async () => {
    const info = async () => (await call(REPORT_STATE.syncInfo.path, { syncUrl: def.sync.call.path, ...def.sync.body })).body;
    const before = await info();
    expect(before.status).toBe(200);
    // the demo data is the last quarterly sync's
    expect(before.result.htList[0]).toMatchObject({ apiSe: "SCHD", codeNm: "정기 동기화", rsltCd: "S" });
    expect(before.result.schedule).toMatchObject({ state: "S", stale: false });
    expect(before.result.syncableDt).toBeNull();
    const synced = await call(def.sync.call.path, { menuSeq: 1, ...def.sync.body });
    expect(synced.body.status, JSON.stringify(synced.body)).toBe(200);
    // the rows pulled are the rows the report then lists (on a PostgreSQL shared with the other
    // contract files, students they added are pulled too: the count before the sync may differ)
    const total = (await data(def, {})).body.result.total;
    expect(total).toBeGreaterThan(0);
    expect(synced.body.result.rowCnt).toBe(total);
    const first = synced.body.result.htList[0];
    expect(first).toMatchObject({ apiSe: "SELF", codeNm: "수동 동기화", userNm: backend.admin.userInfo.userNm, rsltCd: "S" });
    expect(first.regDt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(synced.body.result.htList[1].apiSe).toBe("SCHD");

    const again = await call(def.sync.call.path, { menuSeq: 1, ...def.sync.body });
    expect(again.body.status).toBe(429);
    expect(again.body.message).toMatch(/^최근 동기화 후 10분이 지나야 다시 동기화할 수 있습니다\. \(\d{2}:\d{2}부터 가능\)$/);
    expect(OWN_MSG.syncCooldown.startsWith("최근 동기화 후 10분이")).toBe(true);
    const after = await info();
    expect(after.result.htList[0].regDt).toBe(first.regDt);
    expect(after.result.syncableDt).not.toBeNull();
  });

  it("downloads its rows as a workbook named in Content-Disposition", async () => {
    const body: Record<string, unknown> = { searchTxt: "", ...(hasYears(def) ? { year: 2025 } : {}), ...def.excel.body };
    const res =
      def.excel.call.kind === "download"
        ? await backend.api.raw(`${def.excel.call.path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}`, { token: backend.admin.accessToken })
        : await fetchPost(def.excel.call.path, body);
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(decodeURIComponent(disposition.match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? "")).toBe(`${def.excel.fileName}${hasYears(def) ? "_2025" : ""}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const expected = (await data(def, hasYears(def) ? { year: 2025 } : {})).body.result.total;
    expect(sheet.rowCount - 1).toBe(expected);
  });
});

/** A POST download's raw reply. */
function fetchPost(path: string, body: unknown): Promise<Response> {
  return backend.api.raw(path, { token: backend.admin.accessToken, method: "POST", rawBody: JSON.stringify(body) });
}

describe("the sync state call", () => {
  it("refuses a sync path that is no report's", async () => {
    const r = await call(REPORT_STATE.syncInfo.path, { syncUrl: "/api/ufolio/nothing.do" });
    expect(r.body.status).toBe(400);
  });
});
