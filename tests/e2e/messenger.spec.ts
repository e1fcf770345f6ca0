/**
 * P04 messenger: inbox and paging, send (validation, authority rule), delete, XSS, mark all read.
 * JS on and off. The two projects run at the same time: every test finds its messages by a unique
 * text and sends to authority 1 only, but for the bell test, whose committee member is its own
 * (`insertNewUser`, ADR 0089): it sends one message to authority 2 and marks it read.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { DEMO_PASSWORD, expectNoAxeViolations, field, jsEnabled, onlyWithJavaScript, onlyWithoutJavaScript, ready, signIn, uniqueId } from "./helpers";

const sendDialog = (page: Page) => page.locator("#send-dialog, [role=dialog]").first();
const rows = (page: Page) => page.getByTestId("message-row");

async function openMessenger(page: Page, testInfo: TestInfo, userId: string) {
  await page.context().clearCookies();
  await signIn(page, testInfo, userId, DEMO_PASSWORD, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/messenger");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "메신저" })).toBeVisible();
}

async function openSendDialog(page: Page, testInfo: TestInfo) {
  await page.getByRole("link", { name: "메시지 보내기" }).click();
  await expect(page.getByRole("heading", { name: "메시지 보내기" })).toBeVisible();
  await ready(page, testInfo);
  return sendDialog(page);
}

/** committee01 sends `text` to authority 1 (입력자), or to authority 2 (교육평가위원회), through the dialog. */
async function sendAsCommittee(page: Page, testInfo: TestInfo, text: string, to: "입력자" | "교육평가위원회" = "입력자") {
  await openMessenger(page, testInfo, "committee01");
  const d = await openSendDialog(page, testInfo);
  await field(d, "내용").fill(text);
  await field(d, to).check();
  await d.getByRole("button", { name: "보내기" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "등록 성공하였습니다." })).toBeVisible();
  await expect(page).toHaveURL(/\/messenger$/);
}

test("the inbox passes axe, with its caption, headers and count; the send dialog too", async ({ page }, testInfo) => {
  await openMessenger(page, testInfo, "entry01");
  const table = page.getByTestId("inbox");
  await expect(table.locator("caption")).toContainText("받은 메시지");
  for (const h of ["선택", "보낸 사람", "내용", "받은 날짜", "읽음"]) {
    await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("inbox-count")).toContainText("전체");
  await expectNoAxeViolations(page);

  await openMessenger(page, testInfo, "committee01");
  await expectNoAxeViolations(page);
  await openSendDialog(page, testInfo);
  await expectNoAxeViolations(page);
});

test("a message sent by committee01 to authority 1 reaches entry01; delete with and without a selection", async ({ page }, testInfo) => {
  const text = `e2e 메시지 ${uniqueId("m")}`;
  await sendAsCommittee(page, testInfo, `${text}\n둘째 줄`);

  await openMessenger(page, testInfo, "entry01");
  const row = rows(page).filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("박지훈");
  await expect(row).toContainText("안 읽음");
  await expect(row.getByTestId("message-html").locator("br")).toHaveCount(1);
  await expect(page.getByTestId("bell-count")).toBeAttached();

  // nothing selected
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제할 메시지를 선택해주세요." })).toBeVisible();
  await expect(row).toHaveCount(1);

  // the new message selected
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제 성공하였습니다." })).toBeVisible();
  await expect(rows(page).filter({ hasText: text })).toHaveCount(0);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).filter({ hasText: text })).toHaveCount(0);
});

test("the inbox shows 30 and grows by 30: a 'more' link, and scrolling with JavaScript", async ({ page }, testInfo) => {
  await openMessenger(page, testInfo, "entry01");
  await expect(rows(page)).toHaveCount(30);
  const total = Number((await page.getByTestId("inbox-count").locator("strong").first().textContent()) ?? 0);
  expect(total).toBeGreaterThan(30);
  const more = page.getByTestId("inbox-more");
  await expect(more).toHaveAttribute("href", /limit=60/);
  if (jsEnabled(testInfo)) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  } else {
    await more.click();
  }
  await expect(page).toHaveURL(/limit=60/);
  await expect.poll(() => rows(page).count()).toBeGreaterThan(30);
  expect(await rows(page).count()).toBeLessThanOrEqual(60);
  if (jsEnabled(testInfo)) {
    // the page did not jump back to the top
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  }
  await expectNoAxeViolations(page);
});

test("send: every message with the typed values kept", async ({ page }, testInfo) => {
  await openMessenger(page, testInfo, "committee01");
  let d = await openSendDialog(page, testInfo);

  await d.getByRole("button", { name: "보내기" }).click();
  d = sendDialog(page);
  await expect(d.getByText("내용을 입력해주세요.").first()).toBeVisible();
  await expect(d.getByText("대상을 선택해주세요.").first()).toBeVisible();
  await expect(field(d, "내용")).toHaveAttribute("aria-invalid", "true");

  // only whitespace is no content
  await field(d, "내용").fill("   \n  ");
  await field(d, "교육평가위원회").check();
  await d.getByRole("button", { name: "보내기" }).click();
  d = sendDialog(page);
  await expect(d.getByText("내용을 입력해주세요.").first()).toBeVisible();
  await expect(field(d, "교육평가위원회")).toBeChecked();

  // 1001 characters
  const long = "가".repeat(1001);
  await field(d, "내용").fill(long);
  await field(d, "교육평가위원회").uncheck();
  await field(d, "입력자").check();
  await d.getByRole("button", { name: "보내기" }).click();
  d = sendDialog(page);
  await expect(d.getByText("메시지 내용은 1000글자를 초과할 수 없습니다.").first()).toBeVisible();
  await expect(field(d, "내용")).toHaveValue(long);
  await expect(field(d, "입력자")).toBeChecked();
  if (jsEnabled(testInfo)) await expect(d.getByText("1001 / 1000")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("authority exactly 1: no send button, no dialog, and the server refuses a crafted send", async ({ page, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await openMessenger(page, testInfo, "entry01");
  await expect(page.getByRole("link", { name: "메시지 보내기" })).toHaveCount(0);
  await page.goto("/messenger?dialog=send");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "메시지 보내기" })).toHaveCount(0);
  await expect(page.getByLabel(/^내용/)).toHaveCount(0);

  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const text = `crafted ${uniqueId("x")}`;
  const res = await page.request.post("/messenger?dialog=send", {
    form: { _csrf: csrf, intent: "send", msg: text, authTyList: "2" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("메시지 발송 권한이 없습니다.");
});

test("HTML in a message is inert: no script runs, no handler survives", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  const marker = uniqueId("xss");
  const payload = `${marker} <img src=x onerror="window.__xss=1"> <script>window.__xss=1</script>`;
  await sendAsCommittee(page, testInfo, payload);

  let dialogs = 0;
  page.on("dialog", async (d) => {
    dialogs++;
    await d.dismiss();
  });
  await openMessenger(page, testInfo, "entry01");
  const row = rows(page).filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  const cell = row.getByTestId("message-html");
  // shown as the text that was typed
  await expect(cell).toContainText('<img src=x onerror="window.__xss=1">');
  await expect(cell).toContainText("<script>window.__xss=1</script>");
  await expect(cell.locator("script")).toHaveCount(0);
  await expect(cell.locator("img")).toHaveCount(0);
  await expect(page.locator("[onerror]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toBe(0);
  await expectNoAxeViolations(page);

  // tidy up
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제 성공하였습니다." })).toBeVisible();
});

test("a message typed with <, > and & reads as typed in the inbox, the bell and the dashboard", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const marker = uniqueId("amp");
  const typed = `${marker} a < b & c > d <b>굵게</b>`;
  await sendAsCommittee(page, testInfo, typed);

  await openMessenger(page, testInfo, "entry01");
  const row = rows(page).filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  const cell = row.getByTestId("message-html");
  await expect(cell).toHaveText(typed);
  await expect(cell.locator("b")).toHaveCount(0);
  // the bell's latest messages are plain text: the same characters, never entity codes
  const bell = page.locator("details.popup").filter({ has: page.getByTestId("bell") });
  await expect(bell.locator("li").filter({ hasText: marker }).locator(".bell-text")).toHaveText(typed);
  await expect(bell).not.toContainText("&lt;");

  await page.goto("/dashboard");
  await ready(page, testInfo);
  const notice = page.locator("section[aria-labelledby=notice-title] li").filter({ hasText: marker });
  await expect(notice.locator("p").first()).toHaveText(typed);
  await expect(page.locator("section[aria-labelledby=notice-title]")).not.toContainText("&amp;");

  // tidy up
  await page.goto("/messenger");
  await ready(page, testInfo);
  await rows(page).filter({ hasText: marker }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제 성공하였습니다." })).toBeVisible();
});

test("'mark all read' in the bell empties its count and comes back to the page", async ({ page, insertNewUser }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  // a committee member of the test's own (ADR 0089), with one unread message: the other tests
  // send to authority 1 only, so nothing else arrives while the test reads
  const { userId, password } = await insertNewUser({ authTy: "2", prefix: "bell" });
  await sendAsCommittee(page, testInfo, `e2e 알림 ${uniqueId("b")}`, "교육평가위원회");
  await page.context().clearCookies();
  await signIn(page, testInfo, userId, password, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await ready(page, testInfo);
  await expect(page.getByTestId("bell-count")).toBeVisible();

  await page.getByTestId("bell").click();
  await page.getByRole("button", { name: "모두 읽음" }).click();
  await expect(page.getByTestId("bell-count")).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/messenger");
  await expect(page.getByTestId("bell-count")).toHaveCount(0);
  await expect(rows(page).filter({ hasText: "안 읽음" })).toHaveCount(0);
  await expect(page.getByTestId("inbox-count")).toContainText("읽지 않음 0건");
});
