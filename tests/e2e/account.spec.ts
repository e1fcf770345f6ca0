/**
 * P01 dialogs: sign-up with the ID duplicate check, find-password and change-password with the
 * one-time code an administrator passes on from 계정 메일 보관함 (no mail server here; issue 17).
 * JS on and off; the find-password flow's long walk runs without JavaScript, a short walk with it
 * (ADR 0087).
 */
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn, uniqueId } from "./helpers";

const PASSWORD = "Medical2026";

async function openSignup(page: Page, testInfo: Parameters<typeof ready>[1]) {
  await page.goto("/");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "회원가입" }).click();
  await expect(page.getByRole("heading", { name: "회원가입" })).toBeVisible();
  await ready(page, testInfo);
}

const dialog = (page: Page) => page.locator("#signup-dialog, [role=dialog]").first();

/** An administrator's look at 계정 메일 보관함 in a browser of their own: the rows of `userId`'s mails, newest first. */
async function outboxOf(browser: Browser, testInfo: TestInfo, userId: string, check = false) {
  const ctx = await browser.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: jsEnabled(testInfo), locale: "ko-KR" });
  try {
    const admin = await ctx.newPage();
    await signIn(admin, testInfo, "admin");
    await admin.goto("/management/mail");
    await ready(admin, testInfo);
    await expect(admin.getByRole("heading", { level: 1, name: "계정 메일 보관함" })).toBeVisible();
    if (check) await expectNoAxeViolations(admin);
    const rows = admin.getByTestId("account-mail").filter({ hasText: `(${userId})` });
    return await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent ?? "")));
  } finally {
    await ctx.close();
  }
}

/** The one-time code the administrator reads for `userId`. */
async function codeFromOutbox(browser: Browser, testInfo: TestInfo, userId: string, check = false) {
  const row = (await outboxOf(browser, testInfo, userId, check)).find((cells) => cells[3] === "비밀번호 찾기 인증번호");
  const code = /[0-9]{6}/.exec(row?.[4] ?? "")?.[0];
  expect(code, "a code in the outbox").toBeTruthy();
  return code!;
}

/** The find form's 확인 with a match: the change-password form opens, saying where the code went (no mail server here: to the administrators), with axe. */
async function changeOpens(page: Page, testInfo: TestInfo, find: Locator) {
  await find.getByRole("button", { name: "확인" }).click();
  await expect(page.getByRole("heading", { name: "비밀번호 변경" })).toBeVisible();
  await ready(page, testInfo);
  const c = page.locator("#change-dialog, [role=dialog]").first();
  await expect(c.getByText("메일 서버가 없어 인증번호를 관리자에게 전달했습니다.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  return c;
}

/**
 * An account of `id` applied for through the sign-up form (it waits for approval), then the
 * sign-in page's 비밀번호 찾기 opened, with axe: the find form, for the find-password walks.
 */
async function signUpThenFind(page: Page, testInfo: TestInfo, id: string) {
  await openSignup(page, testInfo);
  const d = dialog(page);
  await fillPerson(page, d, id, "김찾기");
  await field(d, "입력자").check();
  await d.getByRole("button", { name: "중복확인" }).click();
  await expect(d.getByText("사용 가능한 아이디입니다.").first()).toBeVisible();
  await field(d, "비밀번호").fill(PASSWORD);
  await field(d, "비밀번호 확인").fill(PASSWORD);
  await d.getByRole("button", { name: "가입 신청" }).click();
  await expect(page).toHaveURL(/\/\?focus=signup$/);

  await ready(page, testInfo);
  await page.getByRole("link", { name: "비밀번호 찾기" }).click();
  await expect(page.getByRole("heading", { name: "비밀번호 찾기" })).toBeVisible();
  await ready(page, testInfo);
  const f = page.locator("#find-dialog, [role=dialog]").first();
  await expectNoAxeViolations(page);
  return f;
}

async function fillPerson(page: Page, scope: ReturnType<typeof dialog>, id: string, name: string) {
  await field(scope, "아이디").fill(id);
  await field(scope, "이름").fill(name);
  await field(scope, "소속").selectOption({ index: 1 });
  await field(scope, "연락처 가운데 자리").fill("2345");
  await field(scope, "연락처 끝자리").fill("6789");
  await field(scope, "이메일 아이디").fill(`${id}.mail`);
  await field(scope, "이메일 도메인").selectOption({ index: 1 });
}

test("sign-up: every message, the duplicate check, and an account waiting for approval", async ({ page }, testInfo) => {
  await openSignup(page, testInfo);
  const d = dialog(page);
  await expectNoAxeViolations(page);

  // empty submit: the required-fields message and the authority message
  await d.getByRole("button", { name: "가입 신청" }).click();
  await expect(d.getByText("필수 입력사항을 입력하세요.").first()).toBeVisible();
  await expect(d.getByText("권한을 선택하세요.").first()).toBeVisible();

  // an id that is taken
  await field(d, "아이디").fill("admin");
  await field(d, "이름").fill("홍길동");
  await d.getByRole("button", { name: "중복확인" }).click();
  await expect(d.getByText("중복된 아이디입니다. 다른 아이디로 설정하세요.").first()).toBeVisible();
  await expect(field(d, "이름")).toHaveValue("홍길동");

  // bad field values, each with its message, typed values kept
  const id = uniqueId("e2e");
  await fillPerson(page, d, id, "홍 길동");
  await field(d, "교육평가위원회").check();
  await field(d, "비밀번호").fill("short");
  await field(d, "비밀번호 확인").fill("other");
  await d.getByRole("button", { name: "가입 신청" }).click();
  await expect(d.getByText("아이디 중복확인을 확인하세요.").first()).toBeVisible();
  await expect(d.getByText("이름은 텍스트만 입력 가능합니다.").first()).toBeVisible();
  await expect(d.getByText("비밀번호는 세가지 종류(대문자와 소문자, 특수문자, 숫자) 이상의 8자리 이상으로 구성하세요.").first()).toBeVisible();
  await expect(field(d, "아이디")).toHaveValue(id);
  await expect(field(d, "연락처 가운데 자리")).toHaveValue("2345");
  await expect(field(d, "교육평가위원회")).toBeChecked();

  // id format
  await field(d, "아이디").fill("bad id!");
  await d.getByRole("button", { name: "중복확인" }).click();
  await expect(d.getByText("아이디는 영문 / 숫자 / -,_ 특수기호만 입력 가능합니다.").first()).toBeVisible();

  // available id, then a change to the id forgets the check
  await field(d, "아이디").fill(id);
  await d.getByRole("button", { name: "중복확인" }).click();
  await expect(d.getByText("사용 가능한 아이디입니다.").first()).toBeVisible();
  await field(d, "아이디").fill(`${id}x`);
  await field(d, "이름").fill("홍길동");
  await field(d, "비밀번호").fill(PASSWORD);
  await field(d, "비밀번호 확인").fill(`${PASSWORD}x`);
  await d.getByRole("button", { name: "가입 신청" }).click();
  await expect(d.getByText("아이디 중복확인을 확인하세요.").first()).toBeVisible();
  await expect(d.getByText("비밀번호가 불일치 합니다. 다시 입력하세요.").first()).toBeVisible();

  // the checked id, matching passwords: the application is made
  await field(d, "아이디").fill(id);
  await d.getByRole("button", { name: "중복확인" }).click();
  await expect(d.getByText("사용 가능한 아이디입니다.").first()).toBeVisible();
  await field(d, "비밀번호").fill(PASSWORD);
  await field(d, "비밀번호 확인").fill(PASSWORD);
  await d.getByRole("button", { name: "가입 신청" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "관리자 승인 후 로그인할 수 있습니다." }).first()).toBeVisible();
  // back on the sign-in page, the focus on the link that opened the dialog (ADR 0059)
  await expect(page).toHaveURL(/\/\?focus=signup$/);
  await expect(page.getByRole("link", { name: "회원가입" })).toBeFocused();

  // the new account waits for approval
  await signIn(page, testInfo, id, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "관리자 승인 대기 중인 계정입니다." })).toBeVisible();
});

test("find-password: no match, then a match opens change-password, which needs the code sent to the owner", async ({ page, browser }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  // sign-up, the outbox's administrator sign-in and two changes each hash at full scrypt cost: about
  // 30 s on a quiet machine, twice that on CI's shared cores
  test.setTimeout(150_000);
  // an account to find
  const id = uniqueId("fp");
  const f = await signUpThenFind(page, testInfo, id);

  await f.getByRole("button", { name: "확인" }).click();
  await expect(f.getByText("필수 입력사항을 입력하세요.").first()).toBeVisible();

  await fillPerson(page, f, id, "김찾기");
  await field(f, "이름").fill("김다름");
  await f.getByRole("button", { name: "확인" }).click();
  await expect(f.getByText("가입된 사용자가 없습니다.").first()).toBeVisible();
  await expect(field(f, "아이디")).toHaveValue(id);
  await expect(field(f, "이름")).toHaveValue("김다름");

  // the department and e-mail domain picked when signing up were option 1 of each list
  await field(f, "소속").selectOption({ index: 1 });
  await field(f, "이메일 도메인").selectOption({ index: 1 });
  await field(f, "이름").fill("김찾기");
  const c = await changeOpens(page, testInfo, f);

  // personal details alone change nothing: the code is required, then checked
  await field(c, "새 비밀번호").fill("Changed2026!");
  await field(c, "새 비밀번호 확인").fill("Changed2026!");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(c.getByText("인증번호를 입력하세요.").first()).toBeVisible();
  const code = await codeFromOutbox(browser, testInfo, id, true);
  const wrong = code === "000000" ? "111111" : "000000";
  await field(c, "인증번호").fill(wrong);
  await field(c, "새 비밀번호").fill("Changed2026!");
  await field(c, "새 비밀번호 확인").fill("Changed2026!");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(c.getByText("인증번호가 일치하지 않습니다. (남은 입력 횟수 4회)").first()).toBeVisible();
  await expect(field(c, "인증번호")).toHaveValue(wrong);

  await field(c, "인증번호").fill(code);
  await field(c, "새 비밀번호").fill("weak");
  await field(c, "새 비밀번호 확인").fill("weak");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(c.getByText("비밀번호는 세가지 종류(대문자와 소문자, 특수문자, 숫자) 이상의 8자리 이상으로 구성하세요.").first()).toBeVisible();
  await expect(field(c, "인증번호")).toHaveValue(code);

  // a common password is refused by the server
  await field(c, "새 비밀번호").fill("Password1!");
  await field(c, "새 비밀번호 확인").fill("Password1!");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(c.getByText("너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력하세요.").first()).toBeVisible();

  await field(c, "인증번호").fill(code);
  await field(c, "새 비밀번호").fill("Changed2026!");
  await field(c, "새 비밀번호 확인").fill("Changed2026!");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "비밀번호가 변경되었습니다." }).first()).toBeVisible();

  // the old password is refused, the new one is accepted (the account still waits for approval)
  await signIn(page, testInfo, id, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();
  await signIn(page, testInfo, id, "Changed2026!");
  await expect(page.getByRole("alert").filter({ hasText: "관리자 승인 대기 중인 계정입니다." })).toBeVisible();

  // the owner is told; the used code is no longer readable
  const mails = await outboxOf(browser, testInfo, id);
  expect(mails[0][3]).toBe("비밀번호 변경 안내");
  expect(mails[0][4]).toContain("비밀번호가");
  expect(mails.find((cells) => cells[3] === "비밀번호 찾기 인증번호")?.[4]).not.toContain(code);
});

test("short walk (the long flow runs without JavaScript): find-password finds the account, change-password takes the code and changes the password", async ({ page, browser }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  const id = uniqueId("fs");
  const f = await signUpThenFind(page, testInfo, id);
  await fillPerson(page, f, id, "김찾기");
  const c = await changeOpens(page, testInfo, f);

  await field(c, "인증번호").fill(await codeFromOutbox(browser, testInfo, id));
  await field(c, "새 비밀번호").fill("Changed2026!");
  await field(c, "새 비밀번호 확인").fill("Changed2026!");
  await c.getByRole("button", { name: "변경" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "비밀번호가 변경되었습니다." }).first()).toBeVisible();
  // the new password is the account's (which still waits for approval)
  await signIn(page, testInfo, id, "Changed2026!");
  await expect(page.getByRole("alert").filter({ hasText: "관리자 승인 대기 중인 계정입니다." })).toBeVisible();
});

test("change-password cannot be opened without a find", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.goto("/?dialog=change");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "비밀번호 찾기" })).toBeVisible();
  await expect(page.getByText("비밀번호 변경 시간이 지났습니다.").first()).toBeVisible();
});
