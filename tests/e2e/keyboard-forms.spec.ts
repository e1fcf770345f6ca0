/**
 * Issue 36, what axe cannot see in the forms (ADR 0060), JavaScript on and off:
 * required fields say so (item 4), every message is tied to its field (item 5), a refused post puts
 * the focus on the first refused field (item 8), a search keeps the focus and says its count (item 6).
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, ready, signIn } from "./helpers";

const REQUIRED = "필수 입력사항을 입력하세요.";
const AUTH_REQUIRED = "권한을 선택하세요.";

async function openSignup(page: Page, testInfo: TestInfo) {
  await page.goto("/?dialog=signup");
  await ready(page, testInfo);
  // with JavaScript the dialog is the user's once it is modal (the page has made it so)
  if (jsEnabled(testInfo)) await page.locator("dialog[data-modal]").waitFor();
  return page.locator("#signup");
}

/** The input is required, invalid and described by exactly this message. */
async function expectRefused(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

test("sign-up: every required field says so to assistive technology", async ({ page }, testInfo) => {
  const form = await openSignup(page, testInfo);
  for (const label of ["아이디", "이름", "소속", "비밀번호", "비밀번호 확인"]) await expect(field(form, label)).toHaveAttribute("aria-required", "true");
  for (const label of ["연락처 앞자리", "연락처 가운데 자리", "연락처 끝자리", "이메일 아이디", "이메일 도메인"]) await expect(form.getByLabel(label)).toHaveAttribute("aria-required", "true");
  // the 권한 boxes: at least one, so the group says it (its legend), not each box
  await expect(form.getByRole("group", { name: "권한 (필수)" })).toBeVisible();
  // the asterisk stays visual only, and no field is natively required (the server's Korean message decides)
  await expect(form.locator("[required]")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("sign-up refused: each message is tied to its fields, and the first refused field has the focus", async ({ page }, testInfo) => {
  const form = await openSignup(page, testInfo);
  await form.getByRole("button", { name: "가입 신청" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("alert").filter({ hasText: REQUIRED }).first()).toBeVisible();
  // item 8: the first field in screen order takes the focus (server-rendered autofocus without JavaScript)
  await expect(field(form, "아이디")).toBeFocused();
  await expectRefused(field(form, "아이디"), REQUIRED);
  // item 5: the group's parts that failed are invalid and read the group's message
  const phoneMessage = (await form.getByRole("group", { name: /^연락처/ }).locator("p, div").filter({ hasText: /입력/ }).last().textContent())?.trim() ?? "";
  expect([REQUIRED, "연락처를 모두 입력하세요."]).toContain(phoneMessage);
  for (const part of ["연락처 가운데 자리", "연락처 끝자리"]) await expectRefused(form.getByLabel(part), phoneMessage);
  const emailMessage = (await form.getByRole("group", { name: /^이메일/ }).locator("p, div").filter({ hasText: /입력/ }).last().textContent())?.trim() ?? "";
  expect([REQUIRED, "이메일을 모두 입력하세요."]).toContain(emailMessage);
  await expectRefused(form.getByLabel("이메일 아이디"), emailMessage);
  await expectRefused(form.getByLabel("이메일 도메인"), emailMessage);
  const boxes = form.getByRole("group", { name: "권한 (필수)" }).getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThan(0);
  for (const box of await boxes.all()) await expectRefused(box, AUTH_REQUIRED);
  // every password field
  await expectRefused(field(form, "비밀번호"), `${REQUIRED} 영문, 숫자, 특수문자 또는 대소문자를 섞어 8자 이상`);
  await expectRefused(field(form, "비밀번호 확인"), REQUIRED);
  await expectNoAxeViolations(page);
});

test("sign-up refused on the phone alone: the phone's failing part takes the focus", async ({ page }, testInfo) => {
  const form = await openSignup(page, testInfo);
  await field(form, "아이디").fill(`kbd${Date.now().toString(36)}${jsEnabled(testInfo) ? "j" : "n"}`);
  await form.getByRole("button", { name: "중복확인" }).click();
  // the check is one post; a loaded 2-core machine has taken more than the default 10 s for it
  await expect(page.getByText("사용 가능한 아이디입니다.")).toBeVisible({ timeout: 20_000 });
  await field(form, "이름").fill("김민수");
  await field(form, "소속").selectOption({ index: 1 });
  await form.getByLabel("이메일 아이디").fill("minsu");
  await form.getByLabel("이메일 도메인").selectOption({ index: 1 });
  await form.getByRole("checkbox").first().check();
  await field(form, "비밀번호").fill("Join-pass9");
  await field(form, "비밀번호 확인").fill("Join-pass9");
  await form.getByRole("button", { name: "가입 신청" }).click();
  await ready(page, testInfo);
  const middle = form.getByLabel("연락처 가운데 자리");
  await expect(middle).toBeFocused();
  await expect(middle).toHaveAttribute("aria-invalid", "true");
  await expect(field(form, "아이디")).not.toHaveAttribute("aria-invalid", "true");
});

test("sign-in refused without a marked field: the password to type again has the focus", async ({ page, insertNewUser }, testInfo) => {
  // an account of the test's own: a failure counts against the account (ADR 0089)
  const { userId } = await insertNewUser();
  await signIn(page, testInfo, userId, "Wrong-password1");
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();
  // without JavaScript the page is new: the server renders the focus; with it the post leaves it where it was
  if (!jsEnabled(testInfo)) await expect(page.getByLabel("비밀번호", { exact: true })).toBeFocused();
  await expect(page.getByLabel("아이디")).toHaveValue(userId);
});

test("patient safety: 학번 is required, and a refused save puts the focus on the refused score", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.goto(`/insert/eval/patient-safety?year=${new Date().getFullYear() - 1}`);
  await ready(page, testInfo);
  const edit = page.getByRole("link", { name: /^수정: / }).first();
  if (!(await edit.count())) {
    await page.goto("/insert/eval/patient-safety");
    await ready(page, testInfo);
  }
  await page.getByRole("link", { name: /^수정: / }).first().click();
  await ready(page, testInfo);
  const form = page.locator("#pss-form");
  const row = form.locator("fieldset.student-row").first();
  await expect(field(row, "학번")).toHaveAttribute("aria-required", "true");
  await field(row, "퀴즈").fill("31");
  await form.getByRole("button", { name: "수정", exact: true }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("alert").filter({ hasText: "퀴즈 점수는 30점을 넘을 수 없습니다." }).first()).toBeVisible();
  const quiz = field(form.locator("fieldset.student-row").first(), "퀴즈");
  await expect(quiz).toBeFocused();
  await expect(quiz).toHaveAttribute("aria-invalid", "true");
});

test("student form: 이름 is required, and a refused save focuses the first refused field", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.goto(`/insert/student/add?year=${new Date().getFullYear()}`);
  await ready(page, testInfo);
  const form = page.locator("#student-form");
  const name = field(form, "이름");
  await expect(name).toHaveAttribute("aria-required", "true");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await ready(page, testInfo);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
});

test("a search keeps the focus on the search box and says the new count", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.goto("/insert/student/volunteer");
  await ready(page, testInfo);
  const box = page.getByRole("searchbox").or(page.getByRole("textbox", { name: "검색어" })).first();
  const count = page.getByRole("status").filter({ hasText: /^전체 [\d,]+건$/ });
  await expect(count).toHaveCount(1);
  const before = (await count.textContent()) ?? "";
  // a search on a name that no one has: the count says 0
  await box.fill("없는이름검색");
  await box.press("Enter");
  await expect(page).toHaveURL(/value=/);
  await ready(page, testInfo);
  await expect(count).toHaveText("전체 0건");
  expect(before).not.toBe("전체 0건");
  await expect(box).toBeFocused();
  // the box is described by the count, so the result is read with it (without JavaScript, on the new page)
  await expect(box).toHaveAccessibleDescription("전체 0건");
  if (jsEnabled(testInfo)) {
    // with JavaScript the count changed in place, in a polite status region
    await expect(count).toHaveAttribute("role", "status");
  }
  await expectNoAxeViolations(page);
});
