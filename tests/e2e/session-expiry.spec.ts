/**
 * The session's idle limit (issue 36 item 10, WCAG 2.2.1, KWCAG 응답시간 조절; ADR 0066): the frame
 * states it; with JavaScript a question comes five minutes before the end and '연장' keeps the
 * session; a save that meets the end keeps what was typed through the sign-in and back, for the
 * same user only. JS on and off.
 *
 * The server's idle rule is met as it is in use: the test rewrites the sealed session cookie's last
 * activity to 31 minutes ago (the e2e server's secret is the test's, playwright.config.ts), and the
 * server's own 30-minute rule ends it.
 */
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { seal, unseal } from "../../app/utils/seal.server";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, onlyWithoutJavaScript, ready, signIn, totpCode } from "./helpers";
import { createStudents } from "./students";

const SECRET = "e2e-secret-0123456789abcdefghijklmnop";
const YEAR = new Date().getFullYear();
const M = {
  pleaseLogin: "로그인 해주세요.",
  draftKept: "세션이 만료되어 저장되지 않았습니다. 입력한 내용을 다시 채워 두었으니 확인 후 다시 저장하세요.",
  idleNotice: "30분 동안 사용하지 않으면 자동 로그아웃됩니다.",
  warning: /^세션이 곧 만료됩니다\. .+에 자동 로그아웃됩니다\. 연장하시겠습니까\?$/,
};

interface SessionCookie {
  seen?: number;
  user?: { userSeq: number };
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("medu_session"));
  expect(cookie, "the session cookie").toBeTruthy();
  return { cookie: cookie!, data: unseal<SessionCookie & Record<string, unknown>>(cookie!.value, [SECRET], "session")! };
}

/** The browser's session as if its last request was `minutes` ago. */
async function idleFor(context: BrowserContext, minutes: number) {
  const { cookie, data } = await sessionCookie(context);
  expect(data.user, "a signed-in session").toBeTruthy();
  const value = seal({ ...data, seen: Date.now() - minutes * 60_000 }, [SECRET], "session");
  await context.addCookies([{ ...cookie, value }]);
}

/**
 * A student of the test's own, its detail form (R01) opened from the list searched by its number:
 * the dialog's URL and the form. (The year's seeded students are read by other tests, and one test
 * saving a student while another compares it would make either fail.)
 */
async function openStudent(page: Page, testInfo: TestInfo, name: string) {
  const [s] = await createStudents(page, testInfo, YEAR, [name], "9");
  await page.goto(`/insert/student/document?year=${YEAR}&value=${s.id}`);
  await ready(page, testInfo);
  await expect(page.locator(".person-row")).toHaveCount(1);
  await page.locator(".person-row").first().click();
  await expect(page).toHaveURL(/dialog=edit&usSeq=\d+/);
  await ready(page, testInfo);
  const form = page.locator("#student-form");
  return { url: page.url(), form, name: field(form, "이름"), school: field(form, "출신고교") };
}

/**
 * The administrator signed in on `url` in a browser context of its own with a fake clock (the
 * clock stays with the context it is installed in); the test closes the context.
 */
async function signedInWithClock(browser: Browser, baseURL: string | undefined, testInfo: TestInfo, url: string) {
  const context = await browser.newContext({ baseURL, locale: "ko-KR", timezoneId: "Asia/Seoul" });
  const page = await context.newPage();
  try {
    await page.clock.install();
    await signIn(page, testInfo, "admin");
    await page.goto(url);
    await ready(page, testInfo);
  } catch (e) {
    await context.close();
    throw e;
  }
  return { context, page };
}

/** Presses 저장 and, with JavaScript, answers the question's 확인. */
async function save(page: Page, testInfo: TestInfo) {
  await page.locator("#student-form").getByRole("button", { name: "저장", exact: true }).click();
  if (jsEnabled(testInfo)) await page.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
}

/** The sign-in page after a post that met the end: '로그인 해주세요.', then signing in by its form. */
async function signInAgain(page: Page, testInfo: TestInfo, userId: string, from = "/insert/student/document") {
  await expect(page).toHaveURL(new RegExp(`/\\?redirectTo=${encodeURIComponent(from)}`));
  await expect(page.getByRole("alert").filter({ hasText: M.pleaseLogin })).toBeVisible();
  await ready(page, testInfo);
  await page.getByLabel("아이디").fill(userId);
  await page.getByLabel("비밀번호", { exact: true }).fill("Demo1234!");
  await page.getByRole("button", { name: "로그인" }).click();
  await page.waitForURL((u) => u.pathname !== "/", { waitUntil: "load" });
  // a demo administrator's second step (ADR 0068): the draft waits through it too
  if (new URL(page.url()).pathname === "/sign-in/otp") {
    await ready(page, testInfo);
    await page.locator("form#otp").getByLabel("인증 코드").fill(await totpCode());
    await page.locator("form#otp").getByRole("button", { name: "확인" }).click();
    await page.waitForURL((u) => u.pathname !== "/sign-in/otp", { waitUntil: "load" });
  }
  await ready(page, testInfo);
}

test("the frame states the idle limit", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto("/dashboard");
  await ready(page, testInfo);
  await expect(page.getByRole("contentinfo")).toContainText(M.idleNotice);
});

test("a save that meets the idle end keeps what was typed through the sign-in and back", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const student = await openStudent(page, testInfo, "만료학생");
  const before = { name: await student.name.inputValue(), school: await student.school.inputValue() };
  const typed = { name: `${before.name.slice(0, 3)}만료`, school: `세션고등학교${jsEnabled(testInfo) ? "J" : "N"}` };
  await student.name.fill(typed.name);
  await student.school.fill(typed.school);

  await idleFor(page.context(), 31);
  await save(page, testInfo);
  await signInAgain(page, testInfo, "admin");

  // the same dialog, the typed values, and why nothing was saved
  expect(page.url()).toBe(student.url);
  await expect(page.getByRole("alert").filter({ hasText: M.draftKept })).toBeVisible();
  await expect(field(page.locator("#student-form"), "이름")).toHaveValue(typed.name);
  await expect(field(page.locator("#student-form"), "출신고교")).toHaveValue(typed.school);
  await expectNoAxeViolations(page);
  // nothing was saved, and the draft comes back once
  await page.reload();
  await ready(page, testInfo);
  await expect(field(page.locator("#student-form"), "이름")).toHaveValue(before.name);
  await expect(field(page.locator("#student-form"), "출신고교")).toHaveValue(before.school);
  await expect(page.getByText(M.draftKept)).toHaveCount(0);
});

test("patient safety: a save that meets the idle end keeps the typed score through the sign-in", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  // a demo record no test writes: the year's demo scores are third-year students', admitted two years
  // before (numbers `<year>71…`), while patient-safety.spec adds and deletes records of fifth-year students
  await page.goto(`/insert/eval/patient-safety?year=${YEAR}&value=${YEAR - 2}71`);
  await ready(page, testInfo);
  await page.getByRole("link", { name: /^수정: / }).first().click();
  await expect(page).toHaveURL(/dialog=edit&pssSeq=\d+/);
  await ready(page, testInfo);
  const url = page.url();
  const quiz = () => field(page.locator("#pss-form fieldset.student-row").first(), "퀴즈");
  const before = await quiz().inputValue();
  const typed = before === "12.5" ? "13.5" : "12.5";
  await quiz().fill(typed);

  await idleFor(page.context(), 31);
  await page.locator("#pss-form").getByRole("button", { name: "수정", exact: true }).click();
  if (jsEnabled(testInfo)) await page.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
  await signInAgain(page, testInfo, "admin", "/insert/eval/patient-safety");

  expect(page.url()).toBe(url);
  await expect(page.getByRole("alert").filter({ hasText: M.draftKept })).toBeVisible();
  await expect(quiz()).toHaveValue(typed);
  await expectNoAxeViolations(page);
  await page.reload();
  await ready(page, testInfo);
  await expect(quiz()).toHaveValue(before);
});

test("another user signing in never sees the draft", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const student = await openStudent(page, testInfo, "초안학생");
  const typed = "남의초안N";
  await student.school.fill(typed);
  await idleFor(page.context(), 31);
  await save(page, testInfo);
  await signInAgain(page, testInfo, "entry01");
  await expect(page.getByText(M.draftKept)).toHaveCount(0);
  await expect(page.locator(`input[value="${typed}"]`)).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name.endsWith("medu_draft")), "the draft is gone").toBe(false);

  // nor does its owner afterwards: it was dropped, not kept for later
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  await page.goto(student.url);
  await ready(page, testInfo);
  await expect(page.getByText(M.draftKept)).toHaveCount(0);
  await expect(field(page.locator("#student-form"), "출신고교")).not.toHaveValue(typed);
});

test("a draft is kept only for a post from this site with the session's token", async ({ page, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const student = await openStudent(page, testInfo, "토큰학생");
  await idleFor(page.context(), 31);
  const action = new URL(student.url);
  const res = await page.request.post(action.pathname + action.search, { form: { _csrf: "forged", usNm: "심은값" }, headers: { Origin: String(baseURL) }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["set-cookie"] ?? "").not.toMatch(/medu_draft=v1\./);
});

test("with JavaScript, a question comes before the end, and 연장 keeps the session", async ({ browser, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "no timer runs without JavaScript: the footer states the limit");
  test.setTimeout(120_000);
  const { context, page } = await signedInWithClock(browser, baseURL, testInfo, `/insert/student/document?year=${YEAR}`);
  try {
    const search = page.getByRole("textbox").first();
    await search.focus();
    await page.clock.fastForward("23:00");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.clock.fastForward("02:00");
    const dialog = page.getByRole("alertdialog", { name: "로그인 연장" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(M.warning);
    await expect(dialog.getByRole("button", { name: "연장" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "로그아웃" })).toBeVisible();
    await expectNoAxeViolations(page);

    // the server's session is 26 minutes idle now; 연장 by the keyboard makes it new
    await idleFor(context, 26);
    const extended = page.waitForResponse((r) => r.url().endsWith("/session/extend") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    expect((await extended).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(search).toBeFocused();
    const { data } = await sessionCookie(context);
    expect(Date.now() - (data.seen ?? 0)).toBeLessThan(60_000);
    // the server accepts the next request: the page opens, no sign-in
    await page.reload();
    await ready(page, testInfo);
    await expect(page).toHaveURL(/\/insert\/student\/document/);
  } finally {
    await context.close();
  }
});

test("with JavaScript, 연장 after the end says so, and the save still keeps the typing", async ({ browser, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "no timer runs without JavaScript");
  test.setTimeout(120_000);
  const { context, page } = await signedInWithClock(browser, baseURL, testInfo, "/dashboard");
  try {
    await page.clock.fastForward("25:30");
    const dialog = page.getByRole("alertdialog", { name: "로그인 연장" });
    await expect(dialog).toBeVisible();
    await idleFor(context, 31);
    await dialog.getByRole("button", { name: "연장" }).click();
    await expect(dialog).toHaveAccessibleDescription("세션이 만료되었습니다. 저장하면 다시 로그인한 뒤 입력한 내용을 그대로 보여 드립니다.");
    await expect(dialog.getByRole("button", { name: "확인" })).toBeFocused();
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await context.close();
  }
});
