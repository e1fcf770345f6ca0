/**
 * R07 seminars (spec 001 §2 "Seminars", §4 "Seminar member", §5 "Seminar", §8). The long walk runs
 * with JavaScript and a short walk of the same form without (ADR 0087): the list; adding a seminar with every message of spec 001 §5 (the participants looked up
 * against the year's professors, added and removed by row), the values kept after each refused
 * save; a refused schedule file of each kind and the round trip (upload, download the same bytes
 * with its Korean name, remove on edit); edit; delete; the Excel download, sample and upload; a
 * year without categories; evaluation mode; axe on each page and dialog state. The participants
 * are seeded professors of this year; the seminars' places carry a unique text.
 */
import ExcelJS from "exceljs";
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { deletesAfterConfirm, evaluationModeIsReadOnly, expectNoAxeViolations, field, longWalkIn, onlyWithJavaScript, onlyWithoutJavaScript, opensListThenAddDialog, pdf, ready, refusesBadAttachments, shortWalkIn, signIn, uniqueId } from "./helpers";
import { loadSheet, uploadExcel } from "./students";

const YEAR = new Date().getFullYear();
const SEMINAR = "/insert/professor/seminar";

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const participant = (page: Page, n: number) => page.getByRole("group", { name: `참여자 ${n}`, exact: true });
const listRow = (page: Page, text: string): Locator => page.getByTestId("seminar-row").filter({ hasText: text });
const save = (page: Page, label = "등록") => page.getByRole("button", { name: label, exact: true }).click();

async function openList(page: Page, testInfo: TestInfo, query = `year=${YEAR}`) {
  await page.goto(`${SEMINAR}?${query}`);
  await ready(page, testInfo);
}

/**
 * Professors of the year (number and name), from the professor list's Excel download, each with a
 * name of its own: other tests add professors too (people.spec's '김교수'), and a row is told apart
 * by its name on screen.
 */
async function professors(page: Page, year: number, n: number): Promise<{ id: string; name: string }[]> {
  const res = await page.request.get(`/insert/professor/document/excel?type=download&year=${year}`);
  expect(res.status()).toBe(200);
  const ws = (await loadSheet(await res.body())).worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const [idAt, nameAt] = [headers.indexOf("사번"), headers.indexOf("이름")];
  const out: { id: string; name: string }[] = [];
  for (let r = 2; r <= ws.rowCount && out.length < n; r++) {
    const v = (ws.getRow(r).values as unknown[]).slice(1);
    if (v[idAt] && !out.some((p) => p.name === String(v[nameAt]))) out.push({ id: String(v[idAt]), name: String(v[nameAt]) });
  }
  expect(out).toHaveLength(n);
  return out;
}

async function lookUp(page: Page, n: number, id: string) {
  await field(participant(page, n), "사번").fill(id);
  await participant(page, n).getByRole("button", { name: `참여자 ${n} 사번 확인` }).click();
}

async function chooseFile(page: Page, file: { name: string; buffer: Buffer; mimeType?: string } | null) {
  // a 10 MB file takes a while to reach the browser on a loaded machine
  await page.locator("#seminar-form-file").setInputFiles(file ? { name: file.name, mimeType: file.mimeType ?? "application/pdf", buffer: file.buffer } : [], { timeout: 60_000 });
}

test("seminar: add with every message and the values kept, the schedule refused and round-tripped, edit, delete", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(300_000);
  await signIn(page, testInfo, "admin");
  const [p1, p2] = await professors(page, YEAR, 2);
  const place = `세미나실 ${uniqueId("e2e")}`;

  await openList(page, testInfo);
  await opensListThenAddDialog(page, testInfo, {
    heading: "세미나",
    list: "seminar-list",
    row: "seminar-row",
    columns: ["구분", "시작일", "종료일", "장소 구분", "장소", "참여자 수", "참여자", "일정표", "관리"],
    dialog: "세미나 등록",
    yearField: "#seminar-form-year",
    year: YEAR,
  });

  // spec 001 §5 "Seminar", one rule after another, every typed value kept
  await save(page);
  await expect(alert(page, "구분을 선택해주세요.")).toBeVisible();
  await page.locator("#seminar-form-smSe").selectOption({ index: 1 });
  const category = (await page.locator("#seminar-form-smSe option:checked").textContent())!.trim();
  await save(page);
  await expect(alert(page, "시작작일을 선택해주세요.")).toBeVisible();
  await field(page, "시작일").fill(`${YEAR}-05-20`);
  await save(page);
  await expect(alert(page, "종료일을 선택해주세요.")).toBeVisible();
  await field(page, "종료일").fill(`${YEAR}-05-19`);
  await save(page);
  await expect(alert(page, "참여일을 다시 확인해 주세요.")).toBeVisible();
  await expect(field(page, "시작일")).toHaveValue(`${YEAR}-05-20`);
  await field(page, "종료일").fill(`${YEAR}-05-21`);
  await save(page);
  await expect(alert(page, "장소를 입력해주세요.")).toBeVisible();
  await page.locator("#seminar-form-placeCd").selectOption("2");
  await field(page, "장소").fill(place);
  await save(page);
  await expect(alert(page, "사번을 입력해주세요.")).toBeVisible();
  await expect(page.locator("#seminar-form-smSe")).toHaveValue(/^0001800/);

  // the participant lookup: no number, a number the year does not have, then typed but not confirmed
  await participant(page, 1).getByRole("button", { name: "참여자 1 사번 확인" }).click();
  await expect(alert(page, "사번을 입력 후 확인버튼을 선택하세요.")).toBeVisible();
  await lookUp(page, 1, "99999999");
  await expect(alert(page, "해당년도에 등록된 사번이 없습니다.")).toBeVisible();
  await field(participant(page, 1), "사번").fill(p1.id);
  await save(page);
  await expect(alert(page, "사번을 입력 후 확인버튼을 클릭하세요.")).toBeVisible();
  await expect(field(page, "장소")).toHaveValue(place);
  await expect(page.locator("#seminar-form-placeCd")).toHaveValue("2");
  await participant(page, 1).getByRole("button", { name: "참여자 1 사번 확인" }).click();
  await expect(participant(page, 1).getByText(`이름: ${p1.name}`)).toBeVisible();
  // the last participant cannot be removed
  await participant(page, 1).getByRole("button", { name: "참여자 1 삭제" }).click();
  await expect(alert(page, "한명의 참여자는 등록되어야합니다.")).toBeVisible();
  await expect(participant(page, 1).getByText(`이름: ${p1.name}`)).toBeVisible();
  // a second row with the same number
  await page.getByRole("button", { name: "참여자 추가" }).click();
  await lookUp(page, 2, p1.id);
  await expect(participant(page, 2).getByText(`이름: ${p1.name}`)).toBeVisible();
  await save(page);
  await expect(alert(page, "중복된 사번이 존재합니다.")).toBeVisible();
  await expect(participant(page, 1).getByText(`이름: ${p1.name}`)).toBeVisible();
  await lookUp(page, 2, p2.id);
  await expect(participant(page, 2).getByText(`이름: ${p2.name}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // refused schedules: the extension, a .pdf that is not a PDF, more than 10 MB; nothing typed is lost
  await refusesBadAttachments(page, {
    choose: (file) => chooseFile(page, file),
    save: () => save(page),
    kept: async () => {
      await expect(participant(page, 2).getByText(`이름: ${p2.name}`)).toBeVisible();
      await expect(field(page, "장소")).toHaveValue(place);
    },
  });

  // saved with its schedule
  const schedule = pdf(`schedule ${place}`);
  await chooseFile(page, { name: "세미나 일정표.pdf", buffer: schedule });
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "세미나 등록" })).toHaveCount(0);

  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  const row = listRow(page, place);
  await expect(row).toHaveCount(1);
  for (const text of [category, `${YEAR}-05-20`, `${YEAR}-05-21`, "교외", `${p1.name}(${p1.id}), ${p2.name}(${p2.id})`]) await expect(row).toContainText(text);
  const link = row.getByRole("link", { name: "일정표 내려받기: 세미나 일정표.pdf" });
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(Buffer.compare(await res.body(), schedule)).toBe(0);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent("세미나 일정표.pdf"));
  // a seminar that does not exist has no schedule
  expect((await page.request.get(`${SEMINAR}/file?year=${YEAR}&smSeq=999999`, { maxRedirects: 0 })).status()).toBe(302);

  // edit: the participants confirmed, the schedule shown; one participant less, the schedule removed
  await row.getByRole("link", { name: /^수정: / }).click();
  await expect(page.getByRole("heading", { name: "세미나 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(participant(page, 2).getByText(`이름: ${p2.name}`)).toBeVisible();
  await expect(page.getByTestId("saved-file")).toContainText("세미나 일정표.pdf");
  await expectNoAxeViolations(page);
  await participant(page, 2).getByRole("button", { name: "참여자 2 삭제" }).click();
  await expect(participant(page, 2)).toHaveCount(0);
  await page.getByLabel("삭제: 세미나 일정표.pdf").check();
  await field(page, "종료일").fill(`${YEAR}-05-18`);
  await save(page, "수정");
  await expect(alert(page, "참여일을 다시 확인해 주세요.")).toBeVisible();
  await expect(page.getByLabel("삭제: 세미나 일정표.pdf")).toBeChecked();
  await field(page, "종료일").fill(`${YEAR}-05-22`);
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  await expect(listRow(page, place)).toContainText(`${YEAR}-05-22`);
  await expect(listRow(page, place)).toContainText(`${p1.name}(${p1.id})`);
  await expect(listRow(page, place)).not.toContainText(`(${p2.id})`);
  await expect(listRow(page, place).getByRole("link", { name: /^일정표 내려받기/ })).toHaveCount(0);

  // delete, after '정말 삭제하시겠습니까?'
  await deletesAfterConfirm(page, testInfo, listRow(page, place).getByRole("link", { name: /^삭제: / }));
  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  await expect(listRow(page, place)).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  // a seminar that is gone: '데이터가 없습니다.'
  await page.goto(`${SEMINAR}?year=${YEAR}&dialog=edit&smSeq=999999`);
  await ready(page, testInfo);
  await expect(alert(page, "데이터가 없습니다.")).toBeVisible();
});

test("short walk (the long one runs with JavaScript): a seminar is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [p] = await professors(page, YEAR, 1);
  const place = `세미나실 ${uniqueId("s")}`;

  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  await expect(page.getByRole("heading", { name: "세미나 등록" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator("#seminar-form-smSe").selectOption({ index: 1 });
  await field(page, "시작일").fill(`${YEAR}-06-10`);
  await field(page, "종료일").fill(`${YEAR}-06-11`);
  await page.locator("#seminar-form-placeCd").selectOption("2");
  await field(page, "장소").fill(place);
  await lookUp(page, 1, p.id);
  await expect(participant(page, 1).getByText(`이름: ${p.name}`)).toBeVisible();
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  await expect(listRow(page, place)).toHaveCount(1);
  for (const text of [`${YEAR}-06-10`, `${YEAR}-06-11`, "교외", `${p.name}(${p.id})`]) await expect(listRow(page, place)).toContainText(text);

  await listRow(page, place).getByRole("link", { name: /^수정: / }).click();
  await expect(page.getByRole("heading", { name: "세미나 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "장소")).toHaveValue(place);
  await expect(field(page, "종료일")).toHaveValue(`${YEAR}-06-11`);
  await expect(participant(page, 1).getByText(`이름: ${p.name}`)).toBeVisible();
  await field(page, "종료일").fill(`${YEAR}-06-12`);
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  await expect(listRow(page, place)).toContainText(`${YEAR}-06-12`);

  await deletesAfterConfirm(page, testInfo, listRow(page, place).getByRole("link", { name: /^삭제: / }));
  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  await expect(listRow(page, place)).toHaveCount(0);
});

test("seminar: Excel download, sample and upload; a year without categories; evaluation mode", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [p] = await professors(page, YEAR, 1);
  const place = `엑셀세미나실 ${uniqueId("x")}`;
  await openList(page, testInfo);

  const download = await page.request.get(`${SEMINAR}/excel?type=download&year=${YEAR}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain(encodeURIComponent(`세미나_${YEAR}.xlsx`));
  const ws = (await loadSheet(await download.body())).worksheets[0];
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["년도", "구분", "시작일", "종료일", "장소 구분", "장소", "참여자 수", "참여자 사번", "참여자", "일정표", "등록일"]);
  expect(ws.rowCount).toBeGreaterThan(1);

  // the sample of the year: the upload's headers and an example row of the year's category
  const sample = await page.request.get(`${SEMINAR}/excel?type=template&year=${YEAR}`);
  expect(sample.status()).toBe(200);
  const wb = await loadSheet(await sample.body());
  const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(["구분", "시작일", "종료일", "장소 구분", "장소", "참여자 사번"]);
  const category = String((wb.worksheets[0].getRow(2).values as unknown[])[1]);

  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet("Sheet1");
  sheet.addRow(headers);
  sheet.addRow([category, `${YEAR}-09-01`, `${YEAR}-09-02`, "교내", place, p.id]);
  sheet.addRow([category, `${YEAR}-09-01`, `${YEAR}-09-02`, "교내", place, "99999999"]);
  await uploadExcel(page, "세미나.xlsx", Buffer.from(await out.xlsx.writeBuffer()));
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 1건");
  await expect(result).toContainText("해당년도에 등록된 사번이 없습니다.");
  await expectNoAxeViolations(page);
  await openList(page, testInfo, `year=${YEAR}&value=${encodeURIComponent(place)}`);
  await expect(listRow(page, place)).toContainText(`${p.name}(${p.id})`);

  // the dialog's years run down from this year (spec 001 §9; issue 35): next year is not offered
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  await expect(page.getByRole("heading", { name: "세미나 등록" })).toBeVisible();
  const years = await page.locator("#seminar-form-year option").allTextContents();
  expect(years[0]).toContain(String(YEAR));
  expect(years.join(" ")).not.toContain(String(YEAR + 1));

  // evaluation mode: the server's columns, read-only
  await evaluationModeIsReadOnly(page, testInfo, { path: SEMINAR, evaluation: "/1/24", year: YEAR, columns: ["년도", "구분", "시작일", "종료일", "장소 구분", "장소", "참여자 수"], keyName: "smSeq" });
});

test("with JavaScript the dialog's categories follow its year, and the participants start again", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const [p] = await professors(page, YEAR, 1);
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  await lookUp(page, 1, p.id);
  await expect(participant(page, 1).getByText(`이름: ${p.name}`)).toBeVisible();
  await page.locator("#seminar-form-year").selectOption(String(YEAR - 1));
  await expect(field(participant(page, 1), "사번")).toHaveValue("");
});
