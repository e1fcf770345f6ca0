/**
 * P06 data list page (spec 000 §2 "Data list page", §5 "File upload", §8), JavaScript on and off:
 * the demo files of menu 61; the file dialog refusing each kind of file and 6 keywords with the
 * spec's messages, the typed keywords kept; a real small PDF, PNG and an xlsx uploaded from the
 * browser (with JavaScript through XMLHttpRequest, its progress shown); the row; the download
 * (the same bytes, the Korean name); the previews (the pdf in Chromium's viewer, the image, the
 * unsupported type's message) and their headers; edit of the year and keywords; delete. axe on
 * each page and dialog.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, pdf, ready, refusesBadAttachments, signIn, uniqueId, type Upload } from "./helpers";

const YEAR = new Date().getFullYear();
const LIST = "/data/61";
/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
/** The preview routes' own policy (app/utils/preview.server.ts). */
const POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const listRow = (page: Page, text: string) => page.getByTestId("data-file-row").filter({ hasText: text });
const save = (page: Page, label = "등록") => page.getByRole("button", { name: label, exact: true }).click();
const choose = (page: Page, files: Upload[]) =>
  page.locator("#data-file-form-file").setInputFiles(
    files.map((f) => ({ name: f.name, mimeType: f.mimeType ?? "application/octet-stream", buffer: f.buffer })),
    { timeout: 60_000 },
  );

async function openList(page: Page, testInfo: TestInfo, query = "") {
  await page.goto(`${LIST}${query ? `?${query}` : ""}`);
  await ready(page, testInfo);
}

test("data files: refusals with the keywords kept, upload with progress, download, previews, edit, delete", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const js = jsEnabled(testInfo);
  await signIn(page, testInfo, "admin");
  const tag = uniqueId(js ? "j" : "n");
  const pdfName = `운영 자료 ${tag}.pdf`;
  const pngName = `구성도 ${tag}.png`;
  const xlsxName = `명단 ${tag}.xlsx`;

  await openList(page, testInfo, `year=${YEAR - 1}`);
  await expect(page.getByRole("heading", { level: 1, name: "교육과정 운영 자료" })).toBeVisible();
  await expect(page.getByTestId("data-file-list").getByRole("columnheader")).toHaveText(["번호", "파일명", "키워드", "크기", "담당자", "등록일", "관리"]);
  await expect(listRow(page, "교육과정 운영계획서.pdf")).toContainText("교육과정, 운영계획");
  await expect(listRow(page, "교육과정 운영계획서.pdf")).toContainText("김도윤");
  await expect(listRow(page, "교육과정 운영계획서.pdf").getByRole("link")).toHaveText(["삭제", "수정", "다운로드", "미리보기"]);
  await expectNoAxeViolations(page);

  await openList(page, testInfo);
  await page.getByRole("link", { name: "파일 등록", exact: true }).click();
  await expect(page.getByRole("heading", { name: "파일 등록" })).toBeVisible();
  await ready(page, testInfo);
  // spec 000 §9: the file dialog's years start at 2024
  const years = await page.locator("#data-file-form-year option").allTextContents();
  expect(years).toContain("2024년");
  expect(years).toContain(`${YEAR}년`);
  expect(years).not.toContain("2023년");
  await expectNoAxeViolations(page);

  // each refusal with the spec's message; the typed keywords kept
  const keywords = `계약, ${tag}`;
  await field(page, "키워드").fill(keywords);
  await save(page);
  await expect(alert(page, "파일을 추가해주세요.")).toBeVisible();
  await expect(field(page, "키워드")).toHaveValue(keywords);
  await refusesBadAttachments(page, {
    choose: (file) => choose(page, [file]),
    save: () => save(page),
    kept: () => expect(field(page, "키워드")).toHaveValue(keywords),
  });
  await expectNoAxeViolations(page);
  const report = pdf(`report ${tag}`);
  const sheet = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("not read")]);
  const files: Upload[] = [
    { name: pdfName, buffer: report, mimeType: "application/pdf" },
    { name: pngName, buffer: PNG, mimeType: "image/png" },
    { name: xlsxName, buffer: sheet },
  ];
  await choose(page, files);
  await field(page, "키워드").fill("하나, 둘, 셋, 넷, 다섯, 여섯");
  await save(page);
  await expect(alert(page, "키워드는 최대 5개까지만 입력 가능합니다.")).toBeVisible();
  await expect(field(page, "키워드")).toHaveValue("하나, 둘, 셋, 넷, 다섯, 여섯");

  // saved: with JavaScript the upload's progress shows while the post is on its way
  if (!js) await choose(page, files);
  await field(page, "키워드").fill(keywords);
  if (js) {
    await page.route(/\/data\/61\?.*_data=/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await save(page);
    await expect(page.getByRole("progressbar", { name: /^파일을 올리는 중입니다\. \(\d+%\)$/ })).toBeVisible();
    await expect(page.getByTestId("upload-progress")).toBeVisible();
    await expectNoAxeViolations(page);
  } else {
    await save(page);
  }
  await expect(alert(page, "등록 성공하였습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "파일 등록" })).toHaveCount(0);
  await page.unrouteAll();

  await openList(page, testInfo, `value=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId("data-file-row")).toHaveCount(3);
  const row = listRow(page, pdfName);
  await expect(row).toContainText(keywords);
  await expect(row).toContainText(`${report.length} B`);
  await expect(row).toContainText("이서연");

  // the download: the same bytes, the Korean name
  const href = await row.getByRole("link", { name: `다운로드: ${pdfName}` }).getAttribute("href");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(Buffer.compare(await res.body(), report)).toBe(0);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent(pdfName));

  // the pdf's preview: framed from /view/pdfView.do with the sandboxing policy, in Chromium's viewer
  await row.getByRole("link", { name: `미리보기: ${pdfName}` }).click();
  await expect(page.getByRole("heading", { name: `미리보기: ${pdfName}` })).toBeVisible();
  await ready(page, testInfo);
  const frame = page.locator("iframe[title$='미리보기']");
  const src = await frame.getAttribute("src");
  expect(src).toMatch(/^\/view\/pdfView\.do\?filePath=/);
  const view = await page.request.get(src!);
  expect(view.status()).toBe(200);
  expect(view.headers()["content-type"]).toBe("application/pdf");
  expect(view.headers()["x-content-type-options"]).toMatch(/^nosniff(, nosniff)*$/);
  expect(view.headers()["content-security-policy"]).toBe(POLICY);
  expect(view.headers()["x-frame-options"]).toBeUndefined();
  expect(view.headers()["content-disposition"]).toMatch(/^inline; /);
  expect(Buffer.compare(await view.body(), report)).toBe(0);
  if (js) {
    await expect.poll(() => page.frames().some((f) => f.url().startsWith("chrome-extension://")), { timeout: 15_000 }).toBe(true);
  }
  await expectNoAxeViolations(page);

  // the image's preview
  await openList(page, testInfo, `value=${encodeURIComponent(tag)}`);
  await listRow(page, pngName).getByRole("link", { name: `미리보기: ${pngName}` }).click();
  const img = page.getByRole("img", { name: pngName });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
  const imgView = await page.request.get((await img.getAttribute("src"))!);
  expect(imgView.headers()["content-type"]).toBe("image/png");
  expect(imgView.headers()["x-content-type-options"]).toMatch(/^nosniff(, nosniff)*$/);
  expect(imgView.headers()["content-security-policy"]).toBe(POLICY);
  await expectNoAxeViolations(page);

  // a type without a preview says so
  await openList(page, testInfo, `value=${encodeURIComponent(tag)}`);
  await listRow(page, xlsxName).getByRole("link", { name: `미리보기: ${xlsxName}` }).click();
  await expect(alert(page, "미리보기를 지원하지 않는 파일 형식입니다. (미리보기 지원 파일: 이미지, pdf)")).toBeVisible();
  await expectNoAxeViolations(page);

  // edit: the year and keywords, at most 5 again
  await openList(page, testInfo, `value=${encodeURIComponent(tag)}`);
  await listRow(page, pdfName).getByRole("link", { name: `수정: ${pdfName}` }).click();
  await expect(page.getByRole("heading", { name: "파일 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.getByTestId("edited-file")).toHaveText(`파일: ${pdfName}`);
  await expect(field(page, "키워드")).toHaveValue(keywords);
  await expectNoAxeViolations(page);
  await field(page, "키워드").fill("a,b,c,d,e,f");
  await save(page, "수정");
  await expect(alert(page, "키워드는 최대 5개까지만 입력 가능합니다.")).toBeVisible();
  await expect(field(page, "키워드")).toHaveValue("a,b,c,d,e,f");
  await field(page, "키워드").fill(`수정됨, ${tag}`);
  await page.locator("#data-file-form-year").selectOption(String(YEAR - 1));
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR - 1}&value=${encodeURIComponent(tag)}`);
  await expect(listRow(page, pdfName)).toContainText(`수정됨, ${tag}`);

  // delete, after '정말 삭제하시겠습니까?'
  await listRow(page, pdfName).getByRole("link", { name: `삭제: ${pdfName}` }).click();
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제 성공하였습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR - 1}&value=${encodeURIComponent(tag)}`);
  await expect(listRow(page, pdfName)).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});
