/**
 * P16 사용자 관리 (spec 000 §2, §5 "User administration", §6 masking, §8; issue 16; ADR 0040), with
 * JavaScript on and off and axe: join requests made through the sign-up form are approved from
 * their detail (a permission needed: '권한을 선택하세요.') and several at once ('승인 되었습니다.');
 * the list shows names, phones and e-mails masked and never the whole values; a user registered
 * with the id check is edited (a field rule keeps the input) and the saved value is there after a
 * reload; a reset password (asked first, then '초기화 되었습니다.') signs in to the change-password screen; a user
 * without the administrator role is refused.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { applyForAccount, expectNoAxeViolations, field, jsEnabled, onlyWithoutJavaScript, ready, signIn, uniqueId } from "./helpers";

const PATH = "/management/member";
const FORM = "/management/member/registration";

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

/** The message of the page's '알림' region that says something (under its title). */
const alertRegion = (page: Page) => page.getByTestId("alert-region").filter({ hasText: /\S/ }).first().locator("p").nth(1);

test("join requests are approved from their detail and several at once; the list is masked", async ({ page, request, baseURL }, testInfo) => {
  const base = uniqueId("join");
  const [a, b, c] = ["a", "b", "c"].map((s) => `${base}${s}`);
  for (const id of [a, b, c]) await applyForAccount(request, baseURL!, id, "김민수");

  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${PATH}?value=${base}`);
  const joins = page.getByTestId("join-requests");
  await expect(joins.getByRole("heading", { name: "가입 요청 (3건)" })).toBeVisible();
  const rows = page.getByTestId("join-row");
  await expect(rows).toHaveCount(3);
  // masked: the second character of the name, the middle of the phone, the last 3 of the e-mail
  await expect(rows.first()).toContainText("김*수");
  await expect(rows.first()).toContainText("010-****-6789");
  await expect(rows.first()).toContainText("minsu.***@");
  const html = await page.content();
  for (const whole of ["김민수", "2345", "minsu.kim"]) expect(html, whole).not.toContain(whole);
  await expectNoAxeViolations(page);

  // one by its detail: a permission is needed
  await rows.filter({ hasText: a }).getByRole("link", { name: `승인 상세: ${a}` }).click();
  const dialog = page.getByRole("dialog", { name: "가입 승인" });
  await expect(dialog.getByTestId("approve-detail")).toContainText(a);
  await expect(dialog.getByTestId("approve-detail")).toContainText("김*수");
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  await dialog.getByLabel("입력자").uncheck();
  await dialog.getByRole("button", { name: "승인" }).click();
  await expect(page.getByRole("dialog", { name: "가입 승인" }).getByText("권한을 선택하세요.").first()).toBeVisible();
  await page.getByRole("dialog", { name: "가입 승인" }).getByLabel("교육평가위원회").check();
  await page.getByRole("dialog", { name: "가입 승인" }).getByRole("button", { name: "승인" }).click();
  await expect(alertRegion(page)).toHaveText("승인 되었습니다.");
  await expect(page.getByRole("dialog", { name: "가입 승인" })).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  const approvedA = page.getByTestId("member-row").filter({ hasText: a });
  await expect(approvedA).toContainText("교육평가위원회");
  await expect(approvedA).toContainText("김*수");

  // several at once: the selection, then the permission
  await page.getByLabel(`선택: ${b}`).check();
  await page.getByLabel(`선택: ${c}`).check();
  await joins.getByRole("button", { name: "선택 승인" }).click();
  await expect(alertRegion(page)).toHaveText("권한을 선택하세요.");
  await expect(page.getByLabel(`선택: ${b}`)).toBeChecked();
  await joins.getByLabel("입력자").check();
  await joins.getByRole("button", { name: "선택 승인" }).click();
  await expect(alertRegion(page)).toHaveText("승인 되었습니다.");
  await expect(joins.getByRole("heading", { name: "가입 요청 (0건)" })).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(3);

  // the approval-state filter: approved only hides the group
  await open(page, testInfo, `${PATH}?value=${base}&aprYn=Y`);
  await expect(page.getByTestId("join-requests")).toHaveCount(0);
  await expect(page.getByTestId("member-row")).toHaveCount(3);
  await expectNoAxeViolations(page);
});

/** Registers a user on the register page (id check first) and answers the initial password shown. */
async function registerUser(page: Page, testInfo: TestInfo, userId: string): Promise<string> {
  await open(page, testInfo, FORM);
  await expect(page.getByRole("heading", { name: "사용자 등록" })).toBeVisible();
  await field(page, "아이디").fill(userId);
  await field(page, "이름").fill("이서연");
  await field(page, "소속").selectOption({ index: 1 });
  await page.getByLabel("연락처 가운데 자리").fill("3456");
  await page.getByLabel("연락처 끝자리").fill("7890");
  await page.getByLabel("이메일 아이디").fill("seoyeon.lee");
  await page.getByLabel("이메일 도메인").selectOption({ index: 1 });
  await page.getByLabel("입력자").check();
  // the duplicate check is needed for a new user
  await page.getByRole("button", { name: "저장" }).click();
  await expect(alertRegion(page)).toHaveText("아이디 중복확인을 확인하세요.");
  await expect(field(page, "이름")).toHaveValue("이서연");
  await page.getByRole("button", { name: "중복확인" }).click();
  await expect(page.getByTestId("id-check-message")).toHaveText("사용 가능한 아이디입니다.");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(alertRegion(page)).toHaveText("등록 성공하였습니다.");
  const pass = (await page.getByTestId("init-pass-value").textContent()) ?? "";
  expect(pass).toMatch(/^\S{12}$/);
  await expectNoAxeViolations(page);
  return pass;
}

test("a registered user is edited, a field rule keeps the input, the saved value is there after a reload", async ({ page }, testInfo) => {
  const userId = uniqueId("mem");
  await signIn(page, testInfo, "admin");
  await registerUser(page, testInfo, userId);
  await open(page, testInfo, (await page.getByRole("link", { name: "등록한 사용자 보기" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { name: "사용자 수정" })).toBeVisible();
  await expect(page.getByLabel("아이디", { exact: true })).toHaveValue(userId);
  await expectNoAxeViolations(page);

  // the permission first: with JavaScript the name's error appears when the name field loses the
  // focus, which moves the boxes below it down under a click that comes right after
  await page.getByLabel("교육평가위원회").check();
  await field(page, "이름").fill("이서 연");
  await page.getByRole("button", { name: "저장" }).click();
  // the browser's check (JavaScript) shows it at the field and in the form; the server's in the page's '알림'
  await expect(page.getByText("이름은 텍스트만 입력 가능합니다.", { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("교육평가위원회")).toBeChecked();
  await expect(page.getByLabel("연락처 가운데 자리")).toHaveValue("3456");
  await field(page, "이름").fill("이서윤");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(alertRegion(page)).toHaveText("수정되었습니다.");
  await page.reload();
  await ready(page, testInfo);
  await expect(field(page, "이름")).toHaveValue("이서윤");
  await expect(page.getByLabel("교육평가위원회")).toBeChecked();
  await expect(page.getByLabel("입력자")).toBeChecked();

  // in the list: masked, with both permissions
  await open(page, testInfo, `${PATH}?value=${userId}`);
  const row = page.getByTestId("member-row").filter({ hasText: userId });
  await expect(row).toContainText("이*윤");
  await expect(row).toContainText("입력자, 교육평가위원회");
  await expect(row).toContainText("010-****-7890");
  await expect(row).toContainText("seoyeon.***@");
});

test("a reset password signs in to the change-password screen", async ({ page, browser }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const userId = uniqueId("rst");
  await signIn(page, testInfo, "admin");
  await registerUser(page, testInfo, userId);
  await page.getByRole("link", { name: "등록한 사용자 보기" }).click();
  await ready(page, testInfo);
  // asked first (it ends the user's sessions): a modal with JavaScript, a step in the page without
  await page.getByRole("button", { name: "비밀번호 초기화" }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("이 사용자의 비밀번호를 초기화하시겠습니까? 로그인 중인 세션이 모두 끝나고, 새 초기 비밀번호는 이 화면에 한 번만 표시됩니다.");
  await expect(page.getByTestId("init-pass")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "확인" }).click();
  await expect(alertRegion(page)).toHaveText("초기화 되었습니다.");
  const pass = (await page.getByTestId("init-pass-value").textContent()) ?? "";
  expect(pass).toMatch(/^\S{12}$/);
  await expectNoAxeViolations(page);

  const other = await browser.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: jsEnabled(testInfo) });
  const userPage = await other.newPage();
  await signIn(userPage, testInfo, userId, pass, { ui: true });
  await expect(userPage).toHaveURL(/\/change-password$/);
  await expect(userPage.getByRole("heading", { name: "비밀번호 변경" }).first()).toBeVisible();
  await other.close();
});

test("a user who is not an administrator is refused the screens and their posts", async ({ page, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "entry01");
  for (const url of [PATH, `${FORM}?seq=1`]) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(alertRegion(page)).toContainText("해당 메뉴는 접근할 수 없습니다.");
  }
  const html = await (await page.request.get("/dashboard")).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const post = await page.request.post(PATH, { form: { _csrf: csrf, intent: "approve", userSeq: "1", authTy: "1" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toContain("/dashboard");
});
