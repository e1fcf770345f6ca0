/**
 * E01 Re-learner selection (spec 002 §2 screen 1, §4, §5 "Re-learner"), the form's long walk
 * without JavaScript and a short walk of it with JavaScript (ADR 0087): adding two re-learners with every lookup and save message (other values kept), adding and
 * removing a row, editing (no add button, the number fixed), deleting with its confirmation, the
 * Excel round trip with a failing row named, evaluation mode, a year without subject codes, axe on
 * the list, the dialog and the confirmation step.
 * Every test works on students it creates (unique numbers), so the two projects can run at once.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, longWalkIn, onlyWithJavaScript, onlyWithoutJavaScript, ready, shortWalkIn, signIn } from "./helpers";
import { createStudents, loadSheet, newStudentId, uploadExcel } from "./students";

/** A year with subject codes in the demo data (2024–2026); the list's years run 2025 … next year. */
const YEAR = 2026;
/** Next year: no subject codes yet. */
const NEXT = new Date().getFullYear() + 1;
const PATH = "/insert/eval/relearning";
const SUBJECTS = ["해부학", "생리학", "생화학", "약리학", "병리학", "미생물학", "기생충학", "예방의학"];

/** A fresh student number. */
const newId = () => newStudentId("7");

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const studentRow = (page: Page, n: number) => page.getByRole("group", { name: `학생 ${n}`, exact: true });

async function openList(page: Page, testInfo: TestInfo, query = `year=${YEAR}`) {
  await page.goto(`${PATH}?${query}`);
  await ready(page, testInfo);
}

/** The list row of a student number, and its flag per subject ('Y' / 'N'). */
async function flagsOf(page: Page, id: string): Promise<Record<string, string>> {
  const row = page.getByTestId("relearn-row").filter({ hasText: id });
  await expect(row).toHaveCount(1);
  const marks = await row.locator("[data-yn]").evaluateAll((els) => els.map((e) => e.getAttribute("data-yn") ?? ""));
  return Object.fromEntries(SUBJECTS.map((s, i) => [s, marks[i]]));
}

/** Presses a button that asks first and answers '확인' (a Modal with JavaScript, a step without). */
async function confirm(page: Page, question: string, label: string, scope: Page | Locator = page, axe = false) {
  // a row's buttons are named after the row ('삭제: 홍길동 (2024001)')
  await scope.getByRole("button", { name: new RegExp(`^${label}(: |$)`) }).click();
  await expect(page.getByText(question).first()).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "확인", exact: true }).click();
}

test("two re-learners are added: every lookup and save message, values kept, a row added and removed", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [s1, s2] = await createStudents(page, testInfo, YEAR, ["재학습가", "재학습나"], "7");

  await openList(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "재학습자 선정 자료" })).toBeVisible();
  const table = page.getByTestId("relearn-list");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "학번", "이름", ...SUBJECTS, "관리"]);
  await expect(table.locator("caption")).toContainText(`${YEAR}년 재학습자 목록`);
  await expect(page.getByTestId("total")).toContainText("명");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "재학습자 등록" }).click();
  await expect(page.getByRole("heading", { name: "재학습자 등록" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.locator("#relearning-form-year")).toHaveValue(String(YEAR));
  await expectNoAxeViolations(page);

  const row1 = () => studentRow(page, 1);
  const row2 = () => studentRow(page, 2);
  // lookup without a number
  await row1().getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(alert(page, "학번을 입력 후 확인버튼을 선택하세요.")).toBeVisible();
  // a number the year does not have
  await field(row1(), "학번").fill(newId());
  await row1().getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(alert(page, "해당년도에 등록된 학번이 없습니다.")).toBeVisible();
  await expect(field(row1(), "학번")).toHaveAttribute("aria-invalid", "true");
  // the page came back from the server: the refused number has the focus
  await expect(field(row1(), "학번")).toBeFocused();
  // confirmed
  await field(row1(), "학번").fill(s1.id);
  await row1().getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(row1().getByText(`이름: ${s1.name}`)).toBeVisible();
  await row1().getByLabel("해부학").check();

  // a second row: empty, then not confirmed, then the same number twice
  await page.getByRole("button", { name: "학생 추가" }).click();
  await expect(row2()).toBeVisible();
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(alert(page, "학번을 입력해주세요.")).toBeVisible();
  await expect(field(row2(), "학번")).toHaveAttribute("aria-invalid", "true");
  await expect(field(row1(), "학번")).toHaveValue(s1.id);
  await expect(row1().getByText(`이름: ${s1.name}`)).toBeVisible();
  await expect(row1().getByLabel("해부학")).toBeChecked();

  await field(row2(), "학번").fill(s2.id);
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(alert(page, "학번을 입력 후 확인버튼을 클릭하세요.")).toBeVisible();
  await expect(field(row2(), "학번")).toHaveValue(s2.id);
  await expect(row1().getByLabel("해부학")).toBeChecked();

  await field(row2(), "학번").fill(s1.id);
  await row2().getByRole("button", { name: "학생 2 학번 확인" }).click();
  await expect(row2().getByText(`이름: ${s1.name}`)).toBeVisible();
  await page.getByRole("button", { name: "등록", exact: true }).click();
  await expect(alert(page, "중복된 학번이 존재합니다.")).toBeVisible();
  await expect(field(row1(), "학번")).toHaveValue(s1.id);

  // a third row is added and removed again; the first row has no remove button
  await page.getByRole("button", { name: "학생 추가" }).click();
  await expect(studentRow(page, 3)).toBeVisible();
  await page.getByRole("button", { name: "학생 3 삭제" }).click();
  await expect(studentRow(page, 3)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "학생 1 삭제" })).toHaveCount(0);

  // editing the confirmed number undoes the confirmation (the next post shows it; with JavaScript at once: the short walk)
  await field(row2(), "학번").fill(s2.id);
  await row2().getByRole("button", { name: "학생 2 학번 확인" }).click();
  await expect(row2().getByText(`이름: ${s2.name}`)).toBeVisible();
  await row2().getByLabel("생리학").check();
  await row2().getByLabel("예방의학").check();

  await confirm(page, "등록 하시겠습니까?", "등록", page, true);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "재학습자 등록" })).toHaveCount(0);

  await openList(page, testInfo, `year=${YEAR}&value=${s1.id}`);
  expect(await flagsOf(page, s1.id)).toMatchObject({ 해부학: "Y", 생리학: "N", 예방의학: "N" });
  await expect(page.getByTestId("relearn-row").getByText("예", { exact: true }).first()).toBeAttached();
  await openList(page, testInfo, `year=${YEAR}&value=${s2.id}`);
  expect(await flagsOf(page, s2.id)).toMatchObject({ 해부학: "N", 생리학: "Y", 예방의학: "Y" });
  await expect(page.getByTestId("total")).toContainText("1");
});

test("short walk (the long one runs without JavaScript): a re-learner is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["짧은재학습"], "7");

  await openList(page, testInfo);
  await page.getByRole("link", { name: "재학습자 등록" }).click();
  await expect(page.getByRole("heading", { name: "재학습자 등록" })).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  const row1 = () => studentRow(page, 1);
  await field(row1(), "학번").fill(s.id);
  await row1().getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(row1().getByText(`이름: ${s.name}`)).toBeVisible();
  // editing the confirmed number undoes the confirmation at once
  await field(row1(), "학번").fill(newId());
  await expect(row1().getByText(`이름: ${s.name}`)).toHaveCount(0);
  await field(row1(), "학번").fill(s.id);
  await row1().getByRole("button", { name: "학생 1 학번 확인" }).click();
  await expect(row1().getByText(`이름: ${s.name}`)).toBeVisible();
  await row1().getByLabel("해부학").check();
  await confirm(page, "등록 하시겠습니까?", "등록");
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  // the saved flags in the list, after a fresh load
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  expect(await flagsOf(page, s.id)).toMatchObject({ 해부학: "Y", 생리학: "N" });

  // edit: the saved flags ticked, one more ticked
  await page.getByRole("link", { name: `수정: ${s.name} (${s.id})` }).click();
  await expect(page.getByRole("heading", { name: "재학습자 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(studentRow(page, 1), "학번")).toHaveValue(s.id);
  await expect(studentRow(page, 1).getByLabel("해부학")).toBeChecked();
  await expect(studentRow(page, 1).getByLabel("생리학")).not.toBeChecked();
  await studentRow(page, 1).getByLabel("생리학").check();
  await confirm(page, "수정 하시겠습니까?", "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  expect(await flagsOf(page, s.id)).toMatchObject({ 해부학: "Y", 생리학: "Y" });

  // delete (the list's question first), and it is gone
  await page.getByRole("link", { name: `삭제: ${s.name} (${s.id})` }).click();
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(page.getByTestId("relearn-row").filter({ hasText: s.id })).toHaveCount(0);
});

test("Excel round trip with a failing row; then edit (no add button) and delete", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["엑셀재학습"], "7");
  await openList(page, testInfo);

  // the template: the upload's headers and an example row for the year's subjects
  const template = await page.request.get(`${PATH}/excel?type=template&year=${YEAR}`);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toContain(encodeURIComponent("재학습자_업로드_양식.xlsx"));
  const wb = await loadSheet(await template.body());
  const ws = wb.worksheets[0];
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["년도", "학번", "이름", ...SUBJECTS]);
  // our student with 해부학, and a number the year does not have
  ws.getRow(2).values = [YEAR, s.id, s.name, "Y", "N", "N", "N", "N", "N", "N", "N"];
  const unknown = newId();
  ws.addRow([YEAR, unknown, "없는학생", "Y", "N", "N", "N", "N", "N", "N", "N"]);
  await uploadExcel(page, "재학습자.xlsx", Buffer.from(await wb.xlsx.writeBuffer()));
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 1건");
  await expect(result).toContainText(`3행 (${unknown}): 해당년도에 등록된 학번이 없습니다.`);
  await expectNoAxeViolations(page);

  // download → change a flag → upload
  const download = await page.request.get(`${PATH}/excel?type=download&year=${YEAR}&value=${s.id}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("spreadsheetml");
  expect(download.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  const back = await loadSheet(await download.body());
  const sheet = back.worksheets[0];
  expect((sheet.getRow(2).values as unknown[]).slice(1).map(String)).toEqual([String(YEAR), s.id, s.name, "Y", "N", "N", "N", "N", "N", "N", "N"]);
  sheet.getRow(2).getCell(5).value = "Y";
  await openList(page, testInfo);
  await uploadExcel(page, "재학습자.xlsx", Buffer.from(await back.xlsx.writeBuffer()));
  await expect(page.getByTestId("excel-result")).toContainText("성공 1건, 실패 0건");
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  expect(await flagsOf(page, s.id)).toMatchObject({ 해부학: "Y", 생리학: "Y", 생화학: "N" });

  // edit: the record's student, fixed; no add button
  await page.getByRole("link", { name: `수정: ${s.name} (${s.id})` }).click();
  await expect(page.getByRole("heading", { name: "재학습자 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.getByRole("button", { name: "학생 추가" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /학번 확인$/ })).toHaveCount(0);
  await expect(field(studentRow(page, 1), "학번")).toHaveValue(s.id);
  await expect(field(studentRow(page, 1), "학번")).toHaveAttribute("readonly", "");
  await expect(studentRow(page, 1).getByLabel("해부학")).toBeChecked();
  await expectNoAxeViolations(page);
  await studentRow(page, 1).getByLabel("해부학").uncheck();
  await studentRow(page, 1).getByLabel("병리학").check();
  await confirm(page, "수정 하시겠습니까?", "수정", page, true);
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  expect(await flagsOf(page, s.id)).toMatchObject({ 해부학: "N", 생리학: "Y", 병리학: "Y" });

  // delete, after '정말 삭제하시겠습니까?' (the list's delete question, `dialog=delete`)
  await page.getByTestId("relearn-row").filter({ hasText: s.id }).getByRole("link", { name: `삭제: ${s.name} (${s.id})` }).click();
  await expect(page).toHaveURL(/dialog=delete/);
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expect(page.getByText(`${YEAR}년 ${s.name} (${s.id})`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(page.getByTestId("relearn-row").filter({ hasText: s.id })).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
});

test("a year without subject codes, a save without students, evaluation mode", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  // the list, the dialog and the template of a year without codes
  await openList(page, testInfo, `year=${NEXT}`);
  await expect(alert(page, "해당년도에 등록된 공통코드가 없습니다.")).toBeVisible();
  await page.getByRole("link", { name: "재학습자 등록" }).click();
  await expect(page.getByRole("heading", { name: "재학습자 등록" })).toBeVisible();
  await expect(alert(page, "해당년도에 등록된 공통코드가 없습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${NEXT}`);
  await page.getByRole("link", { name: "양식 다운로드" }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}\\?year=${NEXT}`));
  await expect(alert(page, "해당년도에 등록된 공통코드가 없습니다.")).toBeVisible();

  // a save posted without any student (the dialog's first row cannot be removed, so only a crafted post has none)
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const res = await page.request.post(`${PATH}?year=${YEAR}&dialog=add`, { form: { _csrf: csrf, intent: "save", year: String(YEAR) } });
  expect(await res.text()).toContain("한명의 학생은 등록되어야합니다");

  // evaluation mode: the server's columns, read-only
  await page.goto(`${PATH}/1/31/${YEAR}`);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "학번", "이름", "재학습 과목", "재학습 과목 수"]);
  await expect(table.getByRole("row")).not.toHaveCount(1);
  for (const name of ["재학습자 등록", "양식 다운로드"]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  for (const name of ["업로드", "삭제", "수정"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  for (const name of [/^삭제/, /^수정/]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  const refused = await page.request.post(`${PATH}/1/31/${YEAR}`, { form: { _csrf: csrf, intent: "delete", rlSeq: "1", confirm: "delete" } });
  expect(refused.status()).toBe(405);
  const xlsx = await page.request.get(`${PATH}/excel?type=download&year=${YEAR}&eiSeq=1&menuSeq=31`);
  const wb = await loadSheet(await xlsx.body());
  expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(["년도", "학번", "이름", "재학습 과목", "재학습 과목 수"]);
});

test("with JavaScript another year in the dialog brings that year's subjects (here none) at once", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  await expect(studentRow(page, 1).getByLabel("해부학")).toBeVisible();
  await page.locator("#relearning-form-year").selectOption(String(NEXT));
  await expect(alert(page, "해당년도에 등록된 공통코드가 없습니다.")).toBeVisible();
  await expect(studentRow(page, 1).getByLabel("해부학")).toHaveCount(0);
  await page.locator("#relearning-form-year").selectOption(String(YEAR));
  await expect(studentRow(page, 1).getByLabel("해부학")).toBeVisible();
  await expect(page.getByRole("heading", { name: "재학습자 등록" })).toBeVisible();
});
