/**
 * E18 exam question analysis: register, edit, delete, every dialog message, evaluation mode, Excel round trip.
 * The form's long walk runs with JavaScript, a short walk of it without (ADR 0087).
 */
import ExcelJS from "exceljs";
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithJavaScript, onlyWithoutJavaScript, ready, shortWalkIn, signIn } from "./helpers";

const PATH = "/eval/monitor/analysis";
const YEAR = new Date().getFullYear();
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const tagOf = (testInfo: TestInfo, prefix: string) => `${prefix}${testInfo.project.name === "js" ? "J" : "N"}${Date.now().toString(36)}`;

async function openList(page: Page, testInfo: TestInfo, value = "") {
  await page.goto(`${PATH}?year=${YEAR}${value ? `&value=${encodeURIComponent(value)}` : ""}`);
  await ready(page, testInfo);
}

/** The dialog's form (a Modal with JavaScript, a page section without). */
const dialogForm = (page: Page) => page.locator("#analysis-form");

async function fillAll(form: Locator, currNm: string) {
  await field(form, "과정명").fill(currNm);
  await field(form, "시기").fill("2주차");
  await field(form, "문항수").fill("40");
  await field(form, "총점").fill("100");
  await field(form, "평균").fill("72.5");
  await field(form, "표준편차").fill("8.3");
  await field(form, "최저점").fill("41");
  await field(form, "최고점").fill("97");
  await field(form, "난이도 시작값").fill("0.4");
  await field(form, "난이도 끝값").fill("0.8");
  await form.getByLabel("난이도 구분").selectOption("A");
  await field(form, "분별도 시작값").fill("0.2");
  await field(form, "분별도 끝값").fill("0.4");
  await form.getByLabel("분별도 구분").selectOption("A");
  await field(form, "문항비율").fill("62.5");
}

/** Presses a button that asks first, and answers '확인' (a Modal with JavaScript, a step without). */
async function confirmed(page: Page, label: string) {
  await page.getByRole("button", { name: label, exact: true }).first().click();
  await expect(page.getByText("시험문항분석을 등록하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "확인" }).click();
}

test("an analysis is registered, edited and deleted", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  const name = tagOf(testInfo, "분석과정");
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo);
  await expect(page.getByTestId("analysis-row").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/dialog=add/);
  await ready(page, testInfo);
  const form = dialogForm(page);
  await expect(form).toBeVisible();
  await expect(form.getByLabel("년도")).toHaveValue(String(YEAR));
  await expect(form.getByLabel("주말")).toBeChecked();
  await expectNoAxeViolations(page);
  await fillAll(form, name);
  await form.getByLabel("종료").check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByText("시험문항분석을 등록하시겠습니까?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "등록되었습니다." })).toBeVisible();
  await expect(page).not.toHaveURL(/dialog=/);

  await openList(page, testInfo, name);
  const row = page.getByTestId("analysis-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText("종료");
  await expect(row).toContainText("72.5±8.3");
  await expect(row).toContainText("0.40~0.80 (A 적정)");
  await expect(row).toContainText("0.20~0.40 (A 양호)");

  await page.getByRole("link", { name: `수정: ${name} 2주차` }).click();
  await expect(page).toHaveURL(/dialog=edit/);
  const eqaSeq = new URL(page.url()).searchParams.get("eqaSeq");
  await ready(page, testInfo);
  await expect(field(form, "과정명")).toHaveValue(name);
  await expect(field(form, "평균")).toHaveValue("72.5");
  await expect(form.getByLabel("종료")).toBeChecked();
  await expect(form.getByLabel("난이도 구분")).toHaveValue("A");
  await expectNoAxeViolations(page);
  await field(form, "시기").fill("3주차");
  await form.getByLabel("난이도 구분").selectOption("C");
  await confirmed(page, "저장");
  await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." })).toBeVisible();
  await expect(row).toContainText("3주차");
  await expect(row).toContainText("0.40~0.80 (C 어려움)");

  // the audit log (issue 17, ADR 0028): the change, before → after of the changed fields only
  await page.goto(`/management/audit?action=recordChange&target=${encodeURIComponent(`${PATH} eqaSeq=${eqaSeq}`)}`);
  await ready(page, testInfo);
  const change = page.getByTestId("audit-row").filter({ hasText: new RegExp(`eqaSeq=${eqaSeq}(?!\\d)`) });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText("자료 변경");
  await expect(change).toContainText("period: 2주차 → 3주차");
  await expect(change).toContainText("grdSe: A → C");
  await expect(change).not.toContainText("currNm");
  await openList(page, testInfo, name);

  await page.getByRole("link", { name: `삭제: ${name} 3주차` }).click();
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제되었습니다." })).toBeVisible();
  await expect(row.filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText("데이터가 없습니다.")).toBeVisible();
});

test("short walk (the long one runs with JavaScript): an analysis is registered, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  const name = tagOf(testInfo, "짧은분석");
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo);
  await page.getByRole("link", { name: "등록", exact: true }).click();
  await expect(page).toHaveURL(/dialog=add/);
  await ready(page, testInfo);
  const form = dialogForm(page);
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await fillAll(form, name);
  await confirmed(page, "저장");
  await expect(page.getByRole("alert").filter({ hasText: "등록되었습니다." })).toBeVisible();

  // the saved analysis in the list, after a fresh load
  await openList(page, testInfo, name);
  const row = page.getByTestId("analysis-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText("2주차");
  await expect(row).toContainText("72.5±8.3");

  // edit: the saved values filled in, one changed
  await page.getByRole("link", { name: `수정: ${name} 2주차` }).click();
  await expect(page).toHaveURL(/dialog=edit/);
  await ready(page, testInfo);
  await expect(field(form, "과정명")).toHaveValue(name);
  await expect(field(form, "시기")).toHaveValue("2주차");
  await expect(field(form, "평균")).toHaveValue("72.5");
  await field(form, "시기").fill("5주차");
  await confirmed(page, "저장");
  await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." })).toBeVisible();
  await openList(page, testInfo, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("5주차");

  // delete (the question first), and it is gone
  await page.getByRole("link", { name: `삭제: ${name} 5주차` }).click();
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제되었습니다." })).toBeVisible();
  await openList(page, testInfo, name);
  await expect(row).toHaveCount(0);
  await expect(page.getByText("데이터가 없습니다.")).toBeVisible();
});

test("every rule of the dialog shows its message with the other values kept", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  const name = tagOf(testInfo, "규칙");
  await signIn(page, testInfo, "admin");
  await page.goto(`${PATH}?year=${YEAR}&dialog=add`);
  await ready(page, testInfo);
  const form = dialogForm(page);
  await fillAll(form, name);
  const alerts = page.getByTestId("alert-region");
  const save = async (message: string) => {
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(alerts.filter({ hasText: message }).first()).toBeVisible();
  };

  await field(form, "과정명").fill("");
  await save("과정명을 입력해주세요.");
  await expect(field(form, "과정명")).toHaveAttribute("aria-invalid", "true");
  await expect(field(form, "시기")).toHaveValue("2주차");
  await expect(field(form, "문항비율")).toHaveValue("62.5");
  await expectNoAxeViolations(page);
  await field(form, "과정명").fill(name);

  await field(form, "시기").fill("");
  await save("시기를 입력해주세요.");
  await expect(field(form, "과정명")).toHaveValue(name);
  await field(form, "시기").fill("2주차");

  await field(form, "표준편차").fill("");
  await save("평균편차를 모두 입력해주세요.");
  await expect(field(form, "평균")).toHaveValue("72.5");
  await field(form, "표준편차").fill("8.3");

  await form.getByLabel("난이도 구분").selectOption("");
  await save("난이도 구분을 선택해주세요.");
  await expect(field(form, "난이도 시작값")).toHaveValue("0.4");
  await form.getByLabel("난이도 구분").selectOption("B");
  await field(form, "난이도 끝값").fill("");
  await save("난이도를 모두 입력해주세요.");
  await expect(form.getByLabel("난이도 구분")).toHaveValue("B");
  await field(form, "난이도 끝값").fill("0.8");

  await form.getByLabel("분별도 구분").selectOption("");
  await save("분별도 구분을 선택해주세요.");
  await form.getByLabel("분별도 구분").selectOption("B");
  await field(form, "분별도 시작값").fill("");
  await field(form, "분별도 끝값").fill("");
  await save("분별도를 모두 입력해주세요.");
  await expect(form.getByLabel("분별도 구분")).toHaveValue("B");
  await field(form, "분별도 시작값").fill("0.25");
  await field(form, "분별도 끝값").fill("0.45");

  // a value above 999.99 is cleared with its message
  await field(form, "문항비율").fill("1000.5");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByText("최대 입력가능한 값은 999입니다.").first()).toBeVisible();
  await expect(field(form, "문항비율")).toHaveValue("");
  await expect(field(form, "과정명")).toHaveValue(name);
  await expect(field(form, "분별도 시작값")).toHaveValue("0.25");

  // integers and decimals: refused by the server (with JavaScript they are kept to the rule as they are typed: below)
  await field(form, "평균").fill("72.55");
  await field(form, "문항수").fill("4.5");
  await save("문항수은(는) 숫자만 입력할 수 있습니다.");
  await expect(page.getByText("평균은(는) 소수점 1자리까지 숫자로 입력할 수 있습니다.").first()).toBeVisible();
  await expect(field(form, "평균")).toHaveValue("72.55");
  await expectNoAxeViolations(page);
});

test("with JavaScript a value is kept to its rule as it is typed, and one above 999.99 is cleared on leaving the field", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto(`${PATH}?year=${YEAR}&dialog=add`);
  await ready(page, testInfo);
  const form = dialogForm(page);
  await field(form, "문항비율").fill("1000.5");
  await field(form, "문항비율").blur();
  await expect(page.getByText("최대 입력가능한 값은 999입니다.").first()).toBeVisible();
  await expect(field(form, "문항비율")).toHaveValue("");
  await field(form, "평균").fill("72.55");
  await field(form, "문항수").fill("4.5");
  await expect(field(form, "평균")).toHaveValue("72.5");
  await expect(field(form, "문항수")).toHaveValue("45");
});

test("the wide list keeps every cell on one line and each row's buttons in view on a 1366 px screen", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo);
  const table = page.getByTestId("analysis-table");
  const first = table.locator("tbody tr").first();
  // the buttons are pinned to the table's right edge, wholly visible without scrolling sideways
  await expect(first.getByRole("link", { name: /^수정:/ })).toBeInViewport({ ratio: 1 });
  await expect(first.getByRole("link", { name: /^삭제:/ })).toBeInViewport({ ratio: 1 });
  // a date, a score or a range never breaks over two lines (the course name may wrap between words)
  const lines = await first.locator("td:not([data-wrap]):not([data-pin-right])").evaluateAll((cells) =>
    cells.map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return `${td.textContent}: ${tops.size}`;
    }),
  );
  expect(lines.length).toBeGreaterThan(10);
  for (const line of lines) expect(line).toMatch(/: [01]$/);
  // a centred column's header sits in the middle of its column, as its cells do
  const offCentre = await table.getByRole("columnheader", { name: "년도" }).evaluate((th) => {
    const label = document.createTreeWalker(th, NodeFilter.SHOW_TEXT).nextNode()!;
    const range = document.createRange();
    range.selectNodeContents(label);
    const text = range.getBoundingClientRect();
    const cell = th.getBoundingClientRect();
    return Math.abs(text.left + text.width / 2 - (cell.left + cell.width / 2));
  });
  expect(offCentre).toBeLessThan(3);
});

test("opening the dialog takes the focus there: a modal dialog with JavaScript, the same dialog in the page without", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 700 });
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo);
  await page.getByRole("link", { name: "등록", exact: true }).click();
  if (jsEnabled(testInfo)) {
    await expect(page.getByRole("dialog", { name: "시험문항 분석 등록" })).toBeVisible();
    await expect(page.getByRole("dialog").locator(":focus")).toHaveCount(1);
    // modal: the browser's top layer, the page behind inert
    await expect(page.locator("dialog:modal")).toHaveCount(1);
  } else {
    const section = page.getByRole("dialog", { name: "시험문항 분석 등록" });
    await expect(section).toBeFocused();
    await expect(section.getByRole("heading", { name: "시험문항 분석 등록" })).toBeInViewport();
    // after a failed save the field in error has the focus instead
    await field(dialogForm(page), "과정명").fill("");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(field(dialogForm(page), "과정명")).toBeFocused();
  }
});

test("evaluation mode: the configured columns, nothing that changes data", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto(`${PATH}/1/71/2025`);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "과정명", "구분", "시기", "문항수", "평균±편차", "난이도", "분별도"]);
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("link", { name: "등록", exact: true })).toHaveCount(0);
  for (const name of ["업로드", "양식 다운로드", "저장"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "양식 다운로드" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^(수정|삭제):/ })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByLabel("년도")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  // the search keeps the evaluation route
  await page.getByLabel("검색어").fill("심혈관");
  await page.getByRole("button", { name: "검색" }).click();
  await expect(page).toHaveURL(/\/eval\/monitor\/analysis\/1\/71\/2025\?value=/);
  // (with JavaScript the URL changes before the new rows arrive: wait for them)
  const courses = table.locator("tbody tr td:nth-child(2)");
  await expect.poll(async () => (await courses.allTextContents()).every((c) => c.includes("심혈관"))).toBe(true);
  // and refuses posts
  const post = await page.request.post(`${PATH}/1/71/2025`, { form: { intent: "save" } });
  expect(post.status()).toBe(405);
});

test("Excel: template, upload with a failing row named, download → edit → upload round trip", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  const tag = tagOf(testInfo, "엑셀");
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo);

  const template = await page.request.get(`${PATH}/excel?type=template&year=${YEAR}`);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await template.body()) as never);
  const ws = wb.worksheets[0];
  const headers = Array.from(ws.getRow(1).values as unknown[], (v) => String(v ?? ""));
  const col = (h: string) => headers.indexOf(h);
  expect(col("과정명")).toBeGreaterThan(0);
  ws.getRow(2).getCell(col("과정명")).value = `${tag}-좋은행`;
  const bad = ws.addRow([]);
  bad.getCell(col("년도")).value = YEAR;
  bad.getCell(col("과정명")).value = `${tag}-나쁜행`;
  bad.getCell(col("구분")).value = "주말";
  bad.getCell(col("시기")).value = "1주차";
  bad.getCell(col("평균")).value = 70.1;
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "분석.xlsx", mimeType: XLSX, buffer });
  await page.getByRole("button", { name: "업로드" }).click();
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 1건");
  await expect(result).toContainText(`${bad.number}행 (${tag}-나쁜행): 평균편차를 모두 입력해주세요.`);
  await expectNoAxeViolations(page);

  await openList(page, testInfo, tag);
  await expect(page.getByTestId("analysis-row")).toHaveCount(1);
  await expect(page.getByTestId("analysis-row")).toContainText(`${tag}-좋은행`);

  // the filtered download, edited and uploaded again, updates the same analysis
  const download = await page.request.get(`${PATH}/excel?type=download&year=${YEAR}&value=${encodeURIComponent(tag)}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("spreadsheetml");
  const back = new ExcelJS.Workbook();
  await back.xlsx.load((await download.body()) as never);
  const sheet = back.worksheets[0];
  expect(sheet.rowCount).toBe(2);
  sheet.getRow(2).getCell(col("시기")).value = "9주차";
  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "분석.xlsx", mimeType: XLSX, buffer: Buffer.from(await back.xlsx.writeBuffer()) });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(result).toContainText("성공 1건, 실패 0건");
  await openList(page, testInfo, tag);
  await expect(page.getByTestId("analysis-row")).toHaveCount(1);
  await expect(page.getByTestId("analysis-row")).toContainText("9주차");

  // a file that is not .xlsx
  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "분석.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(page.getByText("xlsx 파일만 등록이 가능합니다.").first()).toBeVisible();
});
