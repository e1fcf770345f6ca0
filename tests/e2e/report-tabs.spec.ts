/**
 * The synced reports with grouped headers, tabs, multi-key sort and two tables (issue 13, part 2),
 * one walk per screen, the screens shared between the two projects (JavaScript on and off; ADR
 * 0085), axe on every page state: what a user sees.
 * - E05 reflection summary: the two-row header (five competencies under one group), each row's
 *   sum, the search on the rotation, 'load data' disabled outside evaluation mode and loading the
 *   evaluation's data in it, the Excel file's rows;
 * - E12 graduation outcome portfolio by period: two tabs as links (aria-current), the period
 *   outcomes sorted by two keys (year ascending, grade descending: the order on screen, the places
 *   and aria-sort on the primary key), their averages those of the by-student tab's rows, the
 *   by-student tab paged at 10 with its own search and sort held across pages, Excel per tab;
 * - E23 graduate-competency self-evaluation: table 1 (averages by year and grade, the three periods
 *   grouped) above table 2 (students, 10 a page), the search on name and number, the sort on year
 *   and grade across pages, both tables in Excel.
 * Each in evaluation mode (the server's columns, no sync button) and a sync press (one project each).
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { GRADUATION_COMPETENCIES } from "../../app/reports/definitions";
import { expectNoAxeViolations, onlyWithJavaScript, onlyWithoutJavaScript, ready, signIn } from "./helpers";
import { def, download, num, open, syncs, YEAR } from "./report-helpers";

const COMPETENCIES = [...GRADUATION_COMPETENCIES];

/** A table by its test id: its header rows (texts), body rows (texts). */
async function table(page: Page, testId: string): Promise<{ heads: string[][]; rows: string[][] }> {
  const t = page.getByTestId(testId);
  await expect(t).toBeVisible();
  return t.evaluate((el) => {
    const text = (c: Element) => (c.querySelector(".sort-link")?.childNodes[0]?.textContent ?? c.textContent ?? "").trim();
    return {
      heads: [...el.querySelectorAll("thead tr")].map((r) => [...r.querySelectorAll("th")].map(text)),
      rows: [...el.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map((c) => (c.textContent ?? "").trim())).filter((r) => r.length > 1),
    };
  });
}

/** A header's sort link (its name starts with the column's label; a sorted one says its place). */
const sortLink = (page: Page, testId: string, label: string) => page.getByTestId(testId).getByRole("link", { name: new RegExp(`^${label}( |$)`) });

async function clickTo(page: Page, testInfo: TestInfo, link: ReturnType<Page["getByRole"]>, url: RegExp) {
  await link.click();
  await expect(page).toHaveURL(url);
  await ready(page, testInfo);
}

const menuSeq = (path: string) => SEED_MENUS.find((m) => m.menuUrl === path)!.menuSeq;

/** The menu page of the screen's group links it (the side menu's way there). */
async function reachedByMenu(page: Page, testInfo: TestInfo, path: string) {
  const parent = SEED_MENUS.find((m) => m.menuUrl === path)!.upprMenuSeq;
  await open(page, testInfo, `/menu/${parent}`);
  await expect(page.locator(`main a[href^='${path}?year=']`).first()).toBeVisible();
}

test("E05 reflection summary: grouped headers, each row's sum, the search, 'load data' only in evaluation mode, Excel", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E05");
  await signIn(page, testInfo, "admin");
  // the side menu reaches the screen
  await reachedByMenu(page, testInfo, d.path);
  await open(page, testInfo, `${d.path}?year=2025`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const t = await table(page, "report-table");
  expect(t.heads).toEqual([["년도", "학년", "이름", "학번", "항목", "졸업역량별 제출 건수", "합계", "최종수정일"], COMPETENCIES]);
  await expect(page.getByTestId("report-table").getByRole("columnheader", { name: "졸업역량별 제출 건수" })).toHaveAttribute("colspan", "5");
  expect(t.rows).toHaveLength(20);
  for (const r of t.rows) {
    expect(r[0]).toBe("2025");
    expect(num(r[10])).toBe(r.slice(5, 10).reduce((s, c) => s + num(c), 0));
    expect(r[11]).toMatch(/^2025-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  }
  // 'load data' looks disabled outside evaluation mode, and says why
  await expect(page.getByRole("button", { name: "데이터 불러오기" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "데이터 불러오기" })).toHaveAccessibleDescription("데이터 불러오기는 평가 화면에서 사용할 수 있습니다.");
  await expectNoAxeViolations(page);

  // the search on the rotation: only its rows; the Excel file carries the same rows
  await page.getByRole("search").getByLabel("검색어").fill("응급의학과");
  await clickTo(page, testInfo, page.getByRole("search").getByRole("button", { name: "검색", exact: true }), /value=/);
  const found = await table(page, "report-table");
  expect(new Set(found.rows.map((r) => r[4]))).toEqual(new Set(["응급의학과 실습"]));
  expect(new Set(found.rows.map((r) => r[1]))).toEqual(new Set(["6학년"]));
  const total = num((await page.getByTestId("total").textContent())!);
  const { name, sheets } = await download(page);
  expect(name).toContain("임상실습_포트폴리오_성찰_요약_2025.xlsx");
  expect(sheets[0].rows[0]).toEqual(["년도", "학년", "이름", "학번", "항목", ...COMPETENCIES, "합계", "최종수정일"]);
  expect(sheets[0].rows.length - 1).toBe(total);
  const first = sheets[0].rows.find((r) => r[3] === found.rows[0][3])!;
  expect(first.map(String)).toEqual(found.rows[0].map((c) => c.replace(/,/g, "")));
  await expectNoAxeViolations(page);
  await syncs(page, testInfo, "js", async () => (await table(page, "report-table")).rows);

  // evaluation mode: the server's columns (flat), 'load data' works: it loads the evaluation's data
  await open(page, testInfo, `${d.path}/1/${menuSeq(d.path)}/${YEAR}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${d.title}`) })).toContainText(`평가 ${YEAR}년`);
  const ev = await table(page, "eval-table");
  expect(ev.heads).toEqual([["년도", "학년", "이름", "학번", "항목", "합계"]]);
  expect(ev.rows.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "동기화" })).toHaveCount(0);
  await clickTo(page, testInfo, page.getByRole("link", { name: "데이터 불러오기" }), new RegExp(`${d.path}/1/${menuSeq(d.path)}/${YEAR}$`));
  expect((await table(page, "eval-table")).rows).toEqual(ev.rows);
  await expectNoAxeViolations(page);
});

test("E12 by period: two tabs as links, a sort by two keys, the averages of the students' rows, the by-student tab paged at 10, Excel per tab", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  test.setTimeout(200_000);
  const d = def("E12");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, d.path);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: `${d.title} 탭` });
  await expect(tabs.getByRole("link")).toHaveText(["시기별 성과", "학생별"]);
  await expect(tabs.getByRole("link", { name: "시기별 성과" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "학생별" })).not.toHaveAttribute("aria-current", /.*/);
  const t1 = await table(page, "report-table");
  expect(t1.heads).toEqual([["년도", "학년", "시기", "학생 수", "졸업역량 평균 (5점 척도)"], COMPETENCIES]);

  // sort: year ascending, then grade ascending, then descending (a second click on 학년)
  await clickTo(page, testInfo, sortLink(page, "report-table", "년도"), /sort=year%3Aasc$|sort=year:asc$/);
  await clickTo(page, testInfo, sortLink(page, "report-table", "학년"), /sort=year(%3A|:)asc(%2C|,)grade(%3A|:)asc/);
  await clickTo(page, testInfo, sortLink(page, "report-table", "학년"), /sort=year(%3A|:)asc(%2C|,)grade(%3A|:)desc/);
  const sorted = await table(page, "report-table");
  expect(sorted.rows.slice(0, 6).map((r) => r.slice(0, 3))).toEqual([
    ["2024", "6학년", "1차"],
    ["2024", "6학년", "2차"],
    ["2024", "6학년", "3차"],
    ["2024", "5학년", "1차"],
    ["2024", "5학년", "2차"],
    ["2024", "5학년", "3차"],
  ]);
  expect(sorted.rows.map((r) => r[0])).toEqual([...sorted.rows.map((r) => r[0])].sort());
  const th = (label: string) => page.getByTestId("report-table").getByRole("columnheader", { name: new RegExp(`^${label}`) });
  await expect(th("년도")).toHaveAttribute("aria-sort", "ascending");
  await expect(th("학년")).not.toHaveAttribute("aria-sort", /.*/);
  await expect(sortLink(page, "report-table", "년도")).toHaveAccessibleName("년도 (정렬 1순위, 오름차순)");
  await expect(sortLink(page, "report-table", "학년")).toHaveAccessibleName("학년 (정렬 2순위, 내림차순)");
  await expect(page.getByTestId("sort-place")).toHaveText(["1 (정렬 1순위, 오름차순)", "2 (정렬 2순위, 내림차순)"]);
  await expectNoAxeViolations(page);
  // the tab's Excel file: the same rows in the same order
  const one = await download(page);
  expect(one.href).toContain("tab=1");
  expect(one.name).toContain("시기별_졸업성과_포트폴리오_평가_시기별_성과.xlsx");
  expect(one.sheets[0].rows.slice(1).map((r) => r.slice(0, 4).map(String))).toEqual(sorted.rows.map((r) => r.slice(0, 4)));

  // the year filter: 2025 only (a new search starts from the default order: year, then grade)
  const filter = page.getByRole("search");
  await filter.getByRole("checkbox", { name: "2025년" }).check();
  await filter.getByRole("checkbox", { name: "전체" }).uncheck();
  await clickTo(page, testInfo, filter.getByRole("button", { name: "검색", exact: true }), /year=2025/);
  await expect(page).toHaveURL(/tab=1/);
  const y2025 = await table(page, "report-table");
  expect(y2025.rows.map((r) => r.slice(0, 3).join(" "))).toEqual(["2025 5학년 1차", "2025 5학년 2차", "2025 5학년 3차", "2025 6학년 1차", "2025 6학년 2차", "2025 6학년 3차"]);
  const outcome = y2025.rows.find((r) => r[1] === "5학년" && r[2] === "2차")!;

  // the other tab: its own defaults (10 a page), its own search and sort
  await clickTo(page, testInfo, tabs.getByRole("link", { name: "학생별" }), /\?tab=2$/);
  await expect(tabs.getByRole("link", { name: "학생별" })).toHaveAttribute("aria-current", "page");
  const t2 = await table(page, "report-table");
  expect(t2.heads).toEqual([["년도", "학년", "이름", "학번", "1차", "2차", "3차", "최종수정일"], [...COMPETENCIES, ...COMPETENCIES, ...COMPETENCIES]]);
  expect(t2.rows).toHaveLength(10);
  await expect(page.getByLabel("페이지당 행 수")).toHaveValue("10");
  await expectNoAxeViolations(page);

  // the by-student rows of 2025 grade 5 averaged are the period outcome's row
  await open(page, testInfo, `${d.path}?tab=2&year=2025&size=50&sort=grade:asc`);
  const students: string[][] = [];
  const count = num(outcome[3]);
  for (let p = 1; students.length < count; p++) {
    if (p > 1) await open(page, testInfo, `${d.path}?tab=2&year=2025&size=50&sort=grade:asc&page=${p}`);
    students.push(...(await table(page, "report-table")).rows.filter((r) => r[1] === "5학년"));
  }
  expect(students).toHaveLength(count);
  COMPETENCIES.forEach((_c, i) => {
    const avg = students.reduce((s, r) => s + num(r[4 + 5 + i]), 0) / count;
    expect(outcome[4 + i], COMPETENCIES[i]).toBe((Math.round(avg * 100) / 100).toFixed(2));
  });

  // by student: sort by grade descending and name, held across pages; search by a number
  await open(page, testInfo, `${d.path}?tab=2&year=2025`);
  await clickTo(page, testInfo, sortLink(page, "report-table", "학년"), /grade(%3A|:)asc/);
  await clickTo(page, testInfo, sortLink(page, "report-table", "학년"), /grade(%3A|:)desc/);
  await clickTo(page, testInfo, sortLink(page, "report-table", "이름"), /grade(%3A|:)desc(%2C|,)name(%3A|:)asc/);
  const p1 = (await table(page, "report-table")).rows;
  expect(p1.every((r) => r[1] === "6학년")).toBe(true);
  const names = p1.map((r) => r[2]);
  expect(names).toEqual([...names].sort(new Intl.Collator("ko", { numeric: true }).compare));
  await clickTo(page, testInfo, page.getByRole("link", { name: "2 페이지", exact: true }), /page=2/);
  const p2 = (await table(page, "report-table")).rows;
  expect(p2).toHaveLength(10);
  expect(new Intl.Collator("ko", { numeric: true }).compare(p2[0][2], names[9])).toBeGreaterThanOrEqual(0);
  await expectNoAxeViolations(page);
  const two = await download(page);
  expect(two.href).toContain("tab=2");
  expect(two.name).toContain("시기별_졸업성과_포트폴리오_평가_학생별_2025.xlsx");
  expect(two.sheets[0].rows[0].slice(0, 5)).toEqual(["년도", "학년", "이름", "학번", "1차 전문직업성"]);

  const someone = p2[3];
  await page.getByRole("search").getByLabel("검색어").fill(someone[3]);
  await clickTo(page, testInfo, page.getByRole("search").getByRole("button", { name: "검색", exact: true }), /value=/);
  await expect(page).toHaveURL(/tab=2/);
  expect((await table(page, "report-table")).rows).toEqual([someone]);
  await expectNoAxeViolations(page);
  // the scores stay; 최종수정일 is the e-portfolio's last sync of the row
  await syncs(page, testInfo, "no-js", async () => (await table(page, "report-table")).rows.map((r) => r.slice(0, -1)));

  // evaluation mode: the tabs, each with the configured columns that are its own (issue 35 §7)
  const evPath = `${d.path}/1/${menuSeq(d.path)}/${YEAR}`;
  await open(page, testInfo, `${evPath}?tab=2`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${d.title}`) })).toContainText(`평가 ${YEAR}년`);
  expect((await table(page, "eval-table")).heads).toEqual([["년도", "학년", "이름", "학번", "3차 전문직업성", "3차 환자 진료"]]);
  await expect(page.getByRole("button", { name: "동기화" })).toHaveCount(0);
  await clickTo(page, testInfo, tabs.getByRole("link", { name: "시기별 성과" }), new RegExp(`${evPath}\\?tab=1$`));
  expect((await table(page, "eval-table")).heads).toEqual([["년도", "학년", "시기", "학생 수", "전문직업성", "환자 진료"]]);
  await expectNoAxeViolations(page);
});

test("E23 self-evaluation: table 1 averages above table 2 students, search, a sort by year and grade across pages, both tables in Excel", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E23");
  await signIn(page, testInfo, "admin");
  await reachedByMenu(page, testInfo, d.path);
  await open(page, testInfo, d.path);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "년도·학년별 시기별 평균" })).toBeVisible();
  // table 1 comes first
  expect(await page.getByTestId("report-summary").evaluate((a) => Boolean(a.compareDocumentPosition(document.querySelector("[data-testid=report-table]")!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
  const t1 = await table(page, "report-summary");
  expect(t1.heads).toEqual([["년도", "학년", "학생 수", "1차", "2차", "3차"], [...COMPETENCIES, ...COMPETENCIES, ...COMPETENCIES]]);
  expect(t1.rows.slice(0, 4).map((r) => [r[0], r[1]])).toEqual([String(YEAR), String(YEAR), String(YEAR), String(YEAR)].map((y, i) => [y, `${i + 3}학년`]));
  const t2 = await table(page, "report-table");
  expect(t2.heads).toEqual([["년도", "학년", "이름", "학번", "1차", "2차", "3차"], [...COMPETENCIES, ...COMPETENCIES, ...COMPETENCIES]]);
  expect(t2.rows).toHaveLength(10);
  await expect(page.getByLabel("페이지당 행 수")).toHaveValue("10");
  await expectNoAxeViolations(page);

  // sort table 2 by year ascending and grade descending, held across pages
  await clickTo(page, testInfo, sortLink(page, "report-table", "년도"), /sort=year(%3A|:)asc/);
  await clickTo(page, testInfo, sortLink(page, "report-table", "학년"), /year(%3A|:)asc(%2C|,)grade(%3A|:)asc/);
  await clickTo(page, testInfo, sortLink(page, "report-table", "학년"), /year(%3A|:)asc(%2C|,)grade(%3A|:)desc/);
  // with JavaScript the address changes a moment before the new rows are drawn: wait for the rows
  await expect.poll(async () => (await table(page, "report-table")).rows.map((r) => `${r[0]} ${r[1]}`)).toEqual(Array(10).fill("2024 6학년"));
  const first = (await table(page, "report-table")).rows;
  await expect(page.getByTestId("report-table").getByRole("columnheader", { name: /^년도/ })).toHaveAttribute("aria-sort", "ascending");
  await clickTo(page, testInfo, page.getByRole("link", { name: "2 페이지", exact: true }), /page=2/);
  await expect(page.getByRole("link", { name: "2 페이지", exact: true })).toHaveAttribute("aria-current", "page");
  const second = (await table(page, "report-table")).rows;
  expect(second).toHaveLength(10);
  expect(second.map((r) => r[0])).toEqual(Array(10).fill("2024"));
  expect(second.map((r) => r[3])).not.toContain(first[0][3]);
  await expectNoAxeViolations(page);

  // the year 2025 and a student's number: table 2 narrows to the student, table 1 stays the year's
  const filter = page.getByRole("search");
  await open(page, testInfo, `${d.path}?year=2025`);
  const year1 = await table(page, "report-summary");
  expect(year1.rows.map((r) => `${r[0]} ${r[1]}`)).toEqual(["2025 3학년", "2025 4학년", "2025 5학년", "2025 6학년"]);
  const someone = (await table(page, "report-table")).rows[2];
  await filter.getByLabel("검색어").fill(someone[3]);
  await clickTo(page, testInfo, filter.getByRole("button", { name: "검색", exact: true }), /value=/);
  expect((await table(page, "report-table")).rows).toEqual([someone]);
  expect((await table(page, "report-summary")).rows).toEqual(year1.rows);
  await filter.getByLabel("검색어").fill(someone[2]);
  await clickTo(page, testInfo, filter.getByRole("button", { name: "검색", exact: true }), new RegExp(`value=${encodeURIComponent(someone[2]).replace(/%20/g, "\\+")}`));
  expect((await table(page, "report-table")).rows.map((r) => r[3])).toContain(someone[3]);
  await expectNoAxeViolations(page);

  // Excel: the students, then the averages (the numbers on screen)
  await open(page, testInfo, `${d.path}?year=2025`);
  const total = num((await page.getByTestId("total").textContent())!);
  const { name, sheets } = await download(page);
  expect(name).toContain("졸업역량_자기평가_2025.xlsx");
  expect(sheets[0].rows.length - 1).toBe(total);
  expect(sheets[1].name).toBe("년도·학년별 시기별 평균");
  expect(sheets[1].rows[0].slice(0, 4)).toEqual(["년도", "학년", "학생 수", "1차 전문직업성"]);
  expect(sheets[1].rows.slice(1).map((r) => r.map(String))).toEqual(year1.rows.map((r) => r.map((c, i) => (i < 2 ? c : String(num(c))))));
  await syncs(page, testInfo, "js", async () => [(await table(page, "report-summary")).rows, (await table(page, "report-table")).rows]);

  // evaluation mode: table 1 as it is, table 2 with the server's columns
  await open(page, testInfo, `${d.path}/1/${menuSeq(d.path)}/${YEAR}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${d.title}`) })).toContainText(`평가 ${YEAR}년`);
  expect((await table(page, "eval-table")).heads).toEqual([["년도", "학년", "이름", "학번", "3차 전문직업성", "3차 지식 적용"]]);
  expect((await table(page, "report-summary")).rows.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "동기화" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
