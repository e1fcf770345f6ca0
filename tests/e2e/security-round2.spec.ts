/**
 * Issue 37 (ADR 0064), as a user sees it, JavaScript on and off: a changed e-mail on the profile
 * needs the current password and is saved with it (the old address told in the account-mail
 * outbox); a committee member opening a data page's preview gets the Korean 404 page.
 */
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, onlyWithoutJavaScript, ready, signIn } from "./helpers";

const form = (page: Page) => page.locator("form#profile");

test("a new e-mail needs the current password; with it the e-mail is saved and the old address is told", async ({ page, browser, login }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  // an account of the test's own (ADR 0089)
  const { userId, password } = await login();
  await page.goto("/myProfile");
  await ready(page, testInfo);
  const before = await field(form(page), "이메일 아이디").inputValue();
  expect(before).toBe("minsu.kim");
  const target = `${before}.s2`;

  await field(form(page), "이메일 아이디").fill(target);
  await form(page).getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("이메일이나 연락처를 바꾸려면 현재 비밀번호를 입력하세요.").first()).toBeVisible();
  await expect(field(form(page), "이메일 아이디")).toHaveValue(target);
  await expectNoAxeViolations(page);

  await field(form(page), "현재 비밀번호").fill(password);
  await form(page).getByRole("button", { name: "저장" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("저장 하시겠습니까?")).toBeVisible();
  await confirm.getByRole("button", { name: "확인" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." })).toBeVisible();
  await page.reload();
  await ready(page, testInfo);
  await expect(field(form(page), "이메일 아이디")).toHaveValue(target);

  // the administrators' outbox holds the notice, to the address as it was
  const adminPage = await (await browser.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: jsEnabled(testInfo) })).newPage();
  await signIn(adminPage, testInfo, "admin");
  await adminPage.goto("/management/mail");
  const row = adminPage.getByRole("row").filter({ hasText: "연락처 변경 안내" }).filter({ hasText: userId }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${before.slice(0, 2)}`);
  await adminPage.context().close();
});

test("a committee member's preview of a data page's file is the Korean 404 page", async ({ page, browser }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  // a data-entry user reads the seeded file's preview address on the data page
  await signIn(page, testInfo, "entry01");
  await page.goto("/data/61?year=2025");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "미리보기: 교육과정 운영계획서.pdf" }).click();
  const src = await page.locator("iframe[title$='미리보기']").getAttribute("src");
  expect(src).toMatch(/^\/view\/pdfView\.do\?filePath=/);
  expect((await page.request.get(src!)).status()).toBe(200);

  const other = await (await browser.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: jsEnabled(testInfo) })).newPage();
  await signIn(other, testInfo, "committee01");
  const res = await other.goto(src!);
  expect(res?.status()).toBe(404);
  await expect(other.getByRole("heading", { level: 1, name: "알림" })).toBeVisible();
  await expect(other.getByRole("alert")).toHaveText("파일을 찾을 수 없거나 볼 수 있는 권한이 없습니다.");
  await expectNoAxeViolations(other);
  await other.context().close();
});
