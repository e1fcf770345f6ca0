/**
 * Paging and sorting of every list call (docs/contract.md "Paging and sorting"): one loop over the
 * student, professor, tutor, patient safety, medical law, re-learner, exam analysis and achievement
 * lists. A page is the same rows as the unpaged list in the same sort; `total` counts every match;
 * a sort orders; an unknown sort key changes nothing; sizes and pages out of range are refused.
 * Year 2052 is this file's own (2029 for analyses, whose years end at the current year + 5; 2026
 * for re-learners, whose subject codes exist in the seeded years only; achievements are global).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { digitsId, formData, professorForm, studentForm } from "./people-fixtures";

const server = adminApi();
const { call } = server;

const YEAR = 2052;
const ANALYSIS_YEAR = 2029;
const RELEARN_YEAR = 2026;
const ROWS = 25;
/** Names in no order (some repeated: ties are broken by the list's own order). */
const NAMES = ["한지우", "강서윤", "박하준", "이도윤", "최서연", "정민준", "윤지호", "장하은", "임수아", "오예준", "신유나", "권시우", "황지민"];
const GRADE3 = "0000800003";
const LAW = "0001400001";
const SUBJECT = "0001500001";

interface Person {
  id: string;
  name: string;
  usSeq: number;
}

async function create(path: string, form: Record<string, string>): Promise<Person> {
  const r = await server.api.call(path, undefined, { token: server.admin.accessToken, form: formData({ ...form, year: YEAR }) });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return { id: form.id, name: form.name, usSeq: r.body.result.usSeq };
}

beforeAll(async () => {
  const students: Person[] = [];
  for (let i = 0; i < ROWS; i++) {
    students.push(await create("/api/student/edit.do", studentForm({ name: NAMES[(i * 5) % NAMES.length], id: digitsId("52"), grdeCd: GRADE3 })));
    await create("/api/professor/edit.do", professorForm({ name: NAMES[(i * 7) % NAMES.length], tutorYn: "Y" }));
  }
  const scores = { attn: "0", quiz: "20", rcgnSrvy: "20", ptntSftyRprt: "20", group1: "5", group2: "5", prtcDgr: "0", grd: "HP" };
  const pss = await call("/api/eval/savePtntSftyScre.do", { mode: "insert", year: YEAR, data: students.map((s, i) => ({ ...s, ...scores, quiz: String(i) })) });
  expect(pss.body.status, JSON.stringify(pss.body)).toBe(200);
  for (let i = 0; i < ROWS; i++) {
    const s = students[i];
    const users = [{ usSeq: s.usSeq, id: s.id, name: s.name, score: 50 + i, status: "Y" }];
    const law = await call("/api/medical/edit.do", { lawsInfo: { year: YEAR, smst: `${(i * 3) % 7}학기 ${i}차`, tgetSt: [GRADE3], subj: LAW, totalScore: 100, users } });
    expect(law.body.status, JSON.stringify(law.body)).toBe(200);
    const analysis = await call("/api/analysis/edit.do", { year: ANALYSIS_YEAR, eqaSe: "1", currNm: `${NAMES[(i * 3) % NAMES.length]}과정`, period: `${i}주차`, qestCnt: i });
    expect(analysis.body.status, JSON.stringify(analysis.body)).toBe(200);
  }
  // re-learners: students of the year who are not ones yet
  const taken = new Set(((await call("/api/relearning/list.do", { year: RELEARN_YEAR })).body.result.list as Person[]).map((r) => r.id));
  const pool = ((await call("/api/student/getList.do", { year: RELEARN_YEAR })).body.result.list as Person[]).filter((s) => !taken.has(s.id));
  const data = pool.slice(0, ROWS).map((s) => ({ usSeq: s.usSeq, id: s.id, name: s.name, status: true, subj: [{ subjCd: SUBJECT, reYn: "Y" }] }));
  const relearn = await call("/api/relearning/edit.do", { year: RELEARN_YEAR, data });
  expect(relearn.body.status, JSON.stringify(relearn.body)).toBe(200);
});

interface ListCase {
  path: string;
  body: Record<string, unknown>;
  /** Where the rows are in the reply. */
  rows?: string;
  /** A row's identity. */
  key: string;
  /** A text (or number) sort key shown by the list. */
  sortKey: string;
  /** Rows the unpaged list has at least (page 2 of 10 is full from 20). */
  atLeast?: number;
}

const LISTS: ListCase[] = [
  { path: "/api/student/getList.do", body: { year: YEAR }, key: "usSeq", sortKey: "name" },
  { path: "/api/professor/getList.do", body: { year: YEAR }, key: "usSeq", sortKey: "name" },
  { path: "/api/tutor/getList.do", body: { year: YEAR }, key: "usSeq", sortKey: "name" },
  { path: "/api/eval/getPtntSftyScreList.do", body: { year: YEAR, searchTxt: "" }, key: "pssSeq", sortKey: "name" },
  { path: "/api/medical/list.do", body: { year: YEAR, value: "", tgetSt: "all" }, key: "hlSeq", sortKey: "smst" },
  { path: "/api/relearning/list.do", body: { year: RELEARN_YEAR, value: "" }, key: "rlSeq", sortKey: "name" },
  { path: "/api/analysis/list.do", body: { year: ANALYSIS_YEAR, value: "" }, key: "eqaSeq", sortKey: "currNm" },
  // one point a year, and years end at the current one: the seeded 2010 … 2026 are 17
  { path: "/api/professor/getArchiveChart.do", body: {}, rows: "chartData", key: "year", sortKey: "basic", atLeast: 17 },
];

async function list(c: ListCase, extra: Record<string, unknown> = {}) {
  const r = await call(c.path, { ...c.body, ...extra });
  expect(r.body.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return { rows: r.body.result[c.rows ?? "list"] as Record<string, unknown>[], total: r.body.result.total as number };
}
const keysOf = (c: ListCase, rows: Record<string, unknown>[]) => rows.map((r) => r[c.key]);

/** Non-increasing in code-point order (the database's C collation), empty values last. */
function descending(values: unknown[]): boolean {
  const present = values.filter((v) => v !== null && v !== "");
  if (values.slice(present.length).some((v) => v !== null && v !== "")) return false;
  return present.every((v, i) => i === 0 || !((present[i - 1] as string | number) < (v as string | number)));
}

describe.each(LISTS)("$path", (c) => {
  it("page 2 of size 10 is the 11th–20th row of the unpaged list, in the list's order and in a sort; total counts every row", async () => {
    for (const sort of [undefined, `${c.sortKey}:desc`]) {
      const all = await list(c, sort ? { sort } : {});
      expect(all.rows.length).toBeGreaterThanOrEqual(c.atLeast ?? 20);
      expect(all.total).toBe(all.rows.length);
      const page = await list(c, { page: 2, size: 10, ...(sort ? { sort } : {}) });
      expect(keysOf(c, page.rows)).toEqual(keysOf(c, all.rows.slice(10, 20)));
      expect(page.total).toBe(all.rows.length);
    }
  });

  it("digit strings page as numbers; size alone is page 1; a page past the end is empty with the true total", async () => {
    const all = await list(c);
    expect(keysOf(c, (await list(c, { page: "2", size: "10" })).rows)).toEqual(keysOf(c, all.rows.slice(10, 20)));
    expect(keysOf(c, (await list(c, { size: 5 })).rows)).toEqual(keysOf(c, all.rows.slice(0, 5)));
    const past = await list(c, { page: 1000, size: 100 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(all.rows.length);
  });

  it(`a sort by ${c.sortKey} descending is in order, and ascending is its reverse`, async () => {
    const desc = await list(c, { sort: `${c.sortKey}:desc` });
    expect(descending(desc.rows.map((r) => r[c.sortKey]))).toBe(true);
    const asc = await list(c, { sort: `${c.sortKey}:asc` });
    expect(asc.rows.map((r) => r[c.sortKey])).toEqual(desc.rows.map((r) => r[c.sortKey]).reverse());
  });

  it("an unknown sort key, a bad direction or SQL in the key is ignored: the list's own order", async () => {
    const own = keysOf(c, (await list(c)).rows);
    for (const sort of ["nosuchkey:desc", `${c.sortKey}:sideways`, `${c.sortKey};drop table persons:desc`, "constructor:desc,__proto__"]) {
      expect(keysOf(c, (await list(c, { sort })).rows), sort).toEqual(own);
    }
  });

  it("refuses a size out of 1…100, a page below 1 and a page without a size, with their messages", async () => {
    for (const size of [0, 101, "x", 2.5, -1]) {
      const r = await call(c.path, { ...c.body, page: 1, size });
      expect(r.body, String(size)).toMatchObject({ status: 400, message: OWN_MSG.listSize });
    }
    for (const page of [0, -1, "x"]) {
      const r = await call(c.path, { ...c.body, page, size: 10 });
      expect(r.body, String(page)).toMatchObject({ status: 400, message: OWN_MSG.listPage });
    }
    expect((await call(c.path, { ...c.body, page: 2 })).body).toMatchObject({ status: 400, message: OWN_MSG.listSize });
    expect((await call(c.path, { ...c.body, sort: ["name"] })).body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
  });
});

describe("evaluation mode", () => {
  it("sorts by a configured column, ignores a key that is not configured, and pages the configured rows", async () => {
    const body = { year: YEAR, eiSeq: 1, menuSeq: 11 };
    const own = await call("/api/student/getList.do", body);
    const columns = (own.body.result.columns as { clm: string }[]).map((col) => col.clm);
    expect(columns).toContain("name");
    expect(columns).not.toContain("stSeq");
    const byName = (await call("/api/student/getList.do", { ...body, sort: "name:desc" })).body.result;
    expect(descending(byName.list.map((r: { name: string }) => r.name))).toBe(true);
    // stSeq sorts the ordinary list, but this evaluation does not show it
    expect((await call("/api/student/getList.do", { ...body, sort: "stSeq:desc" })).body.result.list).toEqual(own.body.result.list);
    const page = (await call("/api/student/getList.do", { ...body, sort: "name:desc", page: 2, size: 10 })).body.result;
    expect(page.list).toEqual(byName.list.slice(10, 20));
    expect(page.total).toBe(byName.list.length);
    expect(page.columns).toEqual(own.body.result.columns);
  });
});

describe("downloads", () => {
  it("take the list's sort", async () => {
    const res = await server.api.raw(`/api/analysis/excelDown.do?year=${ANALYSIS_YEAR}&sort=qestCnt:desc`, { token: server.admin.accessToken });
    expect(res.status).toBe(200);
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const counts: number[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) counts.push(Number(row.getCell(6).value));
    });
    expect(counts.length).toBeGreaterThanOrEqual(ROWS);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
