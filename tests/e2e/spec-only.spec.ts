/**
 * The main flows against a legacy server as the specifications describe it (issue 33): the
 * embedded backend in its spec-only mode (app/embedded/spec-only/mode.server.ts, the project
 * `spec-only` of playwright.config.ts) answers only the spec's calls (our extensions get HTTP 404),
 * with only the spec's fields, in the value shapes a Java server may use (numbers as text, flags as
 * booleans, null for an empty list), whole lists (no paging), a refresh reply with nothing but
 * `reJwtToken`, find-password's change as `{userSeq, userPass}`, and access tokens that expire
 * after SPEC_ONLY_TOKEN_SECONDS. Its SPEC_ONLY_FAIL_USER (committee01, entry02, admin02) gets a business
 * error for every call but signing in, the session and the menus.
 *
 * JavaScript off (the project's default), with JavaScript where a test says so.
 */
import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { PORT, SPEC_ONLY_TOKEN_SECONDS } from "../../playwright.config";
import { checkScreens, report } from "../../scripts/legacy-check.mjs";
import { expect, test } from "./fixtures";
import { applyForAccount, DEMO_PASSWORD, DEMO_TOTP_SECRET, expectNoAxeViolations, field, ready, signIn, uniqueId } from "./helpers";
import { sweepActions } from "./support/action-sweep";

/** app/embedded/spec-only/mode.server.ts FAULT_MESSAGE */
const FAULT_MESSAGE = "시험 서버가 일부러 낸 업무 오류입니다.";
const alertRegion = (page: Page) => page.getByTestId("alert-region").filter({ hasText: /\S/ }).first();
const expire = (page: Page) => page.waitForTimeout((SPEC_ONLY_TOKEN_SECONDS + 1) * 1000);

async function open(page: Page, testInfo: TestInfo, url: string) {
  const res = await page.goto(url);
  await ready(page, testInfo);
  return res;
}

async function jsPage(browser: Browser, testInfo: TestInfo) {
  const ctx = await browser.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: true, locale: "ko-KR", timezoneId: "Asia/Seoul" });
  return { ctx, page: await ctx.newPage(), info: { ...testInfo, project: { ...testInfo.project, use: { ...testInfo.project.use, javaScriptEnabled: true } } } as TestInfo };
}

test("sign-in, the side menu and the route guard", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "entry01", undefined, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator("#side-menu")).toContainText("설문 관리");
  await expectNoAxeViolations(page);
  // settings pages are not in entry01's menu list: refused by the list (spec 000 §6), not by a flag
  await open(page, testInfo, "/management/member");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(alertRegion(page)).toContainText("해당 메뉴는 접근할 수 없습니다.");
});

test("npm run legacy-check: every screen works on the embedded backend; on the spec-only one each works or names what it lacks", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const embedded = await checkScreens(`http://localhost:${PORT}`, "admin", DEMO_PASSWORD, () => [], { totpSecret: DEMO_TOTP_SECRET });
  expect(embedded.length).toBeGreaterThan(60);
  expect(embedded.filter((r) => r.state !== "works")).toEqual([]);

  const specOnly = await checkScreens(baseURL!, "admin", DEMO_PASSWORD, () => [], { totpSecret: DEMO_TOTP_SECRET });
  expect(specOnly.map((r) => r.page)).toEqual(embedded.map((r) => r.page));
  expect(specOnly.filter((r) => r.state === "broken")).toEqual([]);
  const without = specOnly.filter((r) => r.state === "without").map((r) => r.page);
  // our extensions: the account-mail outbox, the PBL-tutor list, the synced reports' sync state
  for (const page of ["/management/mail", "/insert/tutor/document", "/insert/ufolio/grcm", "/eval/monitor/oper-survey"]) expect(without).toContain(page);
  expect(specOnly.find((r) => r.page === "/insert/ufolio/grcm")?.why).toContain("없음: 동기화 이력 조회");
  expect(report(specOnly)).toMatch(/\d+ screens: \d+ work, \d+ work without an extension, 0 broken$/);
});

test("a business error on every call of a screen: the server's message in the frame, never a server error", async ({ baseURL }) => {
  test.setTimeout(180_000);
  // the spec-only server answers every call of committee01 (SPEC_ONLY_FAIL_USER) a business error
  const screens = await checkScreens(baseURL!, "committee01", DEMO_PASSWORD, () => [], { find: FAULT_MESSAGE });
  expect(screens.length).toBeGreaterThan(12);
  expect(screens.filter((r) => r.state === "broken")).toEqual([]);
  // every screen that asks the server shows its message (a menu page lists the menu only)
  expect(screens.filter((r) => !r.found && !r.page.startsWith("/menu/")).map((r) => r.page)).toEqual([]);
});

// every action of a faulty user's screens (tests/e2e/support/action-sweep.ts): committee01's
// (evaluation, indicators, surveys), entry02's (the input screens) and a second administrator's
// settings pages (/management/…: users, codes, consent forms, the mail outbox, the audit log),
// seen as admin sees them
const SWEEPS = [
  { faulty: "committee01", minScreens: 10, minPosts: 40, intents: ["save", "delete"] },
  { faulty: "entry02", minScreens: 30, minPosts: 150, intents: ["save", "delete", "excelUpload"] },
  { faulty: "admin02", minScreens: 4, minPosts: 15, intents: ["save", "delete"], only: (screen: string) => screen.startsWith("/management/") },
];
for (const { faulty, minScreens, minPosts, intents, only } of SWEEPS) {
  test(`a business error on every action of ${faulty}'s screens: the server's message, never a server error`, async ({ browser, baseURL, playwright }) => {
    test.setTimeout(240_000);
    const healthyRequest = await playwright.request.newContext({ baseURL });
    const faultyRequest = await playwright.request.newContext({ baseURL });
    try {
      const { screens, walked, posts } = await sweepActions({ browser, origin: baseURL!, healthy: "admin", faulty, password: DEMO_PASSWORD, faultMessage: FAULT_MESSAGE, healthyRequest, faultyRequest, only });
      expect(screens.length).toBeGreaterThan(minScreens);
      // every screen opened (its loaders met the error): the message in the frame
      expect(walked.filter((r) => r.state === "broken" || (!r.found && !r.page.startsWith("/menu/")))).toEqual([]);
      expect(posts.length).toBeGreaterThan(minPosts);
      // no server error, no error page: every reply is the form's or the page's
      expect(posts.filter((p) => p.error)).toEqual([]);
      // a page posted without JavaScript shows the server's message
      expect(posts.filter((p) => p.as === "document" && !p.reached)).toEqual([]);
      // every screen with a form has an action that met the business error and answered its message
      const withForms = [...new Set(posts.map((p) => p.screen))];
      expect(withForms.filter((screen) => !posts.some((p) => p.screen === screen && p.as === "data" && p.reached))).toEqual([]);
      // the saves, deletes and Excel uploads among them
      const reached = posts.filter((p) => p.as === "data" && p.reached).map((p) => p.intent);
      for (const intent of intents) expect(reached, intent).toContain(intent);
    } finally {
      await healthyRequest.dispose();
      await faultyRequest.dispose();
    }
  });
}

test("find-password as spec 000 §7 writes it: the found user's change needs no token nor code the spec does not give", async ({ page, baseURL }, testInfo) => {
  // an account to find (applyForAccount: 김민수, 0000300001, 010-2345-6789, minsu.kim@0000400001)
  const userId = uniqueId("sf");
  await applyForAccount(page.request, baseURL!, userId);
  await open(page, testInfo, "/");
  await page.getByRole("link", { name: "비밀번호 찾기" }).click();
  await ready(page, testInfo);
  const f = page.locator("#find-dialog, [role=dialog]").first();
  await field(f, "아이디").fill(userId);
  await field(f, "이름").fill("김민수");
  await field(f, "소속").selectOption("0000300001");
  await field(f, "연락처 가운데 자리").fill("2345");
  await field(f, "연락처 끝자리").fill("6789");
  await field(f, "이메일 아이디").fill("minsu.kim");
  await field(f, "이메일 도메인").selectOption("0000400001");
  await f.getByRole("button", { name: "확인" }).click();

  // findInfo.userSeq alone: the change dialog asks for the new password only
  await expect(page.getByRole("heading", { name: "비밀번호 변경" })).toBeVisible();
  await ready(page, testInfo);
  const c = page.locator("#change-dialog, [role=dialog]").first();
  await expect(field(c, "인증번호")).toHaveCount(0);
  await expect(c.getByText("인증번호", { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await field(c, "새 비밀번호").fill("Changed2026!");
  await field(c, "새 비밀번호 확인").fill("Changed2026!");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "비밀번호가 변경되었습니다." }).first()).toBeVisible();

  // the old password is refused, the new one accepted (the account still waits for approval)
  await signIn(page, testInfo, userId, "Join-pass9");
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();
  await signIn(page, testInfo, userId, "Changed2026!");
  await expect(page.getByRole("alert").filter({ hasText: "관리자 승인 대기 중인 계정입니다." })).toBeVisible();
});

test("paging a whole list: a search's page 2 has the rows after page 1's, and the count of the list the server sent", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  const year = new Date().getFullYear();
  const list = `/insert/eval/patient-safety?year=${year}&value=${encodeURIComponent("김")}&sort=name%3Adesc`;
  const rows = () => page.getByTestId("pss-row").evaluateAll((trs) => trs.map((tr) => (tr.textContent ?? "").replace(/\s+/g, " ").trim()));
  const total = async () => Number(((await page.getByTestId("total").textContent()) ?? "").replace(/[^0-9]/g, ""));

  // the whole search on one page: its count is the rows the server sent (the spec's list has no total)
  await open(page, testInfo, `${list}&size=50`);
  const all = await rows();
  expect(all.length).toBeGreaterThan(10);
  expect(await total()).toBe(all.length);
  for (const r of all) expect(r).toContain("김");

  // pages of 10: page 2 is rows 11 … 20 of the same order, the count the same
  await open(page, testInfo, `${list}&size=10&page=2`);
  await expect(page.getByRole("link", { name: "2 페이지" })).toHaveAttribute("aria-current", "page");
  expect(await rows()).toEqual(all.slice(10, 20));
  expect(await total()).toBe(all.length);
  await open(page, testInfo, `${list}&size=10`);
  expect(await rows()).toEqual(all.slice(0, 10));
});

test("an expired access token is refreshed from a reply with only reJwtToken: the user loses nothing", async ({ page, browser }, testInfo) => {
  for (const js of [false, true]) {
    const { ctx, page: p, info } = js ? await jsPage(browser, testInfo) : { ctx: null, page, info: testInfo };
    await signIn(p, info, "entry01");
    await open(p, info, "/insert/eval/patient-safety");
    await expect(p.getByRole("heading", { level: 1, name: "환자안전 교과목 성적" })).toBeVisible();
    await expire(p);
    // a search after the expiry: the list answers, the session holds
    await open(p, info, "/insert/eval/patient-safety?value=김");
    await expect(p).toHaveURL(/patient-safety/);
    await expect(p.getByTestId("pss-row").first()).toBeVisible();
    // a refused score after another expiry: the message, the typed value kept
    await p.getByTestId("pss-row").first().getByRole("link", { name: /^수정: / }).click();
    await ready(p, info);
    const row = p.locator("fieldset.student-row").first();
    await expire(p);
    await field(row, "퀴즈").fill("45");
    await p.getByRole("button", { name: "수정", exact: true }).click();
    await expect(p.getByText("퀴즈 점수는 30점을 넘을 수 없습니다.").first()).toBeVisible();
    await expect(field(p.locator("fieldset.student-row").first(), "퀴즈")).toHaveValue("45");
    await ctx?.close();
  }
});

test("a refused refresh ends the session with '로그인 정보가 만료되었습니다. 다시 로그인 해주세요.'", async ({ page, browser, baseURL }, testInfo) => {
  // a new account, approved by the administrator (spec 000 §7 approvJoin.do)
  const userId = uniqueId("so");
  await applyForAccount(page.request, baseURL!, userId);
  const admin = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false, locale: "ko-KR" });
  const adminPage = await admin.newPage();
  await signIn(adminPage, testInfo, "admin");
  await open(adminPage, testInfo, `/management/member?value=${userId}`);
  await adminPage.getByTestId("join-row").filter({ hasText: userId }).getByRole("link", { name: `승인 상세: ${userId}` }).click();
  const dialog = adminPage.getByRole("dialog", { name: "가입 승인" });
  await dialog.getByLabel("입력자").check();
  await dialog.getByRole("button", { name: "승인" }).click();
  await expect(alertRegion(adminPage)).toContainText("승인 되었습니다.");

  await signIn(page, testInfo, userId, "Join-pass9", { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expire(page);
  // the administrator resets the password: the user's server session ends, so the refresh is refused
  await open(adminPage, testInfo, `/management/member?value=${userId}`);
  await adminPage.getByTestId("member-row").filter({ hasText: userId }).getByRole("link").first().click();
  await ready(adminPage, testInfo);
  await adminPage.getByRole("button", { name: "비밀번호 초기화" }).click();
  // asked first (it ends the user's sessions; issue 35 §7)
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
  await expect(alertRegion(adminPage)).toContainText("초기화 되었습니다.");
  await admin.close();

  await open(page, testInfo, "/dashboard");
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(alertRegion(page)).toContainText("로그인 정보가 만료되었습니다. 다시 로그인 해주세요.");
});

test("the spec's public links: the consent page opens without a signature; the survey link says it cannot be answered here", async ({ page }, testInfo) => {
  // a person the demo form 3 was sent to, who has not agreed
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, "/management/privacy/send/3?agreeYn=N");
  // the outbox is ours: this server has none, and the page says so
  await expect(page.getByTestId("outbox-note")).toHaveText("연결된 서버가 발송 보관함(개인 링크 목록) 기능을 제공하지 않아 이 부분은 표시할 수 없습니다.");
  await expectNoAxeViolations(page);
  const usSeq = await page.locator("input[name=selected][data-group=Y]").first().getAttribute("value");
  expect(usSeq).toBeTruthy();
  await page.context().clearCookies();

  await open(page, testInfo, `/send/privacyAgree/3/${usSeq}`);
  await expect(page.getByRole("heading", { level: 1, name: "개인정보 수집·이용 동의" })).toBeVisible();
  await page.getByLabel("동의합니다").check();
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("제출이 완료되었습니다.").first()).toBeVisible();
  await expectNoAxeViolations(page);

  const survey = await open(page, testInfo, "/survey/ask/1");
  expect(survey?.status()).toBe(200);
  await expect(page.getByText("이 설문은 아직 이 주소에서 응답할 수 없습니다.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("survey results: without the result call the page names the survey and says why there is nothing", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  const res = await open(page, testInfo, "/survey/result/1");
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("result-unavailable")).toHaveText("연결된 서버가 설문 결과 조회 기능을 제공하지 않아 이 부분은 표시할 수 없습니다.");
  await expectNoAxeViolations(page);
});

test("a survey is saved and lists again; a code category is made and its rows saved", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  // survey authoring (spec 000 §7 insertSurveyInfo.do): a refused save keeps the input, then it saves
  await open(page, testInfo, "/survey/registration");
  const name = `명세 서버 설문 ${uniqueId("s")}`;
  await field(page, "설문명").fill(name);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "설문주제를 모두 입력해주세요." })).toBeVisible();
  await expect(field(page, "설문명")).toHaveValue(name);
  const questions = page.getByTestId("question");
  await field(questions.nth(1), "설문주제").fill("수업 내용에 만족한다");
  await field(questions.nth(0), "섹션명").fill("수업 평가");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page).toHaveURL(/\/survey$/);
  await expect(page.getByRole("alert").filter({ hasText: "저장 되었습니다." })).toBeVisible();
  await open(page, testInfo, `/survey?value=${encodeURIComponent(name)}`);
  await expect(page.getByRole("main")).toContainText(name);

  // code administration (spec 000 §7 insertCodeInfo.do): the category, then its rows
  await open(page, testInfo, "/management/code/registration");
  const category = uniqueId("분류");
  await page.getByLabel("코드 분류명").fill(category);
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await ready(page, testInfo);
  await expect(alertRegion(page)).toContainText("등록 성공하였습니다.");
  await page.getByLabel("코드명 1행", { exact: true }).fill("가");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await ready(page, testInfo);
  await expect(alertRegion(page)).toContainText("저장 되었습니다.");
  await page.reload();
  await expect(page.getByLabel("코드명 1행", { exact: true })).toHaveValue("가");
  await expectNoAxeViolations(page);
});
