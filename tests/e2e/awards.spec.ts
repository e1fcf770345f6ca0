/**
 * R17 research participation and awards (spec 001 §2, §4, §5 "Awards and participation", §8).
 * The long walk runs without JavaScript, a short walk of the same form (add, reload, edit, delete)
 * with it (ADR 0087); the year's change runs both ways. The long walk adds a participation program with every message of the dialog
 * (the category, the dates, the rows: unconfirmed, duplicate, the last one removed; the attachment
 * refused by type, content and size; values kept after each refusal), the attachment round trip
 * (upload, download the same bytes, remove on save), edit to an award, delete, and a year without
 * categories; another the Excel download, the year's template and an upload with a failing row,
 * and evaluation mode. Axe on the list, the dialog (both categories) and the delete question.
 * Every test works on students it creates (unique numbers), so the two projects can run at once.
 */
import ExcelJS from "exceljs";
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { deletesAfterConfirm, evaluationModeIsReadOnly, expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithoutJavaScript, opensListThenAddDialog, pdf, ready, refusesBadAttachments, shortWalkIn, signIn } from "./helpers";
import { createStudents, loadSheet, newStudentId, uploadExcel } from "./students";

const YEAR = new Date().getFullYear();
const AWARDS = "/insert/student/awards";

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const row = (page: Page, noun: string, n: number) => page.getByRole("group", { name: `${noun} ${n}`, exact: true });
const listRow = (page: Page, text: string): Locator => page.getByTestId("award-row").filter({ hasText: text });
const save = (page: Page, label = "등록") => page.getByRole("button", { name: label, exact: true }).click();


async function openList(page: Page, testInfo: TestInfo, query = `year=${YEAR}`) {
  await page.goto(`${AWARDS}?${query}`);
  await ready(page, testInfo);
}

/** Chooses the category: with JavaScript its fields appear at once, without it after '적용'. */
async function chooseCategory(page: Page, testInfo: TestInfo, label: string) {
  await page.locator("#award-form-paSeCd").selectOption({ label });
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "구분 적용" }).click();
}

async function lookUp(page: Page, noun: string, n: number, id: string) {
  await field(row(page, noun, n), "학번").fill(id);
  await row(page, noun, n).getByRole("button", { name: `${noun} ${n} 학번 확인` }).click();
}

const chooseFile = (page: Page, f: { name: string; buffer: Buffer; mimeType?: string } | null) =>
  // a 10 MB file takes a while to reach the browser on a loaded machine
  page.locator("#award-form-file").setInputFiles(f ? { name: f.name, mimeType: f.mimeType ?? "application/pdf", buffer: f.buffer } : [], { timeout: 60_000 });

test("participation: every message with values kept, rows, the attachment round trip, edit to an award, delete", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(300_000);
  await signIn(page, testInfo, "admin");
  const [s, t] = await createStudents(page, testInfo, YEAR, ["수상학생", "참여학생"], "6");

  await openList(page, testInfo);
  await opensListThenAddDialog(page, testInfo, {
    heading: "연구참여 및 수상",
    list: "award-list",
    row: "award-row",
    columns: ["년도", "구분", "프로그램명", "수상일·참여기간", "장소", "수상자·참여자", "인원", "첨부파일", "관리"],
    dialog: "연구참여 및 수상 등록",
    yearField: "#award-form-year",
    year: YEAR,
  });

  // nothing chosen: the category first
  await save(page);
  await expect(alert(page, "해당 년도에 등록된 공통코드가 없습니다.")).toBeVisible();
  await field(page, "프로그램명").fill("e2e 연구 참여");
  await chooseCategory(page, testInfo, "참여");
  await expect(field(page, "시작일")).toBeVisible();
  await expect(field(page, "프로그램명")).toHaveValue("e2e 연구 참여");
  await expect(field(page, "수상일")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // the start after the end; the place; the student typed but not confirmed
  await field(page, "시작일").fill(`${YEAR}-05-10`);
  await field(page, "종료일").fill(`${YEAR}-05-01`);
  await page.locator("#award-form-placeCd").selectOption({ label: "교외" });
  await field(page, "장소").fill("협력 연구소");
  await field(page, "일정").fill("매주 금요일 오후");
  await field(row(page, "참여자", 1), "학번").fill(s.id);
  await field(row(page, "참여자", 1), "연구주제").fill("세포 연구");
  await save(page);
  await expect(alert(page, "참여일을 다시 확인해 주세요.")).toBeVisible();
  await expect(field(page, "장소")).toHaveValue("협력 연구소");
  await expect(field(page, "일정")).toHaveValue("매주 금요일 오후");
  await expect(page.locator("#award-form-placeCd")).toHaveValue("2");
  await field(page, "종료일").fill(`${YEAR}-06-30`);
  await save(page);
  await expect(alert(page, "학번을 입력 후 확인버튼을 클릭하세요.")).toBeVisible();
  await expect(field(row(page, "참여자", 1), "학번")).toHaveValue(s.id);
  await expect(field(row(page, "참여자", 1), "연구주제")).toHaveValue("세포 연구");
  await row(page, "참여자", 1).getByRole("button", { name: "참여자 1 학번 확인" }).click();
  await expect(row(page, "참여자", 1).getByText(`이름: ${s.name}`)).toBeVisible();

  // a second row: the same number twice
  await page.getByRole("button", { name: "참여자 추가" }).click();
  await lookUp(page, "참여자", 2, s.id);
  await expect(row(page, "참여자", 2).getByText(`이름: ${s.name}`)).toBeVisible();
  await save(page);
  await expect(alert(page, "중복된 학번이 존재합니다.")).toBeVisible();
  // an unknown number
  await lookUp(page, "참여자", 2, newStudentId("6"));
  await expect(alert(page, "해당년도에 등록된 학번이 없습니다.")).toBeVisible();
  // the second row removed; the last one stays
  await page.getByRole("button", { name: "참여자 2 삭제" }).click();
  await expect(row(page, "참여자", 2)).toHaveCount(0);
  await page.getByRole("button", { name: "참여자 1 삭제" }).click();
  await expect(alert(page, "한명의 참여자는 등록되어야합니다.")).toBeVisible();
  await expect(row(page, "참여자", 1).getByText(`이름: ${s.name}`)).toBeVisible();
  await page.getByRole("button", { name: "참여자 추가" }).click();
  await lookUp(page, "참여자", 2, t.id);
  await expect(row(page, "참여자", 2).getByText(`이름: ${t.name}`)).toBeVisible();

  // refused files: the type, a .pdf that is not a PDF, more than 10 MB
  await refusesBadAttachments(page, {
    choose: (file) => chooseFile(page, file),
    save: () => save(page),
    kept: async () => {
      await expect(field(page, "장소")).toHaveValue("협력 연구소");
      await expect(row(page, "참여자", 2).getByText(`이름: ${t.name}`)).toBeVisible();
    },
  });

  // saved with a PDF
  const report = pdf(`report ${s.id}`);
  await chooseFile(page, { name: "참여보고서.pdf", buffer: report });
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "연구참여 및 수상 등록" })).toHaveCount(0);

  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  const mine = listRow(page, "e2e 연구 참여");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`${YEAR}-05-10 ~ ${YEAR}-06-30`);
  await expect(mine).toContainText("교외 · 협력 연구소");
  await expect(mine).toContainText(`${s.name}(${s.id}), ${t.name}(${t.id})`);
  await expect(mine).toContainText("2명");
  const link = mine.getByRole("link", { name: "첨부파일 내려받기: 참여보고서.pdf" });
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(Buffer.compare(await res.body(), report)).toBe(0);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent("참여보고서.pdf"));

  // edit: an award now, the attachment removed
  await mine.getByRole("link", { name: /^수정: e2e 연구 참여/ }).click();
  await expect(page.getByRole("heading", { name: "연구참여 및 수상 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "장소")).toHaveValue("협력 연구소");
  await expect(row(page, "참여자", 2).getByText(`이름: ${t.name}`)).toBeVisible();
  await expect(page.getByTestId("saved-file")).toContainText("참여보고서.pdf");
  await chooseCategory(page, testInfo, "수상");
  await expect(field(page, "수상일")).toBeVisible();
  await expect(field(page, "장소")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await save(page, "수정");
  await expect(alert(page, "수상일을 입력해주세요.")).toBeVisible();
  await field(page, "수상일").fill(`${YEAR}-07-07`);
  await page.getByRole("button", { name: "수상자 2 삭제" }).click();
  await field(row(page, "수상자", 1), "수상내용").fill("대상");
  await page.getByLabel("삭제: 참여보고서.pdf").check();
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, "e2e 연구 참여")).toContainText(`${YEAR}-07-07`);
  await expect(listRow(page, "e2e 연구 참여")).toContainText("1명");
  await expect(listRow(page, "e2e 연구 참여").getByRole("link", { name: /^첨부파일 내려받기/ })).toHaveCount(0);

  // delete, after '정말 삭제하시겠습니까?'
  await deletesAfterConfirm(page, testInfo, listRow(page, "e2e 연구 참여").getByRole("link", { name: /^삭제: e2e 연구 참여/ }));
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();

  // the dialog's years run down from this year (spec 001 §9; issue 35): next year is not offered
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  const years = await page.locator("#award-form-year option").allTextContents();
  expect(years[0]).toContain(String(YEAR));
  expect(years.join(" ")).not.toContain(String(YEAR + 1));
});

test("short walk (the long one runs without JavaScript): a participation is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["짧은참여"], "6");

  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  await expect(page.getByRole("heading", { name: "연구참여 및 수상 등록" })).toBeVisible();
  await field(page, "프로그램명").fill("e2e 짧은 참여");
  await chooseCategory(page, testInfo, "참여");
  await expect(field(page, "시작일")).toBeVisible();
  await expectNoAxeViolations(page);
  await field(page, "시작일").fill(`${YEAR}-04-01`);
  await field(page, "종료일").fill(`${YEAR}-04-30`);
  await page.locator("#award-form-placeCd").selectOption({ label: "교외" });
  await field(page, "장소").fill("짧은 연구소");
  await lookUp(page, "참여자", 1, s.id);
  await expect(row(page, "참여자", 1).getByText(`이름: ${s.name}`)).toBeVisible();
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  const mine = listRow(page, "e2e 짧은 참여");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`${YEAR}-04-01 ~ ${YEAR}-04-30`);
  await expect(mine).toContainText("교외 · 짧은 연구소");
  await expect(mine).toContainText(`${s.name}(${s.id})`);

  await mine.getByRole("link", { name: /^수정: e2e 짧은 참여/ }).click();
  await expect(page.getByRole("heading", { name: "연구참여 및 수상 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "장소")).toHaveValue("짧은 연구소");
  await expect(field(page, "종료일")).toHaveValue(`${YEAR}-04-30`);
  await expect(row(page, "참여자", 1).getByText(`이름: ${s.name}`)).toBeVisible();
  await field(page, "종료일").fill(`${YEAR}-05-15`);
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, "e2e 짧은 참여")).toContainText(`${YEAR}-04-01 ~ ${YEAR}-05-15`);

  await deletesAfterConfirm(page, testInfo, listRow(page, "e2e 짧은 참여").getByRole("link", { name: /^삭제: e2e 짧은 참여/ }));
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("changing the year clears the looked-up winners (spec 001 §4)", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["년도수상"], "6");
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  await lookUp(page, "수상자", 1, s.id);
  await expect(row(page, "수상자", 1).getByText(`이름: ${s.name}`)).toBeVisible();
  await page.locator("#award-form-year").selectOption(String(YEAR - 1));
  if (jsEnabled(testInfo)) {
    // at once: the student is gone (and the year's categories are loaded)
    await expect(field(row(page, "수상자", 1), "학번")).toHaveValue("");
    await expect(row(page, "수상자", 1).getByText("확인 전")).toBeVisible();
  } else {
    // on the next post: the lookup was for the other year
    await chooseCategory(page, testInfo, "수상");
    await field(page, "프로그램명").fill("년도 변경");
    await field(page, "수상일").fill(`${YEAR - 1}-05-01`);
    await save(page);
    await expect(alert(page, "학번을 입력 후 확인버튼을 클릭하세요.")).toBeVisible();
    await expect(row(page, "수상자", 1).getByText(`이름: ${s.name}`)).toHaveCount(0);
  }
});

test("Excel download, the year's template and an upload with a failing row; evaluation mode", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["엑셀수상"], "6");
  await openList(page, testInfo);

  const download = await page.request.get(`${AWARDS}/excel?type=download&year=${YEAR}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain(encodeURIComponent(`연구참여및수상_${YEAR}.xlsx`));
  const ws = (await loadSheet(await download.body())).worksheets[0];
  expect((ws.getRow(1).values as unknown[]).slice(1).map(String)).toEqual(["년도", "구분", "프로그램명", "수상일", "시작일", "종료일", "장소 구분", "장소", "일정", "학번", "이름", "연구주제·수상내용", "첨부파일"]);
  expect(ws.rowCount).toBeGreaterThan(1);

  // the template is the year's (a year without categories, which the list no longer offers since
  // it ends at this year, goes back with '해당 년도에 등록된 공통코드가 없습니다.': tests/contract)
  const template = await page.request.get(`${AWARDS}/excel?type=template&year=${YEAR}`);
  expect(template.status()).toBe(200);
  const sample = (await loadSheet(await template.body())).worksheets[0];
  const headers = (sample.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(["구분", "프로그램명", "수상일", "시작일", "종료일", "장소 구분", "장소", "일정", "학번", "이름", "연구주제·수상내용"]);

  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet("Sheet1");
  sheet.addRow(headers);
  const cells = (over: Record<string, string>) => headers.map((h) => over[h] ?? ({ 구분: "수상", 프로그램명: "e2e 엑셀 경진대회", 수상일: `${YEAR}-11-11`, 학번: s.id, 이름: s.name, "연구주제·수상내용": "우수상" } as Record<string, string>)[h] ?? "");
  sheet.addRow(cells({}));
  sheet.addRow(cells({ 이름: "다른이름" }));
  await openList(page, testInfo);
  await uploadExcel(page, "수상.xlsx", Buffer.from(await out.xlsx.writeBuffer()));
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 1건");
  await expect(result).toContainText(`3행 (${s.id}): 해당 학번의 성명이 일치하지 않습니다.`);
  await expectNoAxeViolations(page);
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, "e2e 엑셀 경진대회")).toContainText(`${s.name}(${s.id})`);

  // evaluation mode: the server's columns, read-only
  await evaluationModeIsReadOnly(page, testInfo, { path: AWARDS, evaluation: "/1/14", year: YEAR, columns: ["년도", "구분", "프로그램명", "일자", "장소 구분", "인원", "수상자·참여자"], keyName: "paSeq" });
});
