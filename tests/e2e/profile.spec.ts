/**
 * P03 profile edit: every message with values kept, a save, and a password change that signs out.
 * JS on and off. A test that shows or changes a user's profile makes the user for itself (`login`,
 * ADR 0089): the tests and the two projects run at the same time.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { DEMO_PASSWORD, expectNoAxeViolations, field, jsEnabled, onlyWithoutJavaScript, ready, signIn } from "./helpers";

const form = (page: Page) => page.locator("form#profile");

/** The profile page, signed in as `userId` first unless the page is signed in already. */
async function openProfile(page: Page, testInfo: TestInfo, userId?: string, password = DEMO_PASSWORD) {
  if (userId) await signIn(page, testInfo, userId, password);
  await page.goto("/myProfile");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "내 정보" })).toBeVisible();
}

/**
 * Presses 저장; a valid form first asks '저장 하시겠습니까?' (a modal with JavaScript, a step in the
 * page without it) and is confirmed.
 */
async function save(page: Page, testInfo: TestInfo, { valid }: { valid: boolean }) {
  await form(page).getByRole("button", { name: "저장" }).click();
  if (!valid) return;
  // an alertdialog either way (issue 36): a modal with JavaScript, a step in the page without
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("저장 하시겠습니까?")).toBeVisible();
  await confirm.getByRole("button", { name: "확인" }).click();
}

/** The message is shown (in the '알림' region without JavaScript, under the field with it), and nothing was saved. */
async function expectMessage(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("수정되었습니다.")).toHaveCount(0);
}

test("the profile page passes axe, shows the ID disabled and the stored values", async ({ page, login }, testInfo) => {
  const user = await login();
  await openProfile(page, testInfo);
  const f = form(page);
  await expect(field(f, "아이디")).toBeDisabled();
  // what the user applied with (applyForAccount)
  await expect(field(f, "아이디")).toHaveValue(user.userId);
  await expect(field(f, "이름")).toHaveValue(user.userNm);
  await expect(field(f, "소속")).toHaveValue("0000300001");
  await expect(field(f, "연락처 앞자리")).toHaveValue("010");
  await expect(field(f, "연락처 가운데 자리")).toHaveValue("2345");
  await expect(field(f, "이메일 아이디")).toHaveValue("minsu.kim");
  await expect(field(f, "입력자")).toBeChecked();
  await expect(field(f, "교육평가위원회")).not.toBeChecked();
  await expect(field(f, "새 비밀번호")).toHaveValue("");
  await expectNoAxeViolations(page);
});

test("a non-administrator sees their authorities read-only; a forged change is refused", async ({ page, baseURL, login }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await login();
  await openProfile(page, testInfo);
  const f = form(page);
  // the stored values stay visible and announced, with the reason, but cannot be changed
  await expect(field(f, "입력자")).toBeChecked();
  await expect(field(f, "입력자")).toBeDisabled();
  await expect(field(f, "교육평가위원회")).not.toBeChecked();
  await expect(field(f, "교육평가위원회")).toBeDisabled();
  await expect(field(f, "입력자")).toHaveAccessibleDescription("권한은 관리자만 변경할 수 있습니다.");
  await expect(f.getByText("권한은 관리자만 변경할 수 있습니다.")).toBeVisible();
  await expectNoAxeViolations(page);

  // a crafted post adding authority 2
  const csrf = await f.locator('input[name="_csrf"]').inputValue();
  const values = {
    _csrf: csrf, intent: "save", confirm: "save", userNm: await field(f, "이름").inputValue(), dptCd: await field(f, "소속").inputValue(),
    telNo1: "010", telNo2: "4545", telNo3: await field(f, "연락처 끝자리").inputValue(), email: await field(f, "이메일 아이디").inputValue(),
    emailCd: await field(f, "이메일 도메인").inputValue(),
  };
  const body = new URLSearchParams(values);
  body.append("authTy", "1");
  body.append("authTy", "2");
  const res = await page.request.post("/myProfile", {
    data: body.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("해당 메뉴는 접근할 수 없습니다.");
  await page.reload();
  await expect(field(form(page), "교육평가위원회")).not.toBeChecked();
  await expect(field(form(page), "연락처 가운데 자리")).not.toHaveValue("4545");
});

test("an administrator's authority boxes can be changed, and one must stay ticked", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await openProfile(page, testInfo, "admin");
  const f = form(page);
  await expect(field(f, "입력자")).toBeEnabled();
  await expect(field(f, "교육평가위원회")).toBeEnabled();
  await expect(f.getByText("권한은 관리자만 변경할 수 있습니다.")).toHaveCount(0);
  await field(f, "입력자").uncheck();
  await field(f, "교육평가위원회").uncheck();
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "권한을 선택하세요.");
  await expect(field(form(page), "입력자")).not.toBeChecked();
  await expect(field(form(page), "교육평가위원회")).not.toBeChecked();
});

test("each rule has its message and every typed value is kept", async ({ page, login }, testInfo) => {
  await login();
  await openProfile(page, testInfo);
  const f = form(page);
  const name = await field(f, "이름").inputValue();
  const dept = await field(f, "소속").inputValue();
  const mid = await field(f, "연락처 가운데 자리").inputValue();
  expect(mid).not.toBe("2222");

  // name: required, then letters only
  await field(f, "이름").fill("");
  await field(f, "연락처 가운데 자리").fill("2222");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "이름을 입력해주세요.");
  await expect(field(form(page), "이름")).toHaveAttribute("aria-invalid", "true");
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("2222");
  await field(form(page), "이름").fill("최 민서1");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "이름은 텍스트만 입력 가능합니다.");
  await expect(field(form(page), "이름")).toHaveValue("최 민서1");
  await field(form(page), "이름").fill(name);

  // department
  await field(form(page), "소속").selectOption("");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "소속을 선택하세요.");
  await expect(field(form(page), "이름")).toHaveValue(name);
  await field(form(page), "소속").selectOption(dept);

  // phone
  await field(form(page), "연락처 끝자리").fill("");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "연락처를 모두 입력하세요.");
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("2222");
  await expect(field(form(page), "소속")).toHaveValue(dept);
  await field(form(page), "연락처 끝자리").fill("3333");

  // e-mail: required, and no whitespace (stripped at once with JavaScript, refused by the server without)
  await field(form(page), "이메일 아이디").fill("");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "이메일을 모두 입력하세요.");
  await expect(field(form(page), "연락처 끝자리")).toHaveValue("3333");
  await field(form(page), "이메일 아이디").fill("min seo");
  if (jsEnabled(testInfo)) {
    await expect(field(form(page), "이메일 아이디")).toHaveValue("minseo");
  } else {
    await save(page, testInfo, { valid: false });
    await expect(field(form(page), "이메일 아이디")).toHaveValue("min seo");
  }
  await expectMessage(page, "이메일에 공백은 입력할 수 없습니다.");
  await field(form(page), "이메일 아이디").fill("minseo.choi");

  // authority: read-only here (an administrator's own test below checks its rule)
  await expect(field(form(page), "입력자")).toBeChecked();
  await expect(field(form(page), "이메일 아이디")).toHaveValue("minseo.choi");

  // password: the current one first (issue 17), then the rule, then the re-entry
  await field(form(page), "새 비밀번호").fill("Medical2026");
  await field(form(page), "새 비밀번호 확인").fill("Medical2026");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "현재 비밀번호를 입력하세요.");
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("2222");
  await field(form(page), "현재 비밀번호").fill("Wrong2026!x");
  await field(form(page), "새 비밀번호").fill("weakpass");
  await field(form(page), "새 비밀번호 확인").fill("weakpass");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "비밀번호는 세가지 종류(대문자와 소문자, 특수문자, 숫자) 이상의 8자리 이상으로 구성하세요.");
  await expect(field(form(page), "입력자")).toBeChecked();
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("2222");
  await field(form(page), "새 비밀번호").fill("Medical2026");
  await field(form(page), "새 비밀번호 확인").fill("Medical2027");
  await save(page, testInfo, { valid: false });
  await expectMessage(page, "비밀번호가 불일치 합니다. 다시 입력하세요.");
  await expect(field(form(page), "이름")).toHaveValue(name);
  if (!jsEnabled(testInfo)) {
    // passwords are never sent back to the browser
    await expect(field(form(page), "새 비밀번호")).toHaveValue("");
    await expectNoAxeViolations(page);
  }

  // a common password is refused by the server (the list is not in the page)
  await field(form(page), "현재 비밀번호").fill("Wrong2026!x");
  await field(form(page), "새 비밀번호").fill("Password1!");
  await field(form(page), "새 비밀번호 확인").fill("Password1!");
  // with JavaScript the modal asks first; without it the server answers before its question
  await save(page, testInfo, { valid: jsEnabled(testInfo) });
  await expectMessage(page, "너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력하세요.");
  await expect(field(form(page), "이름")).toHaveValue(name);

  // a wrong current password: refused (checked before the question without JavaScript, issue 37), the other values kept
  await field(form(page), "현재 비밀번호").fill("Wrong2026!x");
  await field(form(page), "새 비밀번호").fill("Medical2026");
  await field(form(page), "새 비밀번호 확인").fill("Medical2026");
  await save(page, testInfo, { valid: jsEnabled(testInfo) });
  await expectMessage(page, "현재 비밀번호가 일치하지 않습니다.");
  await expect(field(form(page), "이름")).toHaveValue(name);
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("2222");
  // without JavaScript passwords are never sent back (with it, the page keeps what was typed)
  if (!jsEnabled(testInfo)) await expect(field(form(page), "현재 비밀번호")).toHaveValue("");

  // nothing was saved
  await page.goto("/myProfile");
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue(mid);
  await expect(field(form(page), "이름")).toHaveValue(name);
});

test("a save shows '수정되었습니다.', the header and the form show the new values", async ({ page, login }, testInfo) => {
  const user = await login();
  await openProfile(page, testInfo);
  const f = form(page);
  const before = {
    name: await field(f, "이름").inputValue(),
    dept: await field(f, "소속").inputValue(),
    mid: await field(f, "연락처 가운데 자리").inputValue(),
  };
  const deptOptions = await field(f, "소속").locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const newDept = deptOptions.find((v) => v !== before.dept)!;
  const newDeptLabel = await field(f, "소속").locator(`option[value="${newDept}"]`).textContent();
  const newName = before.name.endsWith("준") ? `${before.name.slice(0, -1)}훈` : `${before.name.slice(0, -1)}준`;

  await field(f, "이름").fill(newName);
  await field(f, "소속").selectOption(newDept);
  await field(f, "연락처 가운데 자리").fill("9090");
  // a changed phone needs the current password (issue 37 item 1)
  await field(f, "현재 비밀번호").fill(user.password);
  // cancelling the confirmation saves nothing (a modal with JavaScript, a step in the page without)
  await f.getByRole("button", { name: "저장" }).click();
  if (jsEnabled(testInfo)) {
    await page.getByRole("alertdialog").getByRole("button", { name: "취소" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  } else {
    const step = page.getByRole("alertdialog");
    await expect(step.getByText("저장 하시겠습니까?")).toBeVisible();
    // the typed values are still there while it asks
    await expect(field(form(page), "이름")).toHaveValue(newName);
    await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("9090");
    await expectNoAxeViolations(page);
    await step.getByRole("link", { name: "취소" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(field(form(page), "이름")).toHaveValue(before.name);
    await field(form(page), "이름").fill(newName);
    await field(form(page), "소속").selectOption(newDept);
    await field(form(page), "연락처 가운데 자리").fill("9090");
    await field(form(page), "현재 비밀번호").fill(user.password);
  }
  await expect(page.getByText("수정되었습니다.")).toHaveCount(0);
  await save(page, testInfo, { valid: true });
  await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." })).toBeVisible();
  await expect(page).toHaveURL(/\/myProfile$/);

  await page.reload();
  await ready(page, testInfo);
  await expect(field(form(page), "이름")).toHaveValue(newName);
  await expect(field(form(page), "소속")).toHaveValue(newDept);
  await expect(field(form(page), "연락처 가운데 자리")).toHaveValue("9090");
  const header = page.getByRole("banner");
  await expect(header.getByText(newName).first()).toBeAttached();
  await expect(header.getByText(`소속: ${newDeptLabel}`)).toBeAttached();
  await expectNoAxeViolations(page);
});

test("a new password signs the user out; the new password signs in, the old one no longer does", async ({ page, login }, testInfo) => {
  // without JavaScript the password waits in the sealed session while the page asks '저장 하시겠습니까?'
  const { userId: account, password: old } = await login();
  const NEW = "Changed2026!";
  await openProfile(page, testInfo);
  await field(form(page), "현재 비밀번호").fill(old);
  await field(form(page), "새 비밀번호").fill(NEW);
  await field(form(page), "새 비밀번호 확인").fill(NEW);
  if (jsEnabled(testInfo)) {
    await save(page, testInfo, { valid: true });
  } else {
    await form(page).getByRole("button", { name: "저장" }).click();
    const step = page.getByRole("alertdialog");
    await expect(step.getByText("저장 하시겠습니까?")).toBeVisible();
    // the password is not in the page; it is saved with the confirmation
    await expect(field(form(page), "새 비밀번호")).toHaveValue("");
    await expect(page.getByText("입력한 새 비밀번호는 '확인'을 누르면 함께 저장됩니다.")).toBeVisible();
    await step.getByRole("button", { name: "확인" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("alert").filter({ hasText: "비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요." })).toBeVisible();
  await page.goto("/myProfile");
  await expect(page).toHaveURL(/redirectTo=%2FmyProfile/);

  await signIn(page, testInfo, account, old, { ui: true });
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();

  // the new one works
  await signIn(page, testInfo, account, NEW, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await openProfile(page, testInfo);
  await expect(field(form(page), "아이디")).toHaveValue(account);
});
