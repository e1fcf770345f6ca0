/**
 * The synced reports with shapes of their own (issue 13, part 1), one lean walk per screen, the
 * screens shared between the two projects (JavaScript on and off; ADR 0085), axe on every page
 * state: what a user sees.
 * - R18 counselling: the year list from 2020 with the previous year chosen, a row a year up to it,
 *   the chart drawn on the server (with and without JavaScript) and its text alternative, the
 *   table's numbers the same as the Excel file's;
 * - R19 advisor guidance: three tables (se 1 to 3), each row's total the sum of its ten types, the
 *   numbers the Excel file's;
 * - E10 national exam: a card a year (examinees = the list's total, passes = those marked 합격), the
 *   sort by score held across pages (the server's), the Excel file's rows and cards;
 * - E14 reflection journal: the grade filter, the summary's row the students' own sums, its footer
 *   the sum of each column, the sort by total across pages, the Excel file's two tables and sums.
 * And each in evaluation mode: the server's columns, no sync button; and a sync press (one project
 * per report): the same numbers after it, the button closed for 10 minutes.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { FC_KEYS, JOURNAL_COMPETENCIES } from "../../app/reports/definitions";
import { expectNoAxeViolations, onlyWithJavaScript, onlyWithoutJavaScript, ready, signIn } from "./helpers";
import { def, download, evaluation, num, open, syncs, YEAR } from "./report-helpers";


/** A table's header texts and body cells (text) by its test id. */
async function table(page: Page, testId: string): Promise<{ headers: string[]; rows: string[][]; footer: string[] }> {
  const t = page.getByTestId(testId);
  await expect(t).toBeVisible();
  return t.evaluate((el) => {
    const text = (c: Element) => (c.textContent ?? "").trim();
    const rows = [...el.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map(text)).filter((r) => r.length > 1);
    return { headers: [...el.querySelectorAll("thead th")].map(text), rows, footer: [...el.querySelectorAll("tfoot th, tfoot td")].map(text) };
  });
}

test("R18 counselling chart: the previous year, a row a year, the chart with JavaScript, the same numbers in Excel", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  test.setTimeout(120_000);
  const d = def("R18");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, d.path);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const year = page.getByRole("search").getByLabel("년도");
  await expect(year).toHaveValue(String(YEAR - 1));
  expect(await year.locator("option").last().textContent()).toContain("2020");
  const t = await table(page, "report-table");
  expect(t.headers).toEqual(["년도", "개인상담", "진로상담", "학습상담", "통합학습상담", "체계적 지원 필요 사례", "상담 학생 수"]);
  // the seeded years up to the chosen one, oldest first
  expect(t.rows.map((r) => r[0])).toEqual(Array.from({ length: YEAR - 1 - 2024 + 1 }, (_, i) => String(2024 + i)));
  await expect(page.getByTestId("total")).toHaveCount(0);
  // the chart: drawn on the server (ADR 0043), with or without JavaScript, hidden from assistive technology; its text alternative for everyone
  await expect(page.getByTestId("report-chart-alt")).toHaveText(`연도별 상담 유형별 건수 막대 차트 (2024년부터 ${YEAR - 1}년까지): 개인상담, 진로상담, 학습상담, 통합학습상담, 체계적 지원 필요 사례. 같은 수치는 아래 표에 있습니다.`);
  await expect(page.getByTestId("report-chart").locator("svg .recharts-bar-rectangle path").first()).toBeVisible();
  await expect(page.getByTestId("report-chart")).toHaveAttribute("aria-hidden", "true");
  // a group of bars a year: the axis's labels are the table's years
  await expect(page.getByTestId("report-chart").locator(".recharts-xAxis .recharts-cartesian-axis-tick-value")).toHaveText(t.rows.map((r) => `${r[0]}년`));
  await expect(page.getByTestId("report-chart").locator(".static-chart-legend li")).toHaveText(["개인상담", "진로상담", "학습상담", "통합학습상담", "체계적 지원 필요 사례"]);
  await expectNoAxeViolations(page);

  const { name, sheets } = await download(page);
  expect(name).toContain(`학생_상담_차트_${YEAR - 1}.xlsx`);
  const excel = sheets[0].rows.slice(1).sort((a, b) => Number(a[0]) - Number(b[0]));
  expect(excel.map((r) => r.map(String))).toEqual(t.rows.map((r) => r.map((c) => c.replace(/,/g, ""))));

  // another year: the rows up to it (2020 to 2023 have no records)
  await year.selectOption("2024");
  await expect(page).toHaveURL(/year=2024/);
  await ready(page, testInfo);
  await expect.poll(async () => (await table(page, "report-table")).rows.map((r) => r[0])).toEqual(["2024"]);
  await expectNoAxeViolations(page);
  await syncs(page, testInfo, "no-js", async () => (await table(page, "report-table")).rows);

  await evaluation(page, testInfo, "R18", ["년도", "개인상담", "진로상담", "학습상담", "상담 학생 수"]);
});

test("R19 advisor guidance: three tables, each row's total its types' sum, the same numbers in Excel", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  const d = def("R19");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${d.path}?year=2025`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const kinds = ["개별 면담", "집단 지도", "비대면 상담"];
  for (const [i, kind] of kinds.entries()) await expect(page.getByRole("heading", { level: 2, name: kind })).toBeVisible();
  const screen: string[][] = [];
  for (const [i, kind] of kinds.entries()) {
    const t = await table(page, `report-section-${i + 1}`);
    expect(t.headers).toEqual(["년도", "학업", "진로", "대인관계", "심리·정서", "건강", "경제", "가정", "학교생활 적응", "연구·진학", "기타", "합계"]);
    expect(t.rows.map((r) => r[0])).toEqual(["2025", "2024"]);
    for (const r of t.rows) expect(num(r[11])).toBe(r.slice(1, 11).reduce((s, c) => s + num(c), 0));
    screen.push(...t.rows.map((r) => [kind, ...r.map((c) => c.replace(/,/g, ""))]));
  }
  await expect(page.getByTestId("total")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await syncs(page, testInfo, "js", async () => (await table(page, "report-section-1")).rows);

  const { name, sheets } = await download(page);
  expect(name).toContain("지도교수_상담_통계_2025.xlsx");
  expect(sheets[0].rows[0][0]).toBe("구분");
  const excel = sheets[0].rows.slice(1).map((r) => r.map(String));
  expect(excel.sort()).toEqual([...screen].sort());

  await evaluation(page, testInfo, "R19", ["년도", "구분", "학업", "진로", "합계"]);
});

test("E10 national exam: a card a year, the sort by score across pages, the rows and cards in Excel", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E10");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${d.path}?year=2025&size=10`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const total = num((await page.getByTestId("total").textContent())!);
  expect(total).toBeGreaterThan(20);
  const cards = page.getByTestId("report-card");
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ has: page.getByRole("heading", { name: "2025년" }) });
  await expect(card.getByTestId("card-allCnt")).toHaveText(`${total}명`);
  // the passes: the list sorted by 합격여부 puts the few 'N' first
  await open(page, testInfo, `${d.path}?year=2025&size=50&sort=passYn:asc`);
  // the pass column in words (issue 35 §7), never the wire's Y/N; sorted ascending, the fails ('N') first
  const passes = (await table(page, "report-table")).rows.map((r) => r[5]);
  expect(new Set(passes)).toEqual(new Set(["불합격", "합격"]));
  expect(passes).toEqual([...passes].sort((a, b) => (a === b ? 0 : a === "불합격" ? -1 : 1)));
  const failed = passes.filter((p) => p === "불합격").length;
  expect(failed).toBeLessThan(total / 5);
  await expect(card.getByTestId("card-pCnt")).toHaveText(`${total - failed}명`);
  await expect(card.getByTestId("card-avgPass")).toHaveText(`${(Math.round(((total - failed) / total) * 10_000) / 100).toFixed(2)}%`);
  await expectNoAxeViolations(page);

  // the header sorts on the server: page 2 goes on where page 1 stopped
  await open(page, testInfo, `${d.path}?year=2025&size=10`);
  const header = page.getByTestId("report-table").getByRole("columnheader", { name: "점수" }).getByRole("link");
  await header.click();
  await expect(page).toHaveURL(/sort=score%3Aasc|sort=score:asc/);
  await ready(page, testInfo);
  await page.getByTestId("report-table").getByRole("columnheader", { name: "점수" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=score%3Adesc|sort=score:desc/);
  await ready(page, testInfo);
  const first = (await table(page, "report-table")).rows.map((r) => num(r[4]));
  expect(first).toEqual([...first].sort((a, b) => b - a));
  await page.getByRole("link", { name: "2 페이지", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await ready(page, testInfo);
  const second = (await table(page, "report-table")).rows.map((r) => num(r[4]));
  expect(second).toHaveLength(10);
  expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));
  expect(second).toEqual([...second].sort((a, b) => b - a));
  await expectNoAxeViolations(page);
  await syncs(page, testInfo, "no-js", async () => [await page.getByTestId("report-card").allTextContents(), (await table(page, "report-table")).rows]);

  const { name, sheets } = await download(page);
  expect(name).toContain("의사국가시험_합격률_2025.xlsx");
  expect(sheets[0].rows.length - 1).toBe(total);
  expect(sheets[1].name).toBe("연도별 합격률");
  expect(sheets[1].rows[1].slice(0, 3)).toEqual([2025, total, total - failed]);

  await evaluation(page, testInfo, "E10", ["년도", "이름", "학번", "점수", "합격여부"]);
  // the server's columns in evaluation mode show the pass flag in words too
  const evalPasses = (await page.getByTestId("eval-table").locator("tbody tr td:last-child").allTextContents()).map((c) => c.trim());
  expect(evalPasses.length).toBeGreaterThan(0);
  for (const p of evalPasses) expect(["합격", "불합격"]).toContain(p);
});

test("E14 reflection journal: the grade filter, the summary's sums and footer, the sort across pages, both tables in Excel", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E14");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${d.path}?year=2025`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const filter = page.getByRole("search");
  await filter.getByLabel("학년", { exact: true }).selectOption({ label: "5학년" });
  await filter.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/grdSeq=5/);
  await ready(page, testInfo);
  const t = await table(page, "report-table");
  expect(t.headers).toEqual(["년도", "학년", "이름", "학번", ...JOURNAL_COMPETENCIES, "합계"]);
  expect(new Set(t.rows.map((r) => r[1]))).toEqual(new Set(["5학년"]));
  for (const r of t.rows) expect(num(r[14])).toBe(r.slice(4, 14).reduce((s, c) => s + num(c), 0));
  const total = num((await page.getByTestId("total").textContent())!);

  // every student of the grade (the pages of 50), summed, is the summary's row
  const students: string[][] = [];
  for (let p = 1; p <= Math.ceil(total / 50); p++) {
    await open(page, testInfo, `${d.path}?year=2025&grdSeq=5&size=50&page=${p}`);
    students.push(...(await table(page, "report-table")).rows);
  }
  expect(students).toHaveLength(total);
  const s = await table(page, "report-summary");
  expect(s.headers).toEqual(["년도", "학년", "학생 수", ...JOURNAL_COMPETENCIES, "합계"]);
  expect(s.rows).toHaveLength(1);
  expect(s.rows[0].slice(0, 3)).toEqual(["2025", "5학년", String(total)]);
  FC_KEYS.forEach((_k, i) => expect(num(s.rows[0][3 + i]), JOURNAL_COMPETENCIES[i]).toBe(students.reduce((sum, r) => sum + num(r[4 + i]), 0)));
  expect(num(s.rows[0][13])).toBe(students.reduce((sum, r) => sum + num(r[14]), 0));
  expect(s.footer).toEqual(["합계", "", ...s.rows[0].slice(2)]);
  await expectNoAxeViolations(page);

  // both grades: the footer sums each column of the summary
  await open(page, testInfo, `${d.path}?year=2025&size=10&sort=totalCnt:desc`);
  const both = await table(page, "report-summary");
  expect(both.rows.map((r) => r[1])).toEqual(["5학년", "6학년"]);
  expect(both.footer.slice(2).map(num)).toEqual(both.rows[0].slice(2).map((c, i) => num(c) + num(both.rows[1][2 + i])));
  // sorted by total on the server: page 2 goes on where page 1 stopped
  const first = (await table(page, "report-table")).rows.map((r) => num(r[14]));
  await page.getByRole("link", { name: "2 페이지", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await ready(page, testInfo);
  const second = (await table(page, "report-table")).rows.map((r) => num(r[14]));
  expect(first).toEqual([...first].sort((a, b) => b - a));
  expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));
  await expectNoAxeViolations(page);
  await syncs(page, testInfo, "js", async () => [(await table(page, "report-summary")).footer, (await table(page, "report-table")).rows]);

  const { name, sheets } = await download(page);
  expect(name).toContain("포트폴리오_성찰일지_2025.xlsx");
  expect(sheets[0].rows[0]).toEqual(["년도", "학년", "이름", "학번", ...JOURNAL_COMPETENCIES, "합계"]);
  expect(sheets[0].rows.length - 1).toBe(num((await page.getByTestId("total").textContent())!));
  expect(sheets[1].name).toBe("년도·학년별 요약");
  expect(sheets[1].rows.slice(1).map((r) => r.map(String))).toEqual([...both.rows.map((r) => r.map((c) => c.replace(/,/g, ""))), both.footer.map((c) => c.replace(/,/g, ""))]);

  await evaluation(page, testInfo, "E14", ["년도", "학년", "이름", "학번", "합계"]);
});
