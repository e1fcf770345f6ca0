/**
 * R10 list, R11 editor, R13 preview (spec 001 §2, §5, §7, §8), JavaScript on and off: validation
 * messages with values kept, a form created with an image and edited, an XSS payload inert in the
 * preview, copy and delete with its confirmation, the route guard, axe on every page.
 * Each test works on forms with a unique title, so the two projects can run at the same time.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, onlyWithJavaScript, onlyWithoutJavaScript, openRichText, postedRichText, ready, richText, setRichText, signIn, uniqueId } from "./helpers";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFUlEQVR42mNkYPhfz0AEYBxVSF+FAP5FDvcfRYWgAAAAAElFTkSuQmCC",
  "base64",
);

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
/** The content field: the HTML text area without JavaScript, the tiptap editor with it. */
const content = (page: Page) => richText(page, "내용");
const posted = (page: Page) => postedRichText(page, "uiaContent");
const setContent = (page: Page, testInfo: TestInfo, html: string) => setRichText(page, testInfo, "내용", html);

async function openAs(page: Page, testInfo: TestInfo, path: string, userId = "admin") {
  await page.context().clearCookies();
  await signIn(page, testInfo, userId);
  await page.goto(path);
  await ready(page, testInfo);
}

/** Creates a form through the editor (optionally with an uploaded image) and answers its title. */
async function createForm(page: Page, testInfo: TestInfo, opts: { title?: string; html?: string; image?: boolean } = {}) {
  const title = opts.title ?? `e2e 동의서 ${uniqueId("f")}`;
  await page.goto("/management/privacy/add");
  await ready(page, testInfo);
  await field(page, "제목").fill(title);
  if (opts.html !== undefined) await setContent(page, testInfo, opts.html);
  if (opts.image) {
    // with JavaScript the image goes into the editor at its cursor
    if (jsEnabled(testInfo)) await openRichText(page, "내용");
    await page.getByLabel("이미지 파일").setInputFiles({ name: "stamp.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel("이미지 설명 (대체 텍스트)").fill("기관 직인");
    await page.getByRole("button", { name: "이미지 올리기" }).click();
    if (jsEnabled(testInfo)) await expect(page.getByRole("status").filter({ hasText: "이미지를 넣었습니다." })).toBeVisible();
    else await expect(alert(page, "이미지를 올려 내용 끝에 넣었습니다.")).toBeVisible();
    await expect(posted(page)).toHaveValue(/<img src="\/editor-media\/[0-9a-f-]+\.png" alt="기관 직인">/);
    await expect(field(page, "제목")).toHaveValue(title);
  }
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page).toHaveURL(/\/management\/privacy$/);
  return title;
}

async function rowOf(page: Page, testInfo: TestInfo, title: string) {
  await page.goto(`/management/privacy?value=${encodeURIComponent(title)}`);
  await ready(page, testInfo);
  return page.getByTestId("agree-list").getByRole("row").filter({ hasText: title });
}

test("the list has its caption, headers and filters; the list and the editor pass axe", async ({ page }, testInfo) => {
  await openAs(page, testInfo, "/management/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "개인정보 동의서 관리" })).toBeVisible();
  const table = page.getByTestId("agree-list");
  await expect(table.locator("caption")).toContainText("개인정보 동의서 목록");
  for (const h of ["번호", "제목", "사용여부", "등록일", "관리"]) await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
  const years = await page.getByLabel("년도").locator("option").allTextContents();
  expect(years[years.length - 1]).toBe("2025년");
  expect(Number.parseInt(years[0], 10)).toBeGreaterThanOrEqual(2025);
  await expect(table.getByRole("row").filter({ hasText: "학생 교육평가 자료 활용을 위한" })).toHaveCount(1);
  // spec 001 §9: 20 rows a page unless the user chooses otherwise
  await expect(page.getByLabel("페이지당 행 수")).toHaveValue("20");
  const total = Number(((await page.getByTestId("total").locator("b").textContent()) ?? "0").replace(/,/g, ""));
  await expect(table.locator("tbody tr")).toHaveCount(Math.min(Math.max(total, 1), 20));
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "동의서 등록" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "동의서 등록" })).toBeVisible();
  // a new form starts from the template with the four notices
  for (const notice of ["수집·이용 목적", "수집하는 개인정보의 항목", "보유 및 이용 기간", "동의를 거부할 권리"]) await expect(posted(page)).toHaveValue(new RegExp(notice));
  await expectNoAxeViolations(page);
  // with JavaScript the text area says that a press opens the editor; without it there is none
  await expect(page.getByText("입력란을 누르면 서식 편집기가 열립니다.")).toHaveCount(jsEnabled(testInfo) ? 1 : 0);
  if (!jsEnabled(testInfo)) return;
  await openRichText(page, "내용");
  for (const notice of ["수집·이용 목적", "수집하는 개인정보의 항목", "보유 및 이용 기간", "동의를 거부할 권리"]) {
    await expect(content(page).getByRole("heading", { name: new RegExp(notice) })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("save refuses a missing title and empty content with the spec's messages, keeping what was typed", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await openAs(page, testInfo, "/management/privacy/add");
  await setContent(page, testInfo, "<p>내 초안</p>");
  await page.getByLabel("미사용").check();
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "제목을 입력해주세요.")).toBeVisible();
  await expect(posted(page)).toHaveValue("<p>내 초안</p>");
  await expect(page.getByLabel("미사용")).toBeChecked();
  await expect(field(page, "제목")).toBeFocused();

  await field(page, "제목").fill("제목만 있는 동의서");
  await setContent(page, testInfo, "<p> </p><script>alert(1)</script>");
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "내용을 입력해주세요.")).toBeVisible();
  await expect(field(page, "제목")).toHaveValue("제목만 있는 동의서");
  await expect(content(page)).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("a form is created with an uploaded image, shows it in the preview, and is edited", async ({ page }, testInfo) => {
  await openAs(page, testInfo, "/management/privacy");
  const title = await createForm(page, testInfo, { image: true });
  const row = await rowOf(page, testInfo, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("사용");

  await row.getByRole("link", { name: `미리보기: ${title}` }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "동의서 미리보기" })).toBeVisible();
  const frame = page.getByTestId("preview-frame");
  await expect(frame.getByRole("heading", { name: title })).toBeVisible();
  const img = frame.getByRole("img", { name: "기관 직인" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(8);
  await expect(frame.getByRole("radio", { name: "동의합니다" })).toBeDisabled();
  await expectNoAxeViolations(page);

  // the image is public (the consent page shows it to people without accounts) and nothing else is
  const src = await img.getAttribute("src");
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await page.request.get("/editor-media/..%2Fmanual.pdf")).status()).toBe(404);
  expect((await page.request.get("/editor-media/00000000-0000-0000-0000-000000000000.png")).status()).toBe(404);

  await page.getByRole("link", { name: "수정" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "동의서 수정" })).toBeVisible();
  await expect(posted(page)).toHaveValue(/alt="기관 직인"/);
  if (jsEnabled(testInfo)) {
    await openRichText(page, "내용");
    await expect(content(page).getByRole("img", { name: "기관 직인" })).toBeVisible();
  }
  await field(page, "제목").fill(`${title} 개정`);
  await page.getByLabel("미사용").check();
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  const edited = await rowOf(page, testInfo, `${title} 개정`);
  await expect(edited).toContainText("미사용");
});

test("an image that is not an image is refused with its message, the typed values kept", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await openAs(page, testInfo, "/management/privacy/add");
  await field(page, "제목").fill("이미지 확인");
  await page.getByLabel("이미지 파일").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
  await page.getByRole("button", { name: "이미지 올리기" }).click();
  await expect(page.getByText("png, jpg, gif, webp 이미지만 등록할 수 있습니다.").first()).toBeVisible();
  await expect(field(page, "제목")).toHaveValue("이미지 확인");
  await expect(posted(page)).not.toHaveValue(/<img/);
});

test("an XSS payload in the content is inert in the preview", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await openAs(page, testInfo, "/management/privacy");
  const payload = [
    "<p>안전한 본문</p>",
    '<img src="x" onerror="window.__xss=1" alt="">',
    "<script>window.__xss=2</script>",
    '<a href="javascript:window.__xss=3">링크</a>',
    '<iframe src="javascript:window.__xss=4"></iframe>',
    '<p onmouseover="window.__xss=5" style="position:fixed">덮개</p>',
  ].join("");
  const title = await createForm(page, testInfo, { html: payload });
  const row = await rowOf(page, testInfo, title);
  await row.getByRole("link", { name: `미리보기: ${title}` }).click();
  await ready(page, testInfo);
  const doc = page.getByTestId("consent-doc");
  await expect(doc).toContainText("안전한 본문");
  await expect(doc.locator("script, iframe, [onerror], [onmouseover], [href^='javascript']")).toHaveCount(0);
  await expect(doc.getByText("덮개")).not.toHaveAttribute("style", /fixed/);
  await page.getByText("링크").click();
  await page.getByText("덮개").hover();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("copy makes a new form; delete asks first and removes it", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await openAs(page, testInfo, "/management/privacy");
  const title = await createForm(page, testInfo);
  let row = await rowOf(page, testInfo, title);
  await row.getByRole("button", { name: `복사: ${title}` }).click();
  await expect(alert(page, "복사 되었습니다.")).toBeVisible();
  row = await rowOf(page, testInfo, title);
  await expect(row).toHaveCount(2);
  const copy = page.getByTestId("agree-list").getByRole("row").filter({ hasText: `${title} (복사본)` });
  await expect(copy).toHaveCount(1);

  await copy.getByRole("link", { name: `삭제: ${title} (복사본)` }).click();
  await ready(page, testInfo);
  const dialog = page.locator("#list-delete, [role=dialog]").first();
  await expect(dialog.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expect(dialog).toContainText(`${title} (복사본)`);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "삭제" }).click();
  await expect(alert(page, "삭제되었습니다.")).toBeVisible();
  row = await rowOf(page, testInfo, title);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("agree-list").getByRole("row").filter({ hasText: "(복사본)" })).toHaveCount(0);
});

test("an unknown form's editor goes back to the list with the message; other users may not open the screens", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await openAs(page, testInfo, "/management/privacy/edit/999999");
  await expect(page).toHaveURL(/\/management\/privacy$/);
  await expect(alert(page, "데이터가 없습니다.")).toBeVisible();

  await openAs(page, testInfo, "/management/privacy/add", "entry01");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(alert(page, "해당 메뉴는 접근할 수 없습니다.")).toBeVisible();
});

test("with JavaScript the content is edited in the rich-text editor, and its formatting is saved", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the field is the HTML text area (the tests above)");
  await openAs(page, testInfo, "/management/privacy/add");
  const title = `e2e 서식 ${uniqueId("b")}`;
  await field(page, "제목").fill(title);
  await setContent(page, testInfo, "<p>굵은 본문</p>");
  await content(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.getByRole("button", { name: "굵게" }).click();
  await expect(posted(page)).toHaveValue("<p><strong>굵은 본문</strong></p>");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  const row = await rowOf(page, testInfo, title);
  await row.getByRole("link", { name: `수정: ${title}` }).click();
  await ready(page, testInfo);
  await openRichText(page, "내용");
  await expect(content(page).locator("strong")).toHaveText("굵은 본문");
});

test("with JavaScript the editor is fetched when the user starts on the field, keeping what was typed while it came", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the field is the HTML text area (the tests above)");
  // the editor's chunk is held until the user has typed
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let fetched = 0;
  await page.route(/\/build\/_shared\/TiptapEditor-[A-Z0-9]+\.js$/, async (route) => {
    fetched++;
    await held;
    await route.continue();
  });
  await openAs(page, testInfo, "/management/privacy/add");
  await page.waitForLoadState("networkidle");
  // the first visit does not fetch it: the field is the text area
  expect(fetched).toBe(0);
  await expect(content(page)).not.toHaveAttribute("contenteditable", "true");
  await expect(content(page)).toHaveJSProperty("tagName", "TEXTAREA");
  const hint = page.getByText("입력란을 누르면 서식 편집기가 열립니다.");
  await expect(hint).toBeVisible();

  await content(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("<p>기다리는 동안 쓴 글</p>");
  await expect.poll(() => fetched).toBe(1);
  release();
  await expect(content(page)).toHaveAttribute("contenteditable", "true");
  await expect(content(page)).toBeFocused();
  await expect(hint).toHaveCount(0);
  await expect(content(page).getByText("기다리는 동안 쓴 글", { exact: true })).toBeVisible();
  await expect(posted(page)).toHaveValue("<p>기다리는 동안 쓴 글</p>");
  // typing goes on in the editor, at the end
  await page.keyboard.type(" 이어서");
  await expect(posted(page)).toHaveValue("<p>기다리는 동안 쓴 글 이어서</p>");
  await expectNoAxeViolations(page);
});

test("with JavaScript a keyboard user who tabs on while the editor comes keeps the focus where it went", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the field is the HTML text area (the tests above)");
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/build\/_shared\/TiptapEditor-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openAs(page, testInfo, "/management/privacy/add");
  await field(page, "제목").fill("탭으로 지나가기");
  // Tab from the title into the content (its focus fetches the editor), and on to the image file
  await field(page, "제목").focus();
  await page.keyboard.press("Tab");
  await expect(content(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("이미지 파일")).toBeFocused();
  release();
  await expect(content(page)).toHaveAttribute("contenteditable", "true");
  await expect(page.getByLabel("이미지 파일")).toBeFocused();
  // the template the page started from is what the editor holds and posts
  await expect(content(page).getByRole("heading", { name: /수집·이용 목적/ })).toBeVisible();
  await expect(posted(page)).toHaveValue(/수집·이용 목적/);
});
