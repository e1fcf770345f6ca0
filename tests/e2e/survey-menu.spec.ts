/**
 * P07 survey list page of a SURVEY menu (spec 000 §2 "Survey list page", §4 "Survey link"); the
 * long walk without JavaScript, a short walk (copy link, a survey linked) with it (ADR 0087): the surveys linked to menu 63 with the spec's columns and actions (edit
 * with comm=Y, copy link, send management, results); the survey-link dialog (10 rows a page): a
 * survey not linked asks '이 설문을 메뉴에 연결하시겠습니까?' first, then it is in the list; linked
 * again it is refused with '이미 메뉴에 연결된 설문입니다.'. axe on the page and each dialog state.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, longWalkIn, ready, shortWalkIn, signIn, uniqueId } from "./helpers";
import { createSurvey } from "./surveys";

const YEAR = new Date().getFullYear();
const PAGE = "/survey-menu/63";
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const listRow = (page: Page, text: string) => page.getByTestId("survey-menu-row").filter({ hasText: text });
const linkRow = (page: Page, text: string) => page.getByTestId("link-row").filter({ hasText: text });
/** The question as the user sees it (with JavaScript each row's modal holds it, closed, until asked). */
const question = (page: Page) => page.getByText("이 설문을 메뉴에 연결하시겠습니까?").locator("visible=true");
/** The ids the page holds more than once (each row's question has its own: issue 35 §7). */
const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });

async function open(page: Page, testInfo: TestInfo, query = "") {
  await page.goto(`${PAGE}${query ? `?${query}` : ""}`);
  await ready(page, testInfo);
}

/** Signed in as admin with a survey of the test's own (its name from `prefix`), on the survey menu page. */
async function signedInWithOwnSurvey(page: Page, testInfo: TestInfo, prefix: string) {
  await signIn(page, testInfo, "admin");
  const name = `e2e 연결 설문 ${uniqueId(prefix)}`;
  const srSeq = await createSurvey(page, name);
  await open(page, testInfo);
  return { name, srSeq };
}

test("survey menu: the linked surveys, the link dialog with its question, linked again refused", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(180_000);
  const { name, srSeq } = await signedInWithOwnSurvey(page, testInfo, "n");
  await expect(page.getByRole("heading", { level: 1, name: "교육 만족도 설문" })).toBeVisible();
  await expect(page.getByTestId("survey-menu-list").getByRole("columnheader")).toHaveText(["번호", "설문명", "문항수", "사용여부", "상태", "작성자", "등록일 / 수정일", "관리"]);
  const seeded = listRow(page, `${YEAR}학년도 1학기 통합교육과정 강의 만족도 조사`);
  await expect(seeded).toHaveCount(1);
  await expect(seeded.getByRole("link", { name: /^수정: / })).toHaveAttribute("href", /^\/survey\/registration\?seq=\d+&comm=Y$/);
  await expect(seeded.getByRole("link", { name: /^발송 관리: / })).toHaveAttribute("href", /^\/survey\/send\/list\/\d+$/);
  await expect(seeded.getByRole("link", { name: /^결과 보기: / })).toHaveAttribute("href", /^\/survey\/result\/\d+$/);
  await expect(listRow(page, name)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // copy link: without JavaScript the link in a dialog (with it, to the clipboard: the short walk)
  await seeded.getByRole("link", { name: /^링크 복사: / }).click();
  await expect(page.getByTestId("survey-link")).toHaveValue(/\/survey\/ask\/\d+$/);
  await expectNoAxeViolations(page);

  // the link dialog: the year's surveys, 10 a page
  await open(page, testInfo);
  await page.getByRole("link", { name: "설문 연결", exact: true }).click();
  await expect(page.getByRole("heading", { name: "설문 연결" })).toBeVisible();
  await ready(page, testInfo);
  expect(await page.getByTestId("link-row").count()).toBeLessThanOrEqual(10);
  await expect(page.getByTestId("link-pages")).toContainText(/^1 \/ \d+ 페이지/);
  await expect(linkRow(page, name)).toContainText("미연결");
  // (a linked survey shows '연결됨': our own, once linked, below; the seeded linked one may be on a
  // later page when other tests have added surveys)
  await expectNoAxeViolations(page);
  // several rows ask the question, each with ids of its own (derived from the survey's key)
  expect(await page.getByTestId("link-row").filter({ hasText: "미연결" }).count()).toBeGreaterThan(1);
  expect(await duplicateIds(page)).toEqual([]);

  // not linked: the question first, then linkSurvey.do
  await linkRow(page, name).getByRole("button", { name: `연결: ${name}` }).click();
  await expect(question(page)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await duplicateIds(page)).toEqual([]);
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await expect(alert(page, "설문이 메뉴에 연결되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "설문 연결" })).toHaveCount(0);
  await expect(listRow(page, name)).toHaveCount(1);
  await expect(listRow(page, name).getByRole("link", { name: `수정: ${name}` })).toHaveAttribute("href", `/survey/registration?seq=${srSeq}&comm=Y`);

  // linked: refused, without a question
  await page.goto(`${PAGE}?dialog=link`);
  await ready(page, testInfo);
  await expect(linkRow(page, name)).toContainText("연결됨");
  await linkRow(page, name).getByRole("button", { name: `연결: ${name}` }).click();
  await expect(alert(page, "이미 메뉴에 연결된 설문입니다.")).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("short walk (the long walk runs without JavaScript): copy link to the clipboard; a survey linked through the dialog is listed after a reload", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  const { name, srSeq } = await signedInWithOwnSurvey(page, testInfo, "j");
  const seeded = listRow(page, `${YEAR}학년도 1학기 통합교육과정 강의 만족도 조사`);
  await expect(seeded).toHaveCount(1);
  await expect(listRow(page, name)).toHaveCount(0);
  // copy link: with JavaScript to the clipboard and a toast
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await seeded.getByRole("button", { name: /^링크 복사: / }).click();
  await expect(page.getByTestId("toast")).toHaveText("설문 링크가 복사되었습니다.");

  await page.getByRole("link", { name: "설문 연결", exact: true }).click();
  await expect(page.getByRole("heading", { name: "설문 연결" })).toBeVisible();
  await ready(page, testInfo);
  await expect(linkRow(page, name)).toContainText("미연결");
  await expectNoAxeViolations(page);
  await linkRow(page, name).getByRole("button", { name: `연결: ${name}` }).click();
  await expect(question(page)).toBeVisible();
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await expect(alert(page, "설문이 메뉴에 연결되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "설문 연결" })).toHaveCount(0);

  // after a reload: listed with its edit link, and '연결됨' in the dialog (left linked, as the long walk leaves its own)
  await open(page, testInfo);
  await expect(listRow(page, name)).toHaveCount(1);
  await expect(listRow(page, name).getByRole("link", { name: `수정: ${name}` })).toHaveAttribute("href", `/survey/registration?seq=${srSeq}&comm=Y`);
  await open(page, testInfo, "dialog=link");
  await expect(linkRow(page, name)).toContainText("연결됨");
});
