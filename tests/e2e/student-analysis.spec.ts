/**
 * P18 학생 분석 (ADR 0042), JavaScript on and off: a student the test creates, with volunteer and
 * health-care hours it uploads, shows those sums in its line; the grade and status filters and the
 * search are the URL's; the per-grade tables add up; the charts are drawn with JavaScript and their
 * text alternative stands without it; the Excel download holds the same three tables; axe.
 */
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, jsEnabled, onlyWithoutJavaScript, ready, signIn } from "./helpers";
import { createStudents, loadSheet, uploadExcel } from "./students";

const YEAR = new Date().getFullYear();
const ANALYSIS = "/insert/student/analysis";

/** Adds records of the activity list through its own Excel upload: one row per hours figure. */
async function addHours(page: Page, testInfo: TestInfo, path: string, s: { id: string; name: string }, hours: number[], extra: Record<string, string> = {}) {
  await page.goto(`${path}?year=${YEAR}`);
  await ready(page, testInfo);
  const res = await page.request.get(`${path}/excel?type=download&year=${YEAR}&value=${s.id}`);
  expect(res.status()).toBe(200);
  const headers = ((await loadSheet(await res.body())).worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet("Sheet1");
  sheet.addRow(headers);
  // one record a row: its own dates (student, dates and place are an activity's natural key, ADR 0061)
  for (const [i, h] of hours.entries()) {
    const day = String(1 + 2 * i).padStart(2, "0");
    const next = String(2 + 2 * i).padStart(2, "0");
    const cells: Record<string, string> = { 학번: s.id, 이름: s.name, 시작일: `${YEAR}-04-${day}`, 종료일: `${YEAR}-04-${next}`, 활동시간: String(h), 장소: "분석센터", ...extra };
    sheet.addRow(headers.map((k) => cells[k] ?? ""));
  }
  await uploadExcel(page, "활동.xlsx", Buffer.from(await out.xlsx.writeBuffer()));
  await expect(page.getByTestId("excel-result")).toContainText(`성공 ${hours.length}건, 실패 0건`);
}

const cells = async (page: Page, testId: string) => page.getByTestId(testId).locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));

test("a created student's hours in its line; filters, search, the per-grade tables and the charts", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["분석학생"], "5");
  await addHours(page, testInfo, "/insert/student/volunteer", s, [7, 5]);
  await addHours(page, testInfo, "/insert/student/medical", s, [9], { 국가: "베트남", "활동기관(학교)": "하노이 의과대학" });

  await page.goto(`${ANALYSIS}?year=${YEAR}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "학생 분석" })).toBeVisible();
  const table = page.getByTestId("analysis-students");
  await expect(table.getByRole("columnheader")).toHaveText(["번호", "학번", "이름", "학년", "학적상태", "봉사활동(시간)", "국제보건의료(시간)", "수상(건)", "참여(건)", "환자안전 총점", "의료법규 득점률(%)", "재학습 과목 수"]);

  // each grade's status counts add up to its total, and the totals to the list's count
  const enrolment = await cells(page, "analysis-enrolment");
  expect(enrolment.length).toBeGreaterThan(0);
  for (const row of enrolment) {
    const [, ...counts] = row.map((c) => Number(c.replace(/,/g, "")));
    const total = counts.pop()!;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
  }
  const students = enrolment.reduce((a, r) => a + Number(r[r.length - 1].replace(/,/g, "")), 0);
  await expect(page.getByTestId("total")).toHaveText(`전체 ${students.toLocaleString("ko-KR")}명`);

  // the charts: drawn on the server (ADR 0043), with or without JavaScript, and their text alternative
  await expect(page.getByTestId("enrolment-chart-alt")).toContainText("학년별 학적 현황 막대 차트: ");
  await expect(page.getByTestId("hours-chart-alt")).toHaveText("학년별 평균 활동 시간 막대 차트: 봉사활동 평균(시간), 국제보건의료 평균(시간). 같은 수치는 아래 표에 있습니다.");
  await expect(page.getByTestId("enrolment-chart-panel").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("hours-chart").locator(".static-chart-legend li")).toHaveText(["봉사활동 평균(시간)", "국제보건의료 평균(시간)"]);
  await expectNoAxeViolations(page);

  // the search: our student's line, with the hours uploaded above
  await page.getByLabel("검색어").fill(s.id);
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`value=${s.id}`));
  const line = page.getByTestId("analysis-student");
  await expect(line).toHaveCount(1);
  const [mine] = await cells(page, "analysis-students");
  expect(mine.slice(1, 3)).toEqual([s.id, s.name]);
  expect(mine.slice(5, 9)).toEqual(["12", "9", "0", "0"]);
  expect(mine.slice(9)).toEqual(["-", "-", "-"]);
  const grade = mine[3];

  // another grade only: no line ('검색 결과가 없습니다.'); the student's grade again: the line
  const other = (await page.getByRole("group", { name: "학년" }).getByRole("checkbox").evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent ?? ""))).find((g) => g && g !== "전체" && g !== grade)!;
  const grades = page.getByRole("group", { name: "학년" });
  await grades.getByLabel(other, { exact: true }).check();
  // with JavaScript ticking a grade clears '전체'; without it the user does
  if (jsEnabled(testInfo)) await expect(grades.getByLabel("전체", { exact: true })).not.toBeChecked();
  else await grades.getByLabel("전체", { exact: true }).uncheck();
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  await expect(line).toHaveCount(0);
  expect((await cells(page, "analysis-enrolment")).map((r) => r[0])).toEqual([other]);
  await grades.getByLabel(grade, { exact: true }).check();
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(line).toHaveCount(1);
  expect((await cells(page, "analysis-grades")).map((r) => r[0]).sort()).toEqual([grade, other].sort());
  await expectNoAxeViolations(page);
});

test("the Excel download: the students' lines in the page's filter and sort, and both per-grade tables", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  const [a, b] = await createStudents(page, testInfo, YEAR, ["엑셀분석가", "엑셀분석나"], "5");
  await addHours(page, testInfo, "/insert/student/volunteer", b, [3]);

  // the page's sort (volunteer hours, descending) and search (the two numbers' common start)
  const common = a.id.slice(0, -3);
  await page.goto(`${ANALYSIS}?year=${YEAR}&value=${common}&sort=volunteerHours:desc`);
  await ready(page, testInfo);
  const link = page.getByRole("link", { name: "엑셀 다운로드" });
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent(`학생 분석_${YEAR}.xlsx`));
  const wb = await loadSheet(await res.body());
  expect(wb.worksheets.map((w) => w.name)).toEqual(["학생별", "학년별 학적 현황", "학년별 활동·성적"]);
  const rows = (n: number) => wb.worksheets[n].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1).map((v) => (v === undefined || v === null ? "" : String(v))));
  const students = rows(0);
  expect(students[0]).toEqual(["학번", "이름", "학년", "학적상태", "봉사활동(시간)", "국제보건의료(시간)", "수상(건)", "참여(건)", "환자안전 총점", "의료법규 득점률(%)", "재학습 과목 수"]);
  const ours = students.slice(1).filter((r) => r[0] === a.id || r[0] === b.id);
  expect(ours.map((r) => [r[0], r[1], r[4]])).toEqual([
    [b.id, b.name, "3"],
    [a.id, a.name, "0"],
  ]);
  expect(rows(1)[0].at(-1)).toBe("합계");
  expect(rows(2)[0]).toEqual(["학년", "학생 수", "봉사활동 평균(시간)", "국제보건의료 평균(시간)", "수상(건)", "참여(건)", "환자안전 평균 총점", "의료법규 평균 득점률(%)", "재학습 대상(명)"]);
  // the sheets' grades are the page's
  const pageGrades = (await cells(page, "analysis-grades")).map((r) => r[0]);
  expect(rows(2).slice(1).map((r) => r[0])).toEqual(pageGrades);
});
