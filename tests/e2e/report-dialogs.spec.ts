/**
 * The synced reports with a detail dialog per row (issue 13, part 2), one walk per screen, the
 * screens shared between the two projects (JavaScript on and off; ADR 0085), axe on the page and
 * with the dialog open: filter, open a row's dialog (URL state: `dialog=preview&seq=`, the filters
 * kept), read what it shows from the demo rows, close it back to the same list; the Excel file;
 * evaluation mode (the server's columns, no sync button, no dialog links); a sync press by one
 * project per report.
 * - R20 curriculum evaluation methods: a text of 100 characters or more shortened with a link, the
 *   dialog with it whole (the same as the Excel file's), the sort by grade on the server;
 * - E07 course evaluation method: the category filter and item text, the preview's final
 *   evaluation, item tables with the score types in words, self-evaluation;
 * - E20 core-subject satisfaction: the department filter, the dialog's overview the row's numbers,
 *   the questions' averages under the questionnaire's sections;
 * - E21 rotation satisfaction: several years, the rotation (dtSeq) select, the five groups 1_1 … 5_7.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { OPER_SATISFACTION_SECTIONS, ROTATION_SURVEY_GROUPS } from "../../app/reports/details.server";
import { expectNoAxeViolations, jsEnabled, onlyWithJavaScript, onlyWithoutJavaScript, ready, signIn } from "./helpers";
import { def, download, evaluation, num, open, syncs } from "./report-helpers";


/** A table's header texts and body cells (text) by its test id. */
async function table(scope: Page | Locator, testId: string): Promise<{ headers: string[]; rows: string[][] }> {
  const t = scope.getByTestId(testId);
  await expect(t).toBeVisible();
  return t.evaluate((el) => {
    const text = (c: Element) => (c.textContent ?? "").trim();
    const rows = [...el.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map(text)).filter((r) => r.length > 1);
    return { headers: [...el.querySelectorAll("thead th")].map(text), rows };
  });
}

/** Submits the filter form (a select submits itself with JavaScript; the button is pressed in both). */
async function search(page: Page, testInfo: TestInfo, url: RegExp) {
  await page.getByRole("search").getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(url);
  await ready(page, testInfo);
}

/**
 * Opens a row's dialog by its link: the URL keeps the list's filters and adds the dialog; the
 * dialog (titled) is modal with JavaScript, in the page without. Answers the dialog.
 */
async function openDialog(page: Page, testInfo: TestInfo, link: Locator, title: string, kept: RegExp) {
  await link.click();
  await expect(page).toHaveURL(/dialog=preview&seq=\d+/);
  await expect(page).toHaveURL(kept);
  await ready(page, testInfo);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  if (jsEnabled(testInfo)) await expect(dialog).toHaveAttribute("data-modal", "");
  return dialog;
}

/** Closes the dialog (the ✕ button with JavaScript, the 닫기 link without): back to the list with its filters. */
async function closeDialog(page: Page, testInfo: TestInfo, dialog: Locator, kept: RegExp) {
  await dialog.getByRole(jsEnabled(testInfo) ? "button" : "link", { name: "닫기" }).click();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(kept);
  await ready(page, testInfo);
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** A dialog section's label/value line. */
const line = (dialog: Locator, label: string) => dialog.getByTestId(`detail-${label}`);

test("R20 curriculum evaluation: the sort by grade, a long text shortened and whole in its dialog, the same text in Excel", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("R20");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${d.path}?year=2025`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const t = await table(page, "report-table");
  expect(t.headers).toEqual(["년도", "학년", "학기", "과정명", "평가 구분", "평가방법(영역) 비중", "재교육 방법", "미이수 기준", "비대면 평가 계획"]);
  expect(num((await page.getByTestId("total").textContent())!)).toBe(11);
  // sorted by grade (descending) on the server
  await page.getByTestId("report-table").getByRole("columnheader", { name: "학년" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=grade(%3A|:)asc/);
  await ready(page, testInfo);
  await page.getByTestId("report-table").getByRole("columnheader", { name: "학년" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=grade(%3A|:)desc/);
  await ready(page, testInfo);
  await expect.poll(async () => (await table(page, "report-table")).rows.map((r) => r[1])).toEqual([...Array(6).fill("4학년"), ...Array(5).fill("3학년")]);
  await expectNoAxeViolations(page);

  // a long text: its first 40 characters, '…' and a link; the dialog has it whole
  const row = page.getByTestId("report-row").filter({ has: page.getByRole("link", { name: /^재교육 방법 전체 보기: / }) }).first();
  const course = (await row.locator("td").nth(3).textContent())!.trim();
  const cell = (await row.locator("td").nth(6).textContent())!.trim();
  expect(cell).toMatch(/^.{40}… 전체 보기$/u);
  const start = cell.replace(/… 전체 보기$/, "");
  await expect(page.getByTestId("report-row").filter({ hasText: "재시험 1회 실시" }).first().getByRole("link", { name: /^재교육 방법 전체 보기/ })).toHaveCount(0);
  const kept = /year=2025.*sort=grade/;
  const smst = (await row.locator("td").nth(2).textContent())!.trim();
  const dialog = await openDialog(page, testInfo, row.getByRole("link", { name: `재교육 방법 전체 보기: 2025년 ${course}` }), `2025년 ${smst} ${course} 학습평가 방법`, kept);
  const whole = (await line(dialog, "재교육 방법").textContent())!;
  expect(whole.startsWith(start)).toBe(true);
  expect([...whole].length).toBeGreaterThanOrEqual(100);
  await expect(line(dialog, "과정명")).toHaveText(course);
  await expect(line(dialog, "학년")).toHaveText("4학년");
  const methods = await table(dialog, "detail-table-1");
  expect(methods.headers).toEqual(["평가방법", "평가영역", "비중(%)"]);
  expect(methods.rows.reduce((s, r) => s + num(r[2]), 0)).toBe(100);
  expect((await row.locator("td").nth(5).textContent())!.trim()).toBe(methods.rows.map((r) => `${r[0]}(${r[1]}) ${r[2]}%`).join(", "));
  await expectNoAxeViolations(page);
  await closeDialog(page, testInfo, dialog, kept);

  const { name, rows } = await download(page);
  expect(name).toContain("통합교육과정_학습평가_방법_2025.xlsx");
  expect(rows.find((r) => r[3] === course)![6]).toBe(whole);
  await syncs(page, testInfo, "js", async () => (await table(page, "report-table")).rows);
  await evaluation(page, testInfo, "R20", ["년도", "학년", "학기", "과정명", "평가 구분"]);
});

test("E07 course evaluation method: category and item text, the preview from the row's JSON with the score types in words", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E07");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${d.path}?year=2025`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const filter = page.getByRole("search");
  await filter.getByLabel("구분", { exact: true }).selectOption({ label: "필수 임상실습" });
  await filter.getByRole("textbox", { name: "검색어" }).fill("수술·시술");
  await search(page, testInfo, /currSeq=1/);
  await expect(page).toHaveURL(/value=/);
  const t = await table(page, "report-table");
  expect(t.headers).toEqual(["번호", "년도", "구분", "진료과", "평가 항목 수", "최종 평가", "통과 점수", "총점", "최종수정일", "미리보기"]);
  // the surgical departments of the required practice
  expect(t.rows.map((r) => r[3]).sort()).toEqual(["산부인과", "외과"]);
  // eight scored items and one or two free ones
  for (const r of t.rows) expect(r.slice(1, 6)).toEqual(["2025", "필수 임상실습", r[3], expect.stringMatching(/^(9|10)$/), "절대평가(필수)"]);
  await expectNoAxeViolations(page);

  const surgery = t.rows.find((r) => r[3] === "외과")!;
  const kept = /year=2025.*currSeq=1.*value=/;
  const dialog = await openDialog(page, testInfo, page.getByRole("link", { name: "미리보기: 2025년 필수 임상실습 외과" }), "2025년 필수 임상실습 외과 평가방법 미리보기", kept);
  const titles = await dialog.getByTestId("detail-section").getByRole("heading", { level: 3 }).allTextContents();
  expect(titles).toEqual(["최종 평가", expect.stringMatching(/^실습 활동 \(\d+점\)$/), "포트폴리오 (30점)", "평가 (40점)", "자유 항목", "자기평가"]);
  await expect(line(dialog, "평가 방식")).toHaveText("절대평가(필수): 총점이 통과 점수 이상이어야 이수하는 필수 실습입니다.");
  await expect(line(dialog, "통과 점수")).toHaveText(`${surgery[6]}점`);
  await expect(line(dialog, "총점")).toHaveText(`${surgery[7]}점`);
  const practice = await table(dialog, "detail-table-1");
  expect(practice.headers).toEqual(["항목", "점수 유형", "기준", "배점", "필수 여부"]);
  expect(practice.rows[0].slice(0, 2)).toEqual(["외래 참관", "실습 1회당"]);
  expect(practice.rows[0][2]).toMatch(/^1회당 1점, 최대 1[05]점$/);
  expect(practice.rows[1][2]).toMatch(/^\d+회 이상 실습 시 10점, 미달 시 0점$/);
  expect(practice.rows[2]).toEqual(["수술·시술 참여", "횟수 구간별", "3~5회 5점, 5회 초과 10점, 미달 시 0점", "10", "선택"]);
  expect((await table(dialog, "detail-table-2")).rows).toEqual([
    ["증례 보고서", "제출물 평균", "제출물 2건의 평균 점수, 최대 15점", "15", "필수(최소 6점)"],
    ["성찰일지", "기준 달성 시 자동", "4건 달성 시 10점 자동 부여, 미달 시 0점", "10", "선택"],
    ["Mini-CEX", "기준 달성 시 수동", "2건 달성 시 담당 교수가 최대 5점 부여", "5", "선택"],
  ]);
  expect((await table(dialog, "detail-table-3")).rows).toEqual([
    ["지도 교수 평가", "복합", "1회당 2점에 5회 이상 달성 기준을 함께 적용, 최대 20점 · 우수 등급 20점", "20", "선택"],
    ["실습 종료 구술시험", "기준 달성 시 수동", "1건 달성 시 담당 교수가 최대 20점 부여", "20", "필수(최소 8점)"],
  ]);
  expect((await table(dialog, "detail-table-4")).rows[0]).toEqual(["자유 활동 기록", "0", "점수 없이 제출 여부만 확인"]);
  const self = await table(dialog, "detail-table-5");
  expect(self.rows.slice(0, 2)).toEqual([
    ["실습 목표 달성도", "사용", "5", "필수(최소 3점)", "실습 마지막 날 작성"],
    ["출석 및 태도", "사용", "5", "선택", ""],
  ]);
  await expectNoAxeViolations(page);
  await closeDialog(page, testInfo, dialog, kept);

  const { name, rows } = await download(page);
  expect(name).toContain("임상실습_교과목_평가방법_2025.xlsx");
  expect(rows.slice(1).map((r) => String(r[2])).sort()).toEqual(["산부인과", "외과"]);
  expect(rows.find((r) => r[2] === "외과")!.slice(0, 7).map(String)).toEqual(surgery.slice(1, 8));
  await syncs(page, testInfo, "no-js", async () => (await table(page, "report-table")).rows.map((r) => r.slice(0, 8)));
  await evaluation(page, testInfo, "E07", ["년도", "구분", "진료과", "최종수정일"]);
});

test("E20 core-subject satisfaction: the department filter, the dialog's overview and the questions' averages by section", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E20");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${d.path}?year=2025&sort=avgScore:desc`);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const all = await table(page, "report-table");
  expect(all.headers).toEqual(["년도", "진료과", "참여 인원", "평균(5점 만점)", "표준편차", "상세"]);
  expect(all.rows).toHaveLength(6);
  expect(all.rows.map((r) => num(r[3]))).toEqual([...all.rows.map((r) => num(r[3]))].sort((a, b) => b - a));
  await page.getByRole("search").getByLabel("진료과", { exact: true }).selectOption({ label: "소아청소년과" });
  await search(page, testInfo, /dtSeq=3/);
  const t = await table(page, "report-table");
  expect(t.rows.map((r) => r.slice(0, 5))).toEqual(all.rows.filter((r) => r[1] === "소아청소년과").map((r) => r.slice(0, 5)));
  await expectNoAxeViolations(page);

  const [, , stCnt, avg, sd] = t.rows[0];
  const kept = /year=2025.*dtSeq=3/;
  const dialog = await openDialog(page, testInfo, page.getByRole("link", { name: "상세: 2025년 소아청소년과" }), "2025년 소아청소년과 운영 만족도", kept);
  await expect(line(dialog, "진료과")).toHaveText("소아청소년과");
  await expect(line(dialog, "참여 인원")).toHaveText(`${stCnt}명`);
  await expect(line(dialog, "평균(5점 만점)")).toHaveText(avg);
  await expect(line(dialog, "표준편차")).toHaveText(sd);
  const titles = await dialog.getByTestId("detail-section").getByRole("heading", { level: 3 }).allTextContents();
  expect(titles).toEqual(["개요", ...OPER_SATISFACTION_SECTIONS.map((s) => s.title)]);
  const averages: number[] = [];
  for (const [i, sec] of OPER_SATISFACTION_SECTIONS.entries()) {
    const q = await table(dialog, `detail-table-${i + 1}`);
    expect(q.headers).toEqual(["문항", "평균"]);
    expect(q.rows.map((r) => r[0])).toEqual([...sec.qest]);
    for (const r of q.rows) expect(r[1]).toMatch(/^[1-5]\.\d{2}$/);
    averages.push(...q.rows.map((r) => num(r[1])));
  }
  // the overall average is the questions' (every respondent answers every question)
  expect(Math.abs(averages.reduce((a, b) => a + b, 0) / averages.length - num(avg))).toBeLessThan(0.01);
  await expectNoAxeViolations(page);
  await closeDialog(page, testInfo, dialog, kept);

  const { name, rows } = await download(page);
  expect(name).toContain("핵심과목_임상실습_운영_만족도_결과_2025.xlsx");
  expect(rows).toHaveLength(2);
  expect(rows[1].slice(0, 5).map(String)).toEqual(["2025", "소아청소년과", stCnt, avg.replace(/0$/, "").replace(/\.$/, ""), sd.replace(/0$/, "").replace(/\.$/, "")]);
  expect(rows[1].slice(5).map(Number)).toEqual(averages);
  await syncs(page, testInfo, "js", async () => (await table(page, "report-table")).rows);
  // a row that is not on the listed page: the catalogue's message (spec 002 §8), no dialog
  await open(page, testInfo, `${d.path}?year=2025&dtSeq=3&dialog=preview&seq=1`);
  await expect(page.getByTestId("alert-region")).toHaveText(/^알림\s*데이터 조회에 실패하였습니다\.$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await evaluation(page, testInfo, "E20", ["년도", "진료과", "참여 인원", "평균(5점 만점)", "표준편차"]);
});

test("E21 rotation satisfaction: two years and a rotation, the dialog's five groups 1_1 … 5_7", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  test.setTimeout(150_000);
  const d = def("E21");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, d.path);
  await expect(page.getByRole("heading", { level: 1, name: d.title })).toBeVisible();
  const filter = page.getByRole("search");
  const allYears = filter.getByRole("checkbox", { name: "전체" });
  // the year filters start at 2025 (spec 002 §9)
  await filter.getByRole("checkbox", { name: "2025년" }).check();
  await filter.getByRole("checkbox", { name: "2026년" }).check();
  await filter.getByLabel("진료과", { exact: true }).selectOption({ label: "응급의학과" });
  await search(page, testInfo, /dtSeq=7/);
  const t = await table(page, "report-table");
  expect(t.headers).toEqual(["년도", "진료과", "응답 인원", "전체 평균(5점 만점)", "상세"]);
  expect(t.rows.map((r) => r.slice(0, 2))).toEqual([
    ["2026", "응급의학과"],
    ["2025", "응급의학과"],
  ]);
  await expectNoAxeViolations(page);

  const [, , stCnt, avg] = t.rows[1];
  const kept = /^(?=.*year=2025)(?=.*year=2026)(?=.*dtSeq=7)/;
  const dialog = await openDialog(page, testInfo, page.getByRole("link", { name: "상세: 2025년 응급의학과" }), "2025년 응급의학과 순환 만족도", kept);
  await expect(line(dialog, "응답 인원")).toHaveText(`${stCnt}명`);
  await expect(line(dialog, "전체 평균(5점 만점)")).toHaveText(avg);
  const titles = await dialog.getByTestId("detail-section").getByRole("heading", { level: 3 }).allTextContents();
  expect(titles).toEqual(["개요", "1. 실습 준비와 운영", "2. 지도와 피드백", "3. 실습 환경", "4. 환자안전과 학생 보호", "5. 학습 성과와 전반적 만족"]);
  const averages: number[] = [];
  for (const [i, g] of ROTATION_SURVEY_GROUPS.entries()) {
    const q = await table(dialog, `detail-table-${i + 1}`);
    expect(q.headers).toEqual(["번호", "문항", "평균"]);
    expect(q.rows.map((r) => r[0])).toEqual(g.qest.map((_x, j) => `${i + 1}_${j + 1}`));
    expect(q.rows.map((r) => r[1])).toEqual([...g.qest]);
    for (const r of q.rows) expect(r[2]).toMatch(/^[1-5]\.\d{2}$/);
    averages.push(...q.rows.map((r) => num(r[2])));
  }
  expect(averages).toHaveLength(26);
  expect(Math.abs(averages.reduce((a, b) => a + b, 0) / averages.length - num(avg))).toBeLessThan(0.01);
  await expectNoAxeViolations(page);
  await closeDialog(page, testInfo, dialog, kept);
  await expect(filter.getByRole("checkbox", { name: "2026년" })).toBeChecked();

  const { name, rows } = await download(page);
  expect(name).toContain("임상실습_순환_만족도_조사.xlsx");
  expect(rows[0].slice(0, 5)).toEqual(["년도", "진료과", "응답 인원", "전체 평균(5점 만점)", "1_1"]);
  expect(rows[0]).toHaveLength(30);
  expect(rows.find((r) => r[0] === 2025)!.slice(4).map(Number)).toEqual(averages);
  await syncs(page, testInfo, "no-js", async () => (await table(page, "report-table")).rows);
  await evaluation(page, testInfo, "E21", ["년도", "진료과", "응답 인원", "전체 평균(5점 만점)"]);
});
