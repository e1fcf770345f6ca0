/**
 * E16 PBL 튜터 평가 (spec 002 §2 screen 16); the long walk without JavaScript, a short walk (the
 * search and the student's evaluations) with it (ADR 0087): the student search (a GET form),
 * a search with no hit ('검색 결과가 없습니다.'), choosing a student and the student's evaluations
 * with the default columns, and evaluation mode with the server's columns, read-only; axe on each.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, longWalkIn, ready, shortWalkIn, signIn } from "./helpers";

const YEAR = new Date().getFullYear() - 1;
const PAGE = "/insert/eval/tutor";
const DEFAULT_COLUMNS = ["학번", "이름", "PBL", "MAP", "CONF", "Peer1", "SCM", "SNAP", "Quiz(개인)", "Quiz(팀)", "지각", "결석", "Peer2", "Dis", "Con", "감점", "총점", "등급"];

/** The year's students searched by number (the demo evaluations belong to the first ones): the first found, its number and name. */
async function yearsStudents(page: Page, testInfo: TestInfo) {
  await page.getByRole("textbox", { name: "학생 검색" }).fill(String(YEAR).slice(0, 2));
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await ready(page, testInfo);
  await expect(page).toHaveURL(/value=\d/);
  // with JavaScript the previous answer stays a moment: the found students have a link each
  const first = page.getByTestId("tutor-students").locator("tbody tr").first();
  await expect(first.getByRole("link", { name: "선택" })).toBeVisible();
  const id = (await first.locator("td").nth(0).textContent())!.trim();
  const name = (await first.locator("td").nth(1).textContent())!.trim();
  expect(id).toMatch(/^\d+$/);
  return { first, id, name };
}

/** A found student's 선택: the student's evaluations. */
async function choose(page: Page, testInfo: TestInfo, found: Locator) {
  await found.getByRole("link", { name: "선택" }).click();
  await ready(page, testInfo);
  await expect(page).toHaveURL(/usSeq=/);
}

test("tutor evaluation: search a student, the student's evaluations, evaluation mode", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  await page.goto(`${PAGE}?year=${YEAR}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "PBL 튜터 평가" })).toBeVisible();
  await expect(page.getByText("학생을 검색하여 선택하면 튜터 평가 목록이 표시됩니다.")).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(DEFAULT_COLUMNS);
  await expectNoAxeViolations(page);

  // no hit
  await page.getByRole("textbox", { name: "학생 검색" }).fill("없는학생이름");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByTestId("tutor-students")).toContainText("검색 결과가 없습니다.");
  await ready(page, testInfo);

  // the year's students by number: the demo evaluations belong to the first ones
  const { first, id, name } = await yearsStudents(page, testInfo);
  await expectNoAxeViolations(page);
  await choose(page, testInfo, first);
  const rows = page.getByTestId("tutor-eval-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(`${name}(${id}) 튜터 평가`)).toBeVisible();
  await expect(page.locator("table").last().getByRole("columnheader")).toHaveText(DEFAULT_COLUMNS);
  for (const row of await rows.all()) {
    await expect(row.locator("td").nth(0)).toHaveText(id);
    await expect(row.locator("td").nth(1)).toHaveText(name);
    await expect(row.locator("td").nth(17)).toHaveText(/^(A\+|A|B\+|B|C\+)$/);
  }
  await expectNoAxeViolations(page);

  // evaluation mode: the server's columns, the same student, read-only
  const query = new URL(page.url()).search;
  await page.goto(`${PAGE}/1/37/${YEAR}${query}`);
  await ready(page, testInfo);
  await expect(page.locator("table").last().getByRole("columnheader")).toHaveText(["년도", "모듈", "학번", "이름", "총점", "등급"]);
  const evalRows = page.locator("table").last().locator("tbody tr");
  expect(await evalRows.count()).toBeGreaterThanOrEqual(3);
  await expect(evalRows.first().locator("td").nth(0)).toHaveText(String(YEAR));
  await expect(evalRows.first().locator("td").nth(2)).toHaveText(id);
  await expect(page.locator("input:not([type=hidden]):not([name=value])")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("short walk (the long walk runs without JavaScript): a student searched and chosen, the student's evaluations shown", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  await page.goto(`${PAGE}?year=${YEAR}`);
  await ready(page, testInfo);
  await expect(page.getByText("학생을 검색하여 선택하면 튜터 평가 목록이 표시됩니다.")).toBeVisible();
  // axe on the search form (the found students' long list is checked by the long walk)
  await expectNoAxeViolations(page);
  const { first, id, name } = await yearsStudents(page, testInfo);
  await choose(page, testInfo, first);
  await expect(page.getByText(`${name}(${id}) 튜터 평가`)).toBeVisible();
  const rows = page.getByTestId("tutor-eval-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(page.locator("table").last().getByRole("columnheader")).toHaveText(DEFAULT_COLUMNS);
  await expect(rows.first().locator("td").nth(0)).toHaveText(id);
  await expect(rows.first().locator("td").nth(17)).toHaveText(/^(A\+|A|B\+|B|C\+)$/);
});
