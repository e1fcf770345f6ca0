/**
 * E06 health and medical law scores: a set added with two students (the lookup's messages on the
 * way), edited, previewed and deleted; every message of the dialog triggered by bad input with the
 * other values kept; the Excel round trip with a failing row; evaluation mode. The set's long walk
 * runs without JavaScript, a short walk of the same form with it (ADR 0087).
 */
import ExcelJS from "exceljs";
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithJavaScript, onlyWithoutJavaScript, ready, shortWalkIn, signIn } from "./helpers";

const PATH = "/insert/eval/medical-law";
const YEAR = new Date().getFullYear();
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const unique = (testInfo: TestInfo, prefix: string) => `${prefix} ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const MSG = {
  smst: "학기 및 차수를 입력해주세요.",
  target: "대상을 선택해주세요.",
  subject: "과목을 선택해주세요.",
  total: "만점을 입력해주세요.",
  totalDigits: "만점은 숫자만 최대 3자리까지 입력할 수 있습니다.",
  idRequired: "학번을 입력해주세요.",
  notConfirmed: "학번을 입력 후 확인버튼을 클릭하세요.",
  lookupEmpty: "학번을 입력 후 확인버튼을 선택하세요.",
  lookupUnknown: "해당년도에 등록된 학번이 없습니다.",
  score: "점수를 입력해주세요.",
  scoreDigits: "점수는 숫자만 최대 3자리까지 입력할 수 있습니다.",
  overFull: "학생의 개별성적이 만점보다 클 수 없습니다.",
  duplicate: "중복된 학번이 존재합니다.",
};

async function workbookOf(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  return wb;
}
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Two student numbers of this year, read from the year's download (the seeded scores). */
async function twoStudents(page: Page): Promise<[string, string]> {
  const res = await page.request.get(`${PATH}/excel?type=download&year=${YEAR}`);
  expect(res.status()).toBe(200);
  const ws = (await workbookOf(await res.body())).worksheets[0];
  const ids = new Set<string>();
  ws.eachRow((row, n) => {
    if (n > 1) ids.add(text(row.getCell(6).value));
  });
  const [a, b] = [...ids];
  expect(a && b).toBeTruthy();
  return [a, b];
}

async function openList(page: Page, testInfo: TestInfo, value?: string) {
  await page.goto(value ? `${PATH}?year=${YEAR}&value=${encodeURIComponent(value)}` : PATH);
  await ready(page, testInfo);
}

const lawForm = (page: Page) => page.locator("form#law-form");
const alertWith = (page: Page, message: string) => page.getByRole("alert").filter({ hasText: message }).first();
const idInput = (page: Page, i: number) => lawForm(page).locator(`input[name="rows[${i}].id"]`);
const scoreInput = (page: Page, i: number) => lawForm(page).locator(`input[name="rows[${i}].score"]`);

/** Presses a row's confirm button; without JavaScript the whole form comes back. */
async function lookup(page: Page, testInfo: TestInfo, i: number) {
  await page.getByRole("button", { name: `학생 ${i + 1} 학번 확인` }).click();
  if (!jsEnabled(testInfo)) await page.waitForLoadState("load");
}

async function confirmLookup(page: Page, testInfo: TestInfo, i: number, id: string) {
  await idInput(page, i).fill(id);
  await lookup(page, testInfo, i);
  await expect(lawForm(page).locator(".student-row-name").nth(i)).toHaveAttribute("data-confirmed", "Y");
}

async function addRow(page: Page, testInfo: TestInfo, i: number) {
  await lawForm(page).getByRole("button", { name: "학생 추가" }).click();
  await expect(idInput(page, i)).toBeVisible();
  if (!jsEnabled(testInfo)) await ready(page, testInfo);
}

/** Presses save: the browser (JS) or the server refuses with `message`. */
async function saveRefused(page: Page, label: string, message: string) {
  await lawForm(page).getByRole("button", { name: label, exact: true }).click();
  await expect(alertWith(page, message)).toBeVisible();
}

/** The confirmation's question is on screen (with JavaScript a Modal whose opening transition has ended, for axe). */
async function questionShown(page: Page, question: string) {
  await expect(page.getByText(question)).toBeVisible();
  // with JavaScript the question is a modal dialog of its own (inside the form's dialog)
  if (await page.locator("html[data-hydrated]").count()) await expect(page.getByRole("dialog").filter({ hasText: question }).last()).toBeVisible();
}

/** Presses a button that asks first, checks the question (and axe on it), answers '확인'. */
async function confirmStep(page: Page, scope: Page | Locator, label: string, question: string) {
  // a row's buttons are named after the row ('삭제: 2026년 1학기 1차 …')
  await scope.getByRole("button", { name: new RegExp(`^${label}(: |$)`) }).first().click();
  await questionShown(page, question);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "확인", exact: true }).click();
}

/** 성적 등록 from the list: the dialog, with axe, filled with the set `smst` (4학년, 의료법, 만점 100). */
async function openAddForm(page: Page, testInfo: TestInfo, smst: string) {
  await page.getByRole("link", { name: "성적 등록" }).click();
  await expect(lawForm(page)).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  const form = lawForm(page);
  await field(form, "학기 및 차수").fill(smst);
  await form.getByLabel("4학년").check();
  await field(form, "과목").selectOption({ label: "의료법" });
  await field(form, "만점").fill("100");
  return form;
}

/** The list after a fresh load, searched for the set `smst`: its one row, which shows each of `texts`. */
async function savedSet(page: Page, testInfo: TestInfo, smst: string, texts: string[]) {
  await openList(page, testInfo, smst);
  const row = page.getByTestId("law-row").filter({ hasText: smst });
  await expect(row).toHaveCount(1);
  for (const text of texts) await expect(row).toContainText(text);
  return row;
}

/** The row's 수정: the dialog opens with the set's 학기 및 차수. */
async function openEdit(page: Page, testInfo: TestInfo, row: Locator, smst: string) {
  await row.getByRole("link", { name: /^수정/ }).click();
  await expect(field(lawForm(page), "학기 및 차수")).toHaveValue(smst);
  await ready(page, testInfo);
}

test("a set is added with two students, edited, previewed and deleted", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(360_000);
  await signIn(page, testInfo, "admin");
  const [first, second] = await twoStudents(page);
  const smst = unique(testInfo, "E2E");
  await openList(page, testInfo);
  await expect(page.getByTestId("law-row").first()).toBeVisible();
  await expectNoAxeViolations(page);

  const form = await openAddForm(page, testInfo, smst);

  // the lookup: empty, unknown in the year, then found
  await lookup(page, testInfo, 0);
  await expect(alertWith(page, MSG.lookupEmpty)).toBeVisible();
  await idInput(page, 0).fill("999999999");
  await lookup(page, testInfo, 0);
  await expect(alertWith(page, MSG.lookupUnknown)).toBeVisible();
  await expect(idInput(page, 0)).toHaveAttribute("aria-invalid", "true");
  await confirmLookup(page, testInfo, 0, first);
  await expect(field(lawForm(page), "학기 및 차수")).toHaveValue(smst);
  await expect(field(lawForm(page), "만점")).toHaveValue("100");
  await scoreInput(page, 0).fill("90");
  await addRow(page, testInfo, 1);
  await confirmLookup(page, testInfo, 1, second);
  await scoreInput(page, 1).fill("85");
  await expect(scoreInput(page, 0)).toHaveValue("90");

  await confirmStep(page, lawForm(page), "등록", "등록 하시겠습니까?");
  await expect(page).toHaveURL(new RegExp(`${PATH}(\\?|$)`));
  await expect(alertWith(page, "등록되었습니다.")).toBeVisible();

  const row = await savedSet(page, testInfo, smst, ["4학년", "의료법", "2명", "87.50"]);

  // edit: the dialog comes filled from the detail, the students confirmed
  await openEdit(page, testInfo, row, smst);
  await expect(idInput(page, 0)).toHaveValue(first);
  await expect(lawForm(page).locator(".student-row-name").nth(1)).toHaveAttribute("data-confirmed", "Y");
  await expect(lawForm(page).getByLabel("4학년")).toBeChecked();
  await expectNoAxeViolations(page);
  await field(lawForm(page), "만점").fill("95");
  await scoreInput(page, 1).fill("75");
  await confirmStep(page, lawForm(page), "수정", "수정 하시겠습니까?");
  await expect(alertWith(page, "수정되었습니다.")).toBeVisible();

  // preview: grade, number, name, subject, term, score
  await openList(page, testInfo, smst);
  await page.getByTestId("law-row").filter({ hasText: smst }).getByRole("link", { name: /^미리보기/ }).click();
  const preview = page.getByTestId("preview-table");
  await expect(preview.getByRole("columnheader")).toHaveText(["학년", "학번", "이름", "과목", "학기 및 차수", "점수"]);
  await expect(preview.locator("tbody tr")).toHaveCount(2);
  await expect(preview.locator("tbody tr").filter({ hasText: second })).toContainText("75");
  await expect(preview.locator("tbody tr").first()).toContainText(smst);
  await ready(page, testInfo);
  await expectNoAxeViolations(page);

  // delete: '정말 삭제하시겠습니까?' (the list's delete question, `dialog=delete`)
  await openList(page, testInfo, smst);
  await page.getByTestId("law-row").filter({ hasText: smst }).getByRole("link", { name: /^삭제: / }).click();
  await expect(page).toHaveURL(/dialog=delete/);
  await questionShown(page, "정말 삭제하시겠습니까?");
  await expect(page.getByText(`${YEAR}년 ${smst} 의료법`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alertWith(page, "삭제되었습니다.")).toBeVisible();
  await openList(page, testInfo, smst);
  await expect(page.getByTestId("law-row").filter({ hasText: smst })).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("short walk (the long one runs without JavaScript): a set with one student is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [first] = await twoStudents(page);
  const smst = unique(testInfo, "짧은");
  await openList(page, testInfo);
  const form = await openAddForm(page, testInfo, smst);
  await confirmLookup(page, testInfo, 0, first);
  await scoreInput(page, 0).fill("90");
  await form.getByRole("button", { name: "등록", exact: true }).click();
  await questionShown(page, "등록 하시겠습니까?");
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await expect(alertWith(page, "등록되었습니다.")).toBeVisible();

  // the saved set in the list, after a fresh load
  const row = await savedSet(page, testInfo, smst, ["의료법", "1명", "90.00"]);

  // edit: the saved values filled in, a score changed
  await openEdit(page, testInfo, row, smst);
  await expect(field(lawForm(page), "만점")).toHaveValue("100");
  await expect(idInput(page, 0)).toHaveValue(first);
  await expect(scoreInput(page, 0)).toHaveValue("90");
  await scoreInput(page, 0).fill("80");
  await lawForm(page).getByRole("button", { name: "수정", exact: true }).click();
  await questionShown(page, "수정 하시겠습니까?");
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await expect(alertWith(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, smst);
  await expect(row).toContainText("80.00");

  // delete (the list's question first), and it is gone
  await row.getByRole("link", { name: /^삭제: / }).click();
  await questionShown(page, "정말 삭제하시겠습니까?");
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alertWith(page, "삭제되었습니다.")).toBeVisible();
  await openList(page, testInfo, smst);
  await expect(page.getByTestId("law-row").filter({ hasText: smst })).toHaveCount(0);
});

test("every message of the dialog, in screen order, with the other values kept", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [first, second] = await twoStudents(page);
  const smst = unique(testInfo, "규칙");
  await page.goto(`${PATH}?dialog=add`);
  await ready(page, testInfo);
  const form = () => lawForm(page);

  await saveRefused(page, "등록", MSG.smst);
  await expect(field(form(), "학기 및 차수")).toHaveAttribute("aria-invalid", "true");
  await field(form(), "학기 및 차수").fill(smst);
  await saveRefused(page, "등록", MSG.target);
  await form().getByLabel("4학년").check();
  await saveRefused(page, "등록", MSG.subject);
  await field(form(), "과목").selectOption({ label: "의료법" });
  await saveRefused(page, "등록", MSG.total);
  await field(form(), "만점").fill("5a");
  await saveRefused(page, "등록", MSG.totalDigits);
  await field(form(), "만점").fill("50");
  await saveRefused(page, "등록", MSG.idRequired);
  await idInput(page, 0).fill(first);
  await saveRefused(page, "등록", MSG.notConfirmed);
  await lookup(page, testInfo, 0);
  await expect(form().locator(".student-row-name").first()).toHaveAttribute("data-confirmed", "Y");
  await saveRefused(page, "등록", MSG.score);
  await scoreInput(page, 0).fill("ab");
  await saveRefused(page, "등록", MSG.scoreDigits);
  await scoreInput(page, 0).fill("51");
  await saveRefused(page, "등록", MSG.overFull);
  await expect(scoreInput(page, 0)).toHaveAttribute("aria-invalid", "true");
  await scoreInput(page, 0).fill("50");
  await addRow(page, testInfo, 1);
  await idInput(page, 1).fill(first);
  await lookup(page, testInfo, 1);
  await expect(form().locator(".student-row-name").nth(1)).toHaveAttribute("data-confirmed", "Y");
  await scoreInput(page, 1).fill("10");
  await saveRefused(page, "등록", MSG.duplicate);
  await expect(idInput(page, 1)).toHaveAttribute("aria-invalid", "true");
  // an edited number undoes its confirmation
  await idInput(page, 1).fill(second);
  await saveRefused(page, "등록", MSG.notConfirmed);

  // another year undoes every confirmation (the year's code lists follow); its own year restores it
  await field(form(), "년도").selectOption(String(YEAR - 1));
  await saveRefused(page, "등록", MSG.notConfirmed);
  await expect(idInput(page, 0)).toHaveAttribute("aria-invalid", "true");
  await expect(form().getByLabel("4학년")).toBeVisible();
  await field(form(), "년도").selectOption(String(YEAR));
  await saveRefused(page, "등록", MSG.notConfirmed);
  await expect(idInput(page, 0)).not.toHaveAttribute("aria-invalid", "true");
  await expect(idInput(page, 1)).toHaveAttribute("aria-invalid", "true");

  // everything typed is still there
  await expect(field(form(), "년도")).toHaveValue(String(YEAR));
  await expect(field(form(), "학기 및 차수")).toHaveValue(smst);
  await expect(form().getByLabel("4학년")).toBeChecked();
  await expect(field(form(), "과목").locator("option:checked")).toHaveText("의료법");
  await expect(field(form(), "만점")).toHaveValue("50");
  await expect(idInput(page, 0)).toHaveValue(first);
  await expect(scoreInput(page, 0)).toHaveValue("50");
  await expect(idInput(page, 1)).toHaveValue(second);
  await expect(scoreInput(page, 1)).toHaveValue("10");
  await expectNoAxeViolations(page);

  // a removed row takes its problem along; the confirmation step then asks
  await form().getByRole("button", { name: "학생 2 삭제" }).click();
  await expect(idInput(page, 1)).toHaveCount(0);
  await ready(page, testInfo);
  await form().getByRole("button", { name: "등록", exact: true }).click();
  await questionShown(page, "등록 하시겠습니까?");
  await expectNoAxeViolations(page);
});

test("with JavaScript 만점 takes digits only, at most three, as they are typed", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto(`${PATH}?dialog=add`);
  await ready(page, testInfo);
  await field(lawForm(page), "만점").pressSequentially("1a2345");
  await expect(field(lawForm(page), "만점")).toHaveValue("123");
});

test("Excel: upload rows as sets, a failing row is named, download → edit → upload round-trips", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [first, second] = await twoStudents(page);
  const smst = unique(testInfo, "엑셀");

  // the template: the upload's headers and an example row
  const template = await page.request.get(`${PATH}/excel?type=template&year=${YEAR}`);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  const twb = await workbookOf(await template.body());
  const headers = (twb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(text);
  expect(headers).toEqual(["년도", "학기 및 차수", "대상", "과목", "만점", "학번", "이름", "점수"]);

  // new rows: two good ones and one above the total score (checked before the sheet's duplicates)
  const ws = twb.worksheets[0];
  ws.spliceRows(2, ws.rowCount);
  ws.addRow([YEAR, smst, "4학년", "의료법", 100, first, "", 88]);
  ws.addRow([YEAR, smst, "4학년", "의료법", 100, second, "", 77]);
  ws.addRow([YEAR, smst, "4학년", "의료법", 100, first, "", 101]);
  await openList(page, testInfo);
  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "법규.xlsx", mimeType: XLSX, buffer: Buffer.from(await twb.xlsx.writeBuffer()) });
  await page.getByRole("button", { name: "업로드" }).click();
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 2건, 실패 1건");
  await expect(result).toContainText(`4행`);
  await expect(result).toContainText(MSG.overFull);
  await expectNoAxeViolations(page);

  // download the set, change a score, upload it again
  const down = await page.request.get(`${PATH}/excel?type=download&year=${YEAR}&value=${encodeURIComponent(smst)}`);
  expect(down.status()).toBe(200);
  expect(down.headers()["content-type"]).toContain("spreadsheetml");
  const dwb = await workbookOf(await down.body());
  const sheet = dwb.worksheets[0];
  expect(sheet.actualRowCount).toBe(3);
  let edited = 0;
  sheet.eachRow((r, n) => {
    if (n > 1 && text(r.getCell(6).value) === second) {
      r.getCell(8).value = 66;
      edited = n;
    }
  });
  expect(edited).toBeGreaterThan(1);
  await openList(page, testInfo);
  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "법규.xlsx", mimeType: XLSX, buffer: Buffer.from(await dwb.xlsx.writeBuffer()) });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(page.getByTestId("excel-result")).toContainText("성공 2건, 실패 0건");

  await openList(page, testInfo, smst);
  const row = page.getByTestId("law-row").filter({ hasText: smst });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("2명");
  await expect(row).toContainText("77.00");

  // a file that is not .xlsx
  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "법규.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(page.getByText("xlsx 파일만 등록이 가능합니다.").first()).toBeVisible();
});

test("target grade filter, and evaluation mode: server columns, read-only", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo);
  await page.getByRole("search").getByLabel("5학년").check();
  if (jsEnabled(testInfo)) await expect(page.getByRole("search").getByLabel("전체")).not.toBeChecked();
  else await page.getByRole("search").getByLabel("전체").uncheck();
  await page.getByRole("search").getByRole("button", { name: "검색" }).click();
  await expect(page).toHaveURL(/tgetSt=/);
  const rows = page.getByTestId("law-row");
  await expect(rows.first()).toBeVisible();
  // (with JavaScript the URL changes before the new rows arrive: wait for them)
  await expect.poll(async () => (await rows.allTextContents()).every((t) => t.includes("5학년"))).toBe(true);

  // a set that is not there: the detail and the preview fail with the catalogue's message
  for (const dialog of ["edit", "preview"]) {
    await page.goto(`${PATH}?dialog=${dialog}&hlSeq=2147480000`);
    await expect(alertWith(page, "데이터 조회에 실패하였습니다.")).toBeVisible();
    await expect(page.locator("form#law-form")).toHaveCount(0);
  }

  await page.goto(`${PATH}/1/36/${YEAR}`);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "학기 및 차수", "대상", "과목", "인원", "평균", "만점"]);
  await expect(table.locator("tbody tr").first()).toContainText(String(YEAR));
  for (const name of ["업로드", "삭제", "수정", "미리보기"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  for (const name of [/^삭제/, /^수정/, /^미리보기/]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  for (const name of ["성적 등록", "양식 다운로드"]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  const refused = await page.request.post(`${PATH}/1/36/${YEAR}`, { form: { intent: "delete", hlSeq: "1" } });
  expect(refused.status()).toBe(405);
});

test("a preview taller than the window opens at its top, the focus in it", async ({ page }, testInfo) => {
  // the seeded sets' previews list some twenty students: taller than this window
  await page.setViewportSize({ width: 1280, height: 600 });
  await signIn(page, testInfo, "admin");
  // the set with the most students first (the sets other tests add have two)
  await page.goto(`${PATH}?year=${YEAR}&sort=userCnt:desc`);
  await ready(page, testInfo);
  const href = await page.getByTestId("law-row").first().getByRole("link", { name: /^미리보기/ }).getAttribute("href");
  // opened by its address (a page load), where the dialog once opened scrolled to its foot with the focus on the page's body
  await page.goto(href!);
  await ready(page, testInfo);
  const dialog = page.getByRole("dialog", { name: "보건의료법규 성적 미리보기" });
  await expect(dialog.getByRole("heading", { name: "보건의료법규 성적 미리보기" })).toBeInViewport();
  expect(await dialog.evaluate((d) => d.scrollHeight > d.clientHeight || d.getBoundingClientRect().height > window.innerHeight)).toBe(true);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  if (jsEnabled(testInfo)) {
    await expect(dialog.getByRole("button", { name: "닫기" })).toBeFocused();
    expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
  }
  await expectNoAxeViolations(page);
});
