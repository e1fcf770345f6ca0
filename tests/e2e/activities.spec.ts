/**
 * R15 volunteer activity and R16 international health-care activity (spec 001 §2, §4, §5
 * "Volunteer and health-care", §8). Each screen's long walk runs in one project (volunteer without
 * JavaScript, health-care with it) and a short walk of the same form (add, reload, edit, delete) in
 * the other (ADR 0087); the year's change runs both ways. Adding a record with the student
 * lookup and every message (values kept), the attachments (a refused file of each kind, a round
 * trip: upload, download the same bytes, remove on save), editing, deleting, the Excel round
 * trip with failing rows named, evaluation mode, and axe on the list and the dialog; the
 * health-care screen's own fields (country, school) through the same definition.
 * Every test works on students it creates (unique numbers), so the two projects can run at once.
 */
import ExcelJS from "exceljs";
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { deletesAfterConfirm, evaluationModeIsReadOnly, expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithoutJavaScript, opensListThenAddDialog, pdf, ready, refusesBadAttachments, shortWalkIn, signIn } from "./helpers";
import { createStudents, loadSheet, newStudentId, uploadExcel } from "./students";

const YEAR = new Date().getFullYear();
const VOLUNTEER = "/insert/student/volunteer";
const MEDICAL = "/insert/student/medical";

/** A fresh student number. */
const newId = () => newStudentId("8");

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const studentRow = (page: Page) => page.getByRole("group", { name: "학생 1", exact: true });

async function openList(page: Page, testInfo: TestInfo, path: string, query = `year=${YEAR}`) {
  await page.goto(`${path}?${query}`);
  await ready(page, testInfo);
}

/** Puts these files into the dialog's file slots (the others emptied). */
async function chooseFiles(page: Page, files: { name: string; buffer: Buffer; mimeType?: string }[]) {
  for (let i = 0; i < 3; i++) {
    const f = files[i];
    // a 10 MB file takes a while to reach the browser on a loaded machine
    await page.locator(`#activity-form-file-${i + 1}`).setInputFiles(f ? { name: f.name, mimeType: f.mimeType ?? "application/pdf", buffer: f.buffer } : [], { timeout: 60_000 });
  }
}

const save = (page: Page, label = "등록") => page.getByRole("button", { name: label, exact: true }).click();

async function lookUp(page: Page, id: string) {
  await field(studentRow(page), "학번").fill(id);
  await studentRow(page).getByRole("button", { name: "학생 1 학번 확인" }).click();
}

const listRow = (page: Page, id: string): Locator => page.getByTestId("activity-row").filter({ hasText: id });

test("volunteer: add with the lookup and every message, the attachments refused and kept, edit with a removed file, delete", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(300_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["봉사학생"], "8");

  await openList(page, testInfo, VOLUNTEER);
  await opensListThenAddDialog(page, testInfo, {
    heading: "봉사활동",
    list: "activity-list",
    row: "activity-row",
    columns: ["년도", "학번", "이름", "학년", "시작일", "종료일", "활동시간", "장소", "첨부파일", "관리"],
    dialog: "봉사활동 등록",
    yearField: "#activity-form-year",
    year: YEAR,
  });

  // nothing typed: the student first
  await save(page);
  await expect(alert(page, "학번을 입력해주세요.")).toBeVisible();
  // a number the year does not have
  await lookUp(page, newId());
  await expect(alert(page, "해당년도에 등록된 학번이 없습니다.")).toBeVisible();
  // the number typed, not confirmed; the other fields typed and kept
  await field(studentRow(page), "학번").fill(s.id);
  await field(page, "시작일").fill(`${YEAR}-03-10`);
  await field(page, "종료일").fill(`${YEAR}-03-09`);
  await field(page, "활동시간 (시간)").fill("12");
  await field(page, "장소").fill("시립 보건소");
  await field(page, "활동내용").fill("예방접종 안내");
  await field(page, "기관명").fill("시립 보건소");
  await page.getByLabel("기관 연락처 앞자리").fill("02");
  await page.getByLabel("기관 연락처 가운데 자리").fill("123");
  await page.getByLabel("기관 연락처 끝자리").fill("4567");
  await field(page, "담당자 직위").fill("주무관");
  await field(page, "담당자 이름").fill("김담당");
  await save(page);
  await expect(alert(page, "학번을 입력 후 확인버튼을 클릭하세요.")).toBeVisible();
  await expect(field(page, "장소")).toHaveValue("시립 보건소");
  await expect(field(studentRow(page), "학번")).toHaveValue(s.id);
  // confirmed
  await studentRow(page).getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  // start after end
  await save(page);
  await expect(alert(page, "시작일은 종료일보다 클 수 없습니다.")).toBeVisible();
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await expect(page.getByLabel("기관 연락처 끝자리")).toHaveValue("4567");
  await field(page, "종료일").fill(`${YEAR}-03-11`);

  // a name that is not the student's (a forged post: the lookup fills it)
  await page.locator('input[name="rows[0].name"]').evaluate((el: HTMLInputElement) => (el.value = "다른이름"));
  await save(page);
  await expect(alert(page, "해당 학번의 성명이 일치하지 않습니다.")).toBeVisible();
  if (!jsEnabled(testInfo)) await lookUp(page, s.id);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();

  // refused files: the extension, a .pdf that is not a PDF, more than 10 MB
  await refusesBadAttachments(page, {
    choose: (file) => chooseFiles(page, [file]),
    save: () => save(page),
    kept: () => expect(field(page, "장소")).toHaveValue("시립 보건소"),
  });

  // saved with two attachments
  const first = pdf(`certificate ${s.id}`);
  const second = pdf(`report ${s.id}`);
  await chooseFiles(page, [
    { name: "봉사활동확인서.pdf", buffer: first },
    { name: "활동보고서.pdf", buffer: second },
  ]);
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "봉사활동 등록" })).toHaveCount(0);

  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  const row = listRow(page, s.id);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${YEAR}-03-10`);
  await expect(row).toContainText("시립 보건소");
  // each attachment downloads with the same bytes and its Korean name
  const link = row.getByRole("link", { name: "첨부파일 내려받기: 봉사활동확인서.pdf" });
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(Buffer.compare(await res.body(), first)).toBe(0);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent("봉사활동확인서.pdf"));
  // a file that is not the record's is not served
  const forged = await page.request.get(`${VOLUNTEER}/file?year=${YEAR}&seq=1&file=999999`, { maxRedirects: 0 });
  expect(forged.status()).toBe(302);

  // edit: two saved + two new is four
  await row.getByRole("link", { name: new RegExp(`^수정: ${s.name}`) }).click();
  await expect(page.getByRole("heading", { name: "봉사활동 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.getByTestId("saved-file")).toHaveCount(2);
  await expect(field(page, "담당자 이름")).toHaveValue("김담당");
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await expectNoAxeViolations(page);
  const third = pdf(`third ${s.id}`);
  await chooseFiles(page, [
    { name: "추가1.pdf", buffer: third },
    { name: "추가2.pdf", buffer: third },
  ]);
  await save(page, "수정");
  await expect(alert(page, "파일은 최대 3개까지만 첨부 가능합니다.")).toBeVisible();
  // one saved file removed and three new is four too; the removal stays ticked
  await page.getByLabel("삭제: 활동보고서.pdf").check();
  await chooseFiles(page, [
    { name: "추가1.pdf", buffer: third },
    { name: "추가2.pdf", buffer: third },
    { name: "추가3.pdf", buffer: third },
  ]);
  await save(page, "수정");
  await expect(alert(page, "파일은 최대 3개까지만 첨부 가능합니다.")).toBeVisible();
  await expect(page.getByLabel("삭제: 활동보고서.pdf")).toBeChecked();
  // one saved file removed, one new: three in all
  await chooseFiles(page, [{ name: "추가1.pdf", buffer: third }]);
  await field(page, "활동시간 (시간)").fill("20");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toContainText("20");
  await expect(listRow(page, s.id).getByRole("link", { name: /^첨부파일 내려받기/ })).toHaveText(["봉사활동확인서.pdf", "추가1.pdf"]);
  const added = await page.request.get((await listRow(page, s.id).getByRole("link", { name: "첨부파일 내려받기: 추가1.pdf" }).getAttribute("href"))!);
  expect(Buffer.compare(await added.body(), third)).toBe(0);

  // delete, after '정말 삭제하시겠습니까?'
  await deletesAfterConfirm(page, testInfo, listRow(page, s.id).getByRole("link", { name: new RegExp(`^삭제: ${s.name}`) }));
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("short walk (the long one runs without JavaScript): a volunteer record is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["짧은봉사"], "8");

  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&dialog=add`);
  await expect(page.getByRole("heading", { name: "봉사활동 등록" })).toBeVisible();
  await expectNoAxeViolations(page);
  await lookUp(page, s.id);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await field(page, "시작일").fill(`${YEAR}-04-02`);
  await field(page, "종료일").fill(`${YEAR}-04-03`);
  await field(page, "활동시간 (시간)").fill("6");
  await field(page, "장소").fill("짧은 복지관");
  await field(page, "담당자 이름").fill("이담당");
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "봉사활동 등록" })).toHaveCount(0);

  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toHaveCount(1);
  await expect(listRow(page, s.id)).toContainText(`${YEAR}-04-02`);
  await expect(listRow(page, s.id)).toContainText("짧은 복지관");

  await listRow(page, s.id).getByRole("link", { name: new RegExp(`^수정: ${s.name}`) }).click();
  await expect(page.getByRole("heading", { name: "봉사활동 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await expect(field(page, "장소")).toHaveValue("짧은 복지관");
  await expect(field(page, "담당자 이름")).toHaveValue("이담당");
  await field(page, "장소").fill("바뀐 복지관");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toContainText("바뀐 복지관");

  await deletesAfterConfirm(page, testInfo, listRow(page, s.id).getByRole("link", { name: new RegExp(`^삭제: ${s.name}`) }));
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toHaveCount(0);
});

test("volunteer: changing the year clears the looked-up student; editing the number undoes the lookup", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["년도학생"], "8");
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&dialog=add`);
  await lookUp(page, s.id);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  // another digit: the lookup no longer holds
  await field(studentRow(page), "학번").fill(`${s.id}1`);
  if (jsEnabled(testInfo)) await expect(studentRow(page).getByText(`이름: ${s.name}`)).toHaveCount(0);
  await field(studentRow(page), "학번").fill(s.id);
  await studentRow(page).getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await page.locator("#activity-form-year").selectOption(String(YEAR - 1));
  if (jsEnabled(testInfo)) {
    // at once: the student is gone
    await expect(field(studentRow(page), "학번")).toHaveValue("");
    await expect(studentRow(page).getByText("확인 전")).toBeVisible();
  } else {
    // on the next post: the lookup was for the other year
    await field(page, "시작일").fill(`${YEAR - 1}-05-01`);
    await field(page, "종료일").fill(`${YEAR - 1}-05-01`);
    await field(page, "활동시간 (시간)").fill("3");
    await field(page, "장소").fill("복지관");
    await save(page);
    await expect(alert(page, "학번을 입력 후 확인버튼을 클릭하세요.")).toBeVisible();
  }
});

test("volunteer: Excel download and upload with failing rows; evaluation mode", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["엑셀봉사"], "8");
  await openList(page, testInfo, VOLUNTEER);

  const download = await page.request.get(`${VOLUNTEER}/excel?type=download&year=${YEAR}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("spreadsheetml");
  expect(download.headers()["content-disposition"]).toContain(encodeURIComponent(`봉사활동_${YEAR}.xlsx`));
  const wb = await loadSheet(await download.body());
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(["년도", "학번", "이름", "학년", "시작일", "종료일", "활동시간", "장소", "활동내용", "평가", "기관명", "기관 연락처", "담당자 직위", "담당자 이름", "첨부파일", "등록일"]);
  expect(ws.rowCount).toBeGreaterThan(1);

  // the same sheet back: our student, a wrong name, an unknown number
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet("Sheet1");
  sheet.addRow(headers);
  const cells = (over: Record<string, string>) =>
    headers.map((h) => over[h] ?? ({ 학번: s.id, 이름: s.name, 시작일: `${YEAR}-06-01`, 종료일: `${YEAR}-06-02`, 활동시간: "7", 장소: "엑셀복지관" } as Record<string, string>)[h] ?? "");
  sheet.addRow(cells({}));
  sheet.addRow(cells({ 이름: "다른이름" }));
  const unknown = newId();
  sheet.addRow(cells({ 학번: unknown }));
  await uploadExcel(page, "봉사활동.xlsx", Buffer.from(await out.xlsx.writeBuffer()));
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 2건");
  await expect(result).toContainText(`3행 (${s.id}): 해당 학번의 성명이 일치하지 않습니다.`);
  await expect(result).toContainText(`4행 (${unknown}): 해당년도에 등록된 학번이 없습니다.`);
  await expectNoAxeViolations(page);
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toContainText("엑셀복지관");

  // evaluation mode: the server's columns, read-only
  await evaluationModeIsReadOnly(page, testInfo, { path: VOLUNTEER, evaluation: "/1/12", year: YEAR, columns: ["년도", "학번", "이름", "시작일", "종료일", "활동시간", "장소"], keyName: "vaSeq" });
});

test("health-care: country and school, an attachment, edit, evaluation mode", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["보건학생"], "8");
  await openList(page, testInfo, MEDICAL);
  await expect(page.getByRole("heading", { level: 1, name: "국제보건의료 활동" })).toBeVisible();
  await expect(page.getByTestId("activity-list").getByRole("columnheader")).toHaveText(["년도", "학번", "이름", "학년", "시작일", "종료일", "활동시간", "국가", "활동기관(학교)", "첨부파일", "관리"]);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "등록", exact: true }).click();
  await expect(page.getByRole("heading", { name: "국제보건의료 활동 등록" })).toBeVisible();
  await ready(page, testInfo);
  await lookUp(page, s.id);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await field(page, "시작일").fill(`${YEAR}-07-01`);
  await field(page, "종료일").fill(`${YEAR}-07-10`);
  await field(page, "활동시간 (시간)").fill("80");
  await field(page, "활동기관(학교)").fill("하노이 의과대학");
  await save(page);
  await expect(alert(page, "국가를 입력해주세요.")).toBeVisible();
  await expect(field(page, "활동기관(학교)")).toHaveValue("하노이 의과대학");
  await field(page, "국가").fill("베트남");
  const cert = pdf(`medical ${s.id}`);
  await chooseFiles(page, [{ name: "활동확인서.pdf", buffer: cert }]);
  await expectNoAxeViolations(page);
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await openList(page, testInfo, MEDICAL, `year=${YEAR}&value=${s.id}`);
  const row = listRow(page, s.id);
  await expect(row).toContainText("베트남");
  await expect(row).toContainText("하노이 의과대학");
  const res = await page.request.get((await row.getByRole("link", { name: "첨부파일 내려받기: 활동확인서.pdf" }).getAttribute("href"))!);
  expect(Buffer.compare(await res.body(), cert)).toBe(0);

  await row.getByRole("link", { name: new RegExp(`^수정: ${s.name}`) }).click();
  await expect(page.getByRole("heading", { name: "국제보건의료 활동 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "국가")).toHaveValue("베트남");
  await field(page, "국가").fill("라오스");
  await page.getByLabel("삭제: 활동확인서.pdf").check();
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, MEDICAL, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toContainText("라오스");
  await expect(listRow(page, s.id).getByRole("link", { name: /^첨부파일 내려받기/ })).toHaveCount(0);

  await page.goto(`${MEDICAL}/1/13/${YEAR}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("eval-table").getByRole("columnheader")).toHaveText(["년도", "학번", "이름", "시작일", "종료일", "활동시간", "국가", "활동기관(학교)"]);
  await expect(page.getByRole("link", { name: "등록", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("short walk (the long one runs with JavaScript): a health-care record is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["짧은보건"], "8");

  await openList(page, testInfo, MEDICAL, `year=${YEAR}&dialog=add`);
  await expect(page.getByRole("heading", { name: "국제보건의료 활동 등록" })).toBeVisible();
  await expectNoAxeViolations(page);
  await lookUp(page, s.id);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await field(page, "시작일").fill(`${YEAR}-08-01`);
  await field(page, "종료일").fill(`${YEAR}-08-05`);
  await field(page, "활동시간 (시간)").fill("40");
  await field(page, "국가").fill("캄보디아");
  await field(page, "활동기관(학교)").fill("프놈펜 의과대학");
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await openList(page, testInfo, MEDICAL, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toHaveCount(1);
  await expect(listRow(page, s.id)).toContainText("캄보디아");
  await expect(listRow(page, s.id)).toContainText("프놈펜 의과대학");

  await listRow(page, s.id).getByRole("link", { name: new RegExp(`^수정: ${s.name}`) }).click();
  await expect(page.getByRole("heading", { name: "국제보건의료 활동 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();
  await expect(field(page, "국가")).toHaveValue("캄보디아");
  await expect(field(page, "활동기관(학교)")).toHaveValue("프놈펜 의과대학");
  await field(page, "국가").fill("라오스");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, MEDICAL, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toContainText("라오스");

  await deletesAfterConfirm(page, testInfo, listRow(page, s.id).getByRole("link", { name: new RegExp(`^삭제: ${s.name}`) }));
  await openList(page, testInfo, MEDICAL, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s.id)).toHaveCount(0);
});

test("volunteer: a date outside the record's year and an overlong text say what is allowed in Korean, and the form keeps the input (issue 35)", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["범위학생"], "8");
  await openList(page, testInfo, VOLUNTEER, `year=${YEAR}&dialog=add`);
  await expect(page.getByRole("heading", { name: "봉사활동 등록" })).toBeVisible();
  // the years run down from this year (spec 001 §9)
  const years = await page.locator("#activity-form-year option").allTextContents();
  expect(years[0]).toContain(String(YEAR));
  expect(years.join(" ")).not.toContain(String(YEAR + 1));
  // every text field carries its rule's limit
  await expect(field(page, "활동내용")).toHaveAttribute("maxlength", "2000");
  await expect(field(page, "평가")).toHaveAttribute("maxlength", "2000");
  await expect(field(page, "장소")).toHaveAttribute("maxlength", "200");
  await lookUp(page, s.id);
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();

  // a start in 1901 on a record of this year
  await field(page, "시작일").fill("1901-03-10");
  await field(page, "종료일").fill(`${YEAR}-03-11`);
  await field(page, "활동시간 (시간)").fill("12");
  await field(page, "장소").fill("범위 보건소");
  await field(page, "활동내용").fill("범위 확인");
  await save(page);
  await expect(alert(page, `시작일은(는) ${YEAR}-01-01부터 ${YEAR + 1}-02-28까지의 날짜로 입력해주세요.`)).toBeVisible();
  await expect(field(page, "시작일")).toHaveValue("1901-03-10");
  await expect(field(page, "장소")).toHaveValue("범위 보건소");
  await expect(studentRow(page).getByText(`이름: ${s.name}`)).toBeVisible();

  // no hours
  await field(page, "시작일").fill(`${YEAR}-03-10`);
  await field(page, "활동시간 (시간)").fill("0");
  await save(page);
  await expect(alert(page, "활동시간은 1부터 999까지의 숫자로 입력해주세요.")).toBeVisible();
  await field(page, "활동시간 (시간)").fill("12");

  // an overlong text (a post past the maxlength): the limit named, in Korean, the text kept
  const content = field(page, "활동내용");
  await content.evaluate((el) => el.removeAttribute("maxlength"));
  const long = "가".repeat(2001);
  await content.fill(long);
  await save(page);
  await expect(alert(page, "활동내용은(는) 2000자 이하로 입력해주세요.")).toBeVisible();
  await expect(field(page, "활동내용")).toHaveValue(long);
  await expect(field(page, "시작일")).toHaveValue(`${YEAR}-03-10`);
  await expect(field(page, "장소")).toHaveValue("범위 보건소");
});
