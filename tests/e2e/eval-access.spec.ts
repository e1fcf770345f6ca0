/**
 * Evaluation mode opens by its indicator (issue 35 class 1, ADR 0058): signed in as the evaluation
 * committee (committee01, authority 2, whose menu list has the indicator pages but none of the
 * data-entry screens), every go-to link of every card of the indicator pages opens the screen
 * read-only (200, its h1, no register, edit, delete or upload control) and every Excel link
 * downloads; an evaluation URL whose indicator does not link that screen, or whose menuSeq is
 * another screen's, is 404; a user without an indicator page is refused.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { onlyWithoutJavaScript, ready, signIn } from "./helpers";

const YEAR = new Date().getFullYear();

/** The go-to and Excel links of every card on an indicator page (its first, default indicator). */
async function cardLinks(page: Page, testInfo: TestInfo, pageUrl: string) {
  await page.goto(pageUrl);
  await ready(page, testInfo);
  const cards = page.getByTestId("indicator-card");
  const out: { name: string; goTo: string; excel: string | null }[] = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const name = (await card.getAttribute("aria-label")) ?? "";
    const goTo = (await card.getByRole("link", { name: "바로가기", exact: true }).getAttribute("href"))!;
    const excelLink = card.getByRole("link", { name: `엑셀 다운로드: ${name}`, exact: true });
    const excel = (await excelLink.count()) ? await excelLink.getAttribute("href") : null;
    out.push({ name, goTo, excel });
  }
  return out;
}

/** No control that changes records: register, edit, delete, Excel upload, the upload template. */
async function expectReadOnly(page: Page, where: string) {
  const main = page.locator("main");
  for (const name of [/^등록$/, /^수정$/, /^삭제$/, /엑셀 업로드/, /양식 다운로드|샘플/]) {
    expect(await main.getByRole("button", { name }).count(), `${where}: button ${name}`).toBe(0);
    expect(await main.getByRole("link", { name }).count(), `${where}: link ${name}`).toBe(0);
  }
}

for (const indicatorPage of ["/eval/indicator/81", "/eval/indicator/82", "/eval/indicator/83"]) {
  test(`committee01 follows every go-to and Excel link of ${indicatorPage}: each opens read-only or downloads`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js", "the links are plain server pages and downloads: followed once, without JavaScript");
    test.setTimeout(600_000);
    await signIn(page, testInfo, "committee01");
    const links = await cardLinks(page, testInfo, indicatorPage);
    if (indicatorPage === "/eval/indicator/81") expect(links.length).toBeGreaterThan(20);
    let excels = 0;
    for (const l of links) {
      const res = await page.goto(l.goTo);
      expect(res?.status(), `${l.name} ${l.goTo}`).toBe(200);
      expect(new URL(page.url()).pathname, `${l.name} stays on its evaluation page`).toBe(l.goTo);
      await ready(page, testInfo);
      await expect(page.getByRole("heading", { level: 1 }).first(), l.goTo).not.toBeEmpty();
      await expect(page.getByTestId("alert-region").filter({ hasText: "해당 메뉴는 접근할 수 없습니다." })).toHaveCount(0);
      await expectReadOnly(page, l.goTo);
      if (!l.excel) continue;
      excels++;
      const dl = await page.request.get(l.excel, { maxRedirects: 0 });
      expect(dl.status(), `${l.name} ${l.excel}`).toBe(200);
      expect(dl.headers()["content-disposition"] ?? "", l.excel).toContain("attachment");
    }
    if (indicatorPage === "/eval/indicator/81") expect(excels).toBeGreaterThan(10);
  });
}

test("an evaluation URL of a screen its indicator does not link, or with another screen's menuSeq, is 404; its download too", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "committee01");
  // awards is menu 14, linked to indicator 1: menu 11 is 학생 관리's, indicator 999 is nobody's
  expect((await page.request.get(`/insert/student/awards/1/14/${YEAR}`, { maxRedirects: 0 })).status()).toBe(200);
  for (const url of [
    `/insert/student/awards/1/11/${YEAR}`,
    `/insert/student/awards/999/14/${YEAR}`,
    `/insert/student/awards/excel?eiSeq=1&menuSeq=11&year=${YEAR}`,
    `/insert/student/awards/excel?eiSeq=999&menuSeq=14&year=${YEAR}`,
    `/report-excel/eval/monitor/end-survey/excel?eiSeq=999&menuSeq=72&year=${YEAR}`,
    `/insert/eval/tutor/999/37/${YEAR}`,
  ]) {
    expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(404);
  }
  const res = await page.goto(`/insert/student/awards/1/11/${YEAR}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("eval-table")).toHaveCount(0);
});

test("a user without an indicator page is refused an evaluation URL, and its download", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  // entry01 has the awards screen itself, but no indicator page: the evaluation is not theirs
  await signIn(page, testInfo, "entry01");
  for (const url of [`/insert/student/awards/1/14/${YEAR}`, `/insert/student/awards/excel?eiSeq=1&menuSeq=14&year=${YEAR}`]) {
    const res = await page.request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(302);
    expect(new URL(res.headers().location!, "http://x").pathname).toBe("/dashboard");
  }
  await page.goto(`/insert/student/awards/1/14/${YEAR}`);
  await ready(page, testInfo);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("해당 메뉴는 접근할 수 없습니다.").first()).toBeVisible();
  // the screen itself, in entry mode, still opens
  expect((await page.request.get("/insert/student/awards", { maxRedirects: 0 })).status()).toBe(200);
});
