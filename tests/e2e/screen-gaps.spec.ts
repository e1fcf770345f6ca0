/**
 * Screen gaps of issue 35 class 7 (ADR 0063), with JavaScript on and off, what a user sees:
 * - P06: a preview of a missing file (or of a path outside the storage) is a Korean page, not the
 *   plain-text 'Not Found';
 * - R17: the template asked without a year, or for a year outside the list, is refused with the
 *   reason; the page's own link (with the year) still downloads;
 * - E17: the template asked for 2019 is refused with the years allowed; a professional-staff count
 *   with 'none' also ticked is refused without JavaScript (input kept), and with JavaScript each
 *   clears the other;
 * - R09: the member table shows each member's gender and register date;
 * - E12: the by-period tab searches its rows by year, grade and period.
 * P16 (the reset asked first) is in admin-members.spec.ts, P17 in admin-codes.spec.ts, E10 in
 * report-shapes.spec.ts.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, jsEnabled, ready, signIn } from "./helpers";
import { AWARD_FIRST_YEAR } from "../../app/schemas/awards";
import { SPACE_FIRST_YEAR } from "../../app/schemas/space";

const YEAR = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

test("P06: a preview that cannot be shown is a Korean page", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  for (const route of ["pdfView", "imgView"]) {
    for (const filePath of ["data/no-such-file-35.pdf", "../etc/passwd"]) {
      const res = await page.goto(`/view/${route}.do?filePath=${encodeURIComponent(filePath)}`);
      expect(res?.status(), `${route} ${filePath}`).toBe(404);
      expect(res?.headers()["content-type"]).toBe("text/html; charset=utf-8");
      await expect(page.getByRole("alert")).toHaveText("파일을 찾을 수 없거나 볼 수 있는 권한이 없습니다.");
      await expect(page.locator("html")).toHaveAttribute("lang", "ko");
      await expect(page.getByText("Not Found")).toHaveCount(0);
    }
  }
});

test("R17: the template needs a year of the list", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, "/insert/student/awards/excel?type=template");
  await expect(page).toHaveURL(/\/insert\/student\/awards(\?|$)/);
  await expect(alert(page, "년도를 선택해주세요.")).toBeVisible();
  await expectNoAxeViolations(page);
  await open(page, testInfo, "/insert/student/awards/excel?type=template&year=2019");
  await expect(alert(page, `년도는 ${AWARD_FIRST_YEAR}년부터 ${YEAR}년까지 선택할 수 있습니다.`)).toBeVisible();
  // the page's own link carries the year and downloads the year's sheet
  await open(page, testInfo, `/insert/student/awards?year=${YEAR}`);
  const href = await page.getByRole("link", { name: "양식 다운로드" }).getAttribute("href");
  expect(href).toContain(`year=${YEAR}`);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain(".xlsx");
});

test("E17: the template for 2019 is refused; a count with 'none' ticked is not lost", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, "/insert/resource/space/excel?type=template&year=2019");
  await expect(page).toHaveURL(/\/insert\/resource\/space(\?|$)/);
  await expect(alert(page, `년도는 ${SPACE_FIRST_YEAR}년부터 ${YEAR}년까지 선택할 수 있습니다.`)).toBeVisible();
  await expectNoAxeViolations(page);

  await open(page, testInfo, `/insert/resource/space?year=${YEAR - 1}&tab=lbrr`);
  const count = page.getByLabel("전문 인력 수(명)");
  const none = page.getByLabel("전문 인력 없음");
  if (jsEnabled(testInfo)) {
    // each clears the other (spec 002 §4)
    await count.fill("3");
    await none.check();
    await expect(count).toHaveValue("");
    await count.fill("4");
    await expect(none).not.toBeChecked();
    return;
  }
  // without JavaScript both reach the server: refused with the reason, both kept as typed
  await count.fill("3");
  await none.check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await ready(page, testInfo);
  await expect(alert(page, "전문 인력 수와 '전문 인력 없음'은 함께 입력할 수 없습니다. 둘 중 하나만 입력해주세요.")).toBeVisible();
  await expect(page.getByLabel("전문 인력 수(명)")).toHaveValue("3");
  await expect(page.getByLabel("전문 인력 없음")).toBeChecked();
  await expectNoAxeViolations(page);
});

test("R09: the member table shows gender and register date", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `/insert/commission/CommissionList?value=${encodeURIComponent("교육평가위원회")}`);
  await page.getByRole("link", { name: "교육평가위원회", exact: true }).first().click();
  await ready(page, testInfo);
  await page.getByTestId("term-card").filter({ hasText: /명단 [1-9]/ }).first().getByRole("link").first().click();
  await expect(page).toHaveURL(/term=\d+/);
  await ready(page, testInfo);
  const table = page.getByTestId("member-table");
  expect((await table.locator("thead th").allTextContents()).map((h) => h.trim())).toEqual(["이름", "사번", "성별", "직위", "소속", "활동", "등록일", "관리"]);
  const rows = table.getByTestId("member-row-saved");
  expect(await rows.count()).toBeGreaterThan(0);
  const genders: string[] = [];
  for (const r of await rows.all()) {
    const cells = (await r.locator("td").allTextContents()).map((c) => c.trim());
    genders.push(cells[2]);
    expect(["남", "여", ""]).toContain(cells[2]);
    expect(cells[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
  expect(genders.some((g) => g !== "")).toBe(true);
  await expectNoAxeViolations(page);
});

test("E12: the by-period tab has its own text search", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, "/insert/ufolio/grdt-self-eval?tab=1");
  const search = page.getByRole("search");
  const cells = async (i: number) => (await page.getByTestId("report-table").locator(`tbody tr td:nth-child(${i})`).allTextContents()).map((c) => c.trim());
  await search.getByLabel("검색어").fill("2차");
  await search.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/value=/);
  await ready(page, testInfo);
  await expect(page).toHaveURL(/tab=1/);
  const periods = await cells(3);
  expect(periods.length).toBeGreaterThan(0);
  expect(new Set(periods)).toEqual(new Set(["2차"]));
  await expect(search.getByLabel("검색어")).toHaveValue("2차");
  await expectNoAxeViolations(page);

  await search.getByLabel("검색어").fill("5학년");
  await search.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/value=5/);
  await ready(page, testInfo);
  const grades = await cells(2);
  expect(grades.length).toBeGreaterThan(0);
  expect(new Set(grades)).toEqual(new Set(["5학년"]));
  // the rows the search keeps are the same as without it (the averages are the whole year's)
  const withSearch = (await page.getByTestId("report-table").locator("tbody tr").allTextContents()).sort();
  await open(page, testInfo, "/insert/ufolio/grdt-self-eval?tab=1&size=50");
  const all = (await page.getByTestId("report-table").locator("tbody tr").allTextContents()).filter((t) => t.includes("5학년"));
  expect(all.sort()).toEqual(withSearch);
});
