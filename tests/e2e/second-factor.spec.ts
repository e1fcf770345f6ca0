/**
 * The second factor (issue 37 item 4, ADR 0068), axe on each page; the long flow runs with
 * JavaScript, a short walk (enrol, then a sign-in with the code) without it (ADR 0087): a user
 * enrols an authenticator app in the profile (QR code and the secret as text, a wrong code
 * refused, ten recovery codes shown once), signs out, and the next sign-in asks for the code
 * (no page opens before it; a wrong code is refused with the input kept); a recovery code works
 * once; five wrong codes make the account wait (429, audited); an administrator resets the
 * factor after a question, and the user signs in with the password alone. Administrators must
 * have one: the demo administrator cannot disable it (first-admin.spec.ts enrols the first
 * administrator of a production start at the first sign-in).
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, JOIN_PASSWORD as JOIN_PASS, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn, totpAt, totpOfStepBefore } from "./helpers";

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

/** The page's '알림' messages that say something. */
const alerts = (page: Page) => page.getByTestId("alert-region").filter({ hasText: /\S/ });

/** Signs out through the frame's button (a native form post). */
async function signOut(page: Page, testInfo: TestInfo) {
  await ready(page, testInfo);
  await page.getByRole("button", { name: "로그아웃" }).first().click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
}

/** Types the password into the sign-in form; the second step's page is where it leads. */
async function password(page: Page, testInfo: TestInfo, userId: string) {
  await open(page, testInfo, "/");
  await page.getByLabel("아이디").fill(userId);
  await page.getByLabel("비밀번호", { exact: true }).fill(JOIN_PASS);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/sign-in\/otp$/);
  await ready(page, testInfo);
}

/** On /myProfile/otp: the secret shown as text, enrolled with the app's code (of the step before now). Answers the secret. */
async function enrol(page: Page) {
  const secret = ((await page.getByTestId("otp-secret").textContent()) ?? "").replace("설정 키:", "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.locator("form#enrol").getByLabel("인증 코드").fill(await totpOfStepBefore(secret));
  await page.locator("form#enrol").getByRole("button", { name: "등록" }).click();
  return secret;
}

test("enrol in the profile, then every sign-in asks for the code; recovery codes work once; wrong codes wait; an administrator resets it", async ({ page, browser, baseURL, insertNewUser }, testInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(240_000);
  // a new account, approved by the administrator (the demo accounts are everyone's; ADR 0089)
  const { userId } = await insertNewUser({ prefix: "otp" });

  // not enrolled: the password alone signs in
  await signIn(page, testInfo, userId, JOIN_PASS, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);

  // the profile's page: the QR code with its text alternative, the secret as text, the code's field
  await open(page, testInfo, "/myProfile");
  await page.getByRole("link", { name: "2단계 인증 설정" }).click();
  await expect(page).toHaveURL(/\/myProfile\/otp$/);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "2단계 인증", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /2단계 인증 등록용 QR 코드/ })).toBeVisible();
  const secret = ((await page.getByTestId("otp-secret").textContent()) ?? "").replace("설정 키:", "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = page.locator("form#enrol").getByLabel("인증 코드");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expectNoAxeViolations(page);

  // a code that is not the app's: refused, the same secret kept
  const wrong = totpAt(secret, -10);
  await code.fill(wrong);
  await page.locator("form#enrol").getByRole("button", { name: "등록" }).click();
  await expect(page.locator("form#enrol").getByText("인증 코드가 일치하지 않습니다. 인증 앱에 지금 표시된 코드를 입력하세요.").first()).toBeVisible();
  await expect(page.locator("form#enrol").getByLabel("인증 코드")).toHaveValue(wrong);
  expect(((await page.getByTestId("otp-secret").textContent()) ?? "").replace("설정 키:", "").replace(/\s/g, "")).toBe(secret);
  // the app's code (of the step before now: each step serves once, the sign-in takes the next)
  await page.locator("form#enrol").getByLabel("인증 코드").fill(await totpOfStepBefore(secret));
  await page.locator("form#enrol").getByRole("button", { name: "등록" }).click();
  await expect(page.getByText("2단계 인증이 등록되었습니다. 아래 복구 코드를 안전한 곳에 보관하세요.", { exact: false })).toBeVisible();
  const recovery = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
  expect(recovery).toHaveLength(10);
  for (const c of recovery) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expectNoAxeViolations(page);
  await open(page, testInfo, "/myProfile/otp");
  await expect(page.getByTestId("otp-state")).toContainText("남은 복구 코드: 10개");

  // signed out, the password alone no longer opens anything
  await signOut(page, testInfo);
  await password(page, testInfo, userId);
  await expect(page.getByRole("heading", { name: "2단계 인증" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in\/otp$/);
  await ready(page, testInfo);
  const otp = page.locator("form#otp");
  await otp.getByLabel("인증 코드").fill("000000");
  await otp.getByRole("button", { name: "확인" }).click();
  await expect(otp.getByText("인증 코드가 일치하지 않습니다. 인증 앱에 지금 표시된 코드를 입력하세요.").first()).toBeVisible();
  await expect(otp.getByLabel("인증 코드")).toHaveValue("000000");
  await expectNoAxeViolations(page);
  await otp.getByLabel("인증 코드").fill(totpAt(secret, 0));
  await otp.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // a recovery code instead of the app: once
  await signOut(page, testInfo);
  await password(page, testInfo, userId);
  const rec = page.locator("form#recovery");
  await rec.getByLabel("복구 코드").fill(recovery[0].toUpperCase());
  await rec.getByRole("button", { name: "복구 코드로 로그인" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await open(page, testInfo, "/myProfile/otp");
  await expect(page.getByTestId("otp-state")).toContainText("남은 복구 코드: 9개");
  await signOut(page, testInfo);
  await password(page, testInfo, userId);
  await rec.getByLabel("복구 코드").fill(recovery[0]);
  await rec.getByRole("button", { name: "복구 코드로 로그인" }).click();
  await expect(rec.getByText("복구 코드가 일치하지 않거나 이미 사용한 코드입니다.").first()).toBeVisible();
  await expect(rec.getByLabel("복구 코드")).toHaveValue(recovery[0]);

  // five wrong codes in all (the used recovery code was the first): the account waits
  const post = async (code: string) => {
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/sign-in/otp");
    await otp.getByLabel("인증 코드").fill(code);
    await otp.getByRole("button", { name: "확인" }).click();
    const status = (await answered).status();
    await ready(page, testInfo);
    return status;
  };
  for (let i = 0; i < 4; i++) expect(await post("000000")).toBe(400);
  // the app's right code is refused too now: the account waits
  expect(await post(totpAt(secret, 1))).toBe(429);
  await expect(otp.getByText(/요청이 너무 많습니다\. 1[0-5]분 후에 다시 시도해주세요\./).first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\/otp$/);

  // the administrator's reset: asked first, then the factor is gone; the log has each step
  const admin = await browser.newContext({ baseURL, javaScriptEnabled: true, locale: "ko-KR", timezoneId: "Asia/Seoul" });
  const adminPage = await admin.newPage();
  await signIn(adminPage, testInfo, "admin");
  await open(adminPage, testInfo, `/management/member?value=${userId}`);
  await adminPage.getByTestId("member-row").filter({ hasText: userId }).getByRole("link").first().click();
  await ready(adminPage, testInfo);
  await expect(adminPage.getByTestId("member-otp")).toContainText("인증 앱을 등록하였습니다.");
  await expectNoAxeViolations(adminPage);
  await adminPage.getByRole("button", { name: "2단계 인증 초기화" }).click();
  const question = adminPage.getByRole("alertdialog");
  await expect(question).toContainText("이 사용자의 2단계 인증을 초기화하시겠습니까?");
  await question.getByRole("button", { name: "확인" }).click();
  await expect(alerts(adminPage).first()).toContainText("2단계 인증이 초기화되었습니다.");
  await expect(adminPage.getByTestId("member-otp")).toHaveText("등록하지 않았습니다.");

  await open(adminPage, testInfo, `/management/audit?target=${userId}`);
  const log = adminPage.locator("main");
  await expect(log).toContainText("2단계 인증 실패");
  for (const detail of ["등록", "로그인: 인증 앱 코드", "로그인: 복구 코드 사용 (남은 복구 코드 9개)", "로그인: 복구 코드 불일치", "관리자 초기화"]) await expect(log).toContainText(detail);

  // the user's own page says an administrator cannot be without one; the user signs in with the password alone now
  await open(adminPage, testInfo, "/myProfile/otp");
  await expect(adminPage.getByText("이 계정은 2단계 인증을 해제할 수 없습니다.")).toBeVisible();
  await expect(adminPage.getByRole("button", { name: "해제" })).toHaveCount(0);
  await admin.close();

  // the sign-in that was waiting for a code it can no longer give ends; the password alone signs in
  await open(page, testInfo, "/sign-in/otp");
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(alerts(page).first()).toContainText("로그인 시간이 지났습니다. 다시 로그인 해주세요.");
  await page.getByLabel("아이디").fill(userId);
  await page.getByLabel("비밀번호", { exact: true }).fill(JOIN_PASS);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("short walk (the long flow runs with JavaScript): enrol in the profile, then the sign-in asks for the code and the code signs in", async ({ page, login }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  const { userId } = await login({ prefix: "ots" });
  await open(page, testInfo, "/myProfile");
  await page.getByRole("link", { name: "2단계 인증 설정" }).click();
  await expect(page).toHaveURL(/\/myProfile\/otp$/);
  await ready(page, testInfo);
  await expect(page.getByRole("img", { name: /2단계 인증 등록용 QR 코드/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = await enrol(page);
  await expect(page.getByText("2단계 인증이 등록되었습니다. 아래 복구 코드를 안전한 곳에 보관하세요.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await open(page, testInfo, "/myProfile/otp");
  await expect(page.getByTestId("otp-state")).toContainText("남은 복구 코드: 10개");

  // signed out, the password leads to the code's page; the app's code signs in
  await signOut(page, testInfo);
  await password(page, testInfo, userId);
  await expect(page.getByRole("heading", { name: "2단계 인증" })).toBeVisible();
  const otp = page.locator("form#otp");
  await otp.getByLabel("인증 코드").fill(totpAt(secret, 0));
  await otp.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the user disables the factor with the password and a code", async ({ page, login }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  const { userId } = await login({ prefix: "otd" });
  await open(page, testInfo, "/myProfile/otp");
  const secret = await enrol(page);
  await expect(page.getByTestId("recovery-codes")).toBeVisible();

  await open(page, testInfo, "/myProfile/otp");
  const off = page.locator("form#disable");
  await field(off, "현재 비밀번호").fill("Wrong-pass9");
  await off.getByLabel("인증 코드").fill(totpAt(secret, 0));
  await off.getByRole("button", { name: "해제" }).click();
  await expect(off.getByText("현재 비밀번호가 일치하지 않습니다.").first()).toBeVisible();
  await expect(off.getByLabel("인증 코드")).toHaveValue(totpAt(secret, 0));
  await expectNoAxeViolations(page);
  await field(off, "현재 비밀번호").fill(JOIN_PASS);
  await off.getByLabel("인증 코드").fill(totpAt(secret, 0));
  await off.getByRole("button", { name: "해제" }).click();
  await expect(alerts(page).first()).toContainText("2단계 인증이 해제되었습니다.");
  await expect(page.getByTestId("otp-state")).toContainText("사용하지 않습니다.");

  await signOut(page, testInfo);
  await signIn(page, testInfo, userId, JOIN_PASS, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
});
