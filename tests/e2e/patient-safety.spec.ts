/**
 * E04 patient safety course scores: insert (several students, lookups), edit, delete, every message
 * of spec 002 §5 with the other values kept, evaluation mode, the Excel round trip. The long walk
 * of the form runs with JavaScript, a short walk of it without (ADR 0087).
 */
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithJavaScript, onlyWithoutJavaScript, ready, shortWalkIn, signIn } from "./helpers";

const PATH = "/insert/eval/patient-safety";
const YEAR = new Date().getFullYear();
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const GRADE = (n: number) => `00008${String(n).padStart(5, "0")}`;

const M = {
  lookupNeedsId: "학번을 입력 후 확인버튼을 선택하세요.",
  lookupUnknown: "해당년도에 등록된 학번이 없습니다.",
  allIds: "학번을 모두 입력해주세요.",
  mismatchAny: "학번과 이름이 일치하지 않는 데이터가 존재합니다.",
  idRequired: "학번을 입력하세요.",
  mismatch: "학번과 이름이 일치하지 않습니다.",
  quizMax: "퀴즈 점수는 30점을 넘을 수 없습니다.",
  attnMax: "출석 점수는 0점을 넘을 수 없습니다.",
  groupMax: "그룹평가의 총 합은 15점을 넘을 수 없습니다.",
  totalMax: "총점이 100점이 넘습니다. 다시 입력해주세요.",
  confirmCreate: "등록 하시겠습니까?",
  confirmUpdate: "수정 하시겠습니까?",
  confirmDelete: "정말 삭제하시겠습니까?",
};

interface Stu {
  id: string;
  name: string;
}

/**
 * Students of a grade in a year, read from the student list. Only third-year students have demo
 * scores; each test takes its own grade and slice, so tests running side by side never share one.
 */
async function studentsOf(page: Page, testInfo: TestInfo, grade: number, year = YEAR): Promise<Stu[]> {
  await page.goto(`/insert/student/document?year=${year}&grde=${GRADE(grade)}&size=50`);
  await ready(page, testInfo);
  const out: Stu[] = [];
  for (const row of await page.locator(".person-row").all()) {
    const name = ((await row.locator(".person-head b").textContent()) ?? "").trim();
    const id = ((await row.locator(".person-head .dimmed").textContent()) ?? "").trim();
    if (/^\d{6,}$/.test(id)) out.push({ id, name });
  }
  expect(out.length).toBeGreaterThan(8);
  return out;
}

/** A slice of students for this project (js and no-js never take the same ones). */
const mine = (testInfo: TestInfo, list: Stu[], count: number) => list.slice(jsEnabled(testInfo) ? 0 : count, (jsEnabled(testInfo) ? 0 : count) + count);

async function openList(page: Page, testInfo: TestInfo, query = `year=${YEAR}`) {
  await page.goto(`${PATH}?${query}`);
  await ready(page, testInfo);
}

const form = (page: Page) => page.locator("#pss-form");
const studentRow = (page: Page, i: number) => form(page).locator("fieldset.student-row").nth(i);
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();

/** Types a number into row i and presses its confirm button. */
async function lookup(page: Page, testInfo: TestInfo, i: number, id: string) {
  await field(studentRow(page, i), "학번").fill(id);
  await page.getByRole("button", { name: `학생 ${i + 1} 학번 확인` }).click();
  await ready(page, testInfo);
}

async function confirmStudent(page: Page, testInfo: TestInfo, i: number, s: Stu) {
  await lookup(page, testInfo, i, s.id);
  await expect(studentRow(page, i).locator(".student-row-name")).toHaveText(`이름: ${s.name}`);
}

type Scores = Partial<Record<"출석" | "퀴즈" | "인식조사" | "성찰보고서" | "그룹평가1" | "그룹평가2" | "참여도", string>>;

async function fillScores(page: Page, i: number, scores: Scores, grade?: string) {
  const row = studentRow(page, i);
  for (const [label, value] of Object.entries(scores)) await field(row, label).fill(value);
  if (grade !== undefined) await row.getByLabel("등급").selectOption(grade);
}

async function expectScores(page: Page, i: number, scores: Scores) {
  const row = studentRow(page, i);
  for (const [label, value] of Object.entries(scores)) await expect(field(row, label)).toHaveValue(value);
}

/** Presses the dialog's save button and answers the question (a Modal with JavaScript, a step without). */
async function saveConfirmed(page: Page, testInfo: TestInfo, label: "등록" | "수정", axe = false) {
  await page.getByRole("button", { name: label, exact: true }).click();
  await expect(page.getByText(label === "등록" ? M.confirmCreate : M.confirmUpdate)).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await ready(page, testInfo);
}

async function pressSave(page: Page, testInfo: TestInfo, label: "등록" | "수정" = "등록") {
  await page.getByRole("button", { name: label, exact: true }).click();
  await ready(page, testInfo);
}

const listRow = (page: Page, s: Stu) => page.getByTestId("pss-row").filter({ hasText: s.id });

test("two students are registered, one is edited, both are deleted", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [a, b] = mine(testInfo, await studentsOf(page, testInfo, 5), 2);

  await openList(page, testInfo);
  await expect(page.getByTestId("pss-row").first()).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["년도", "학번", "이름", "출석", "퀴즈", "인식조사", "성찰보고서", "그룹평가1", "그룹평가2", "참여도", "총점", "등급", "등록일", "관리"]);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "성적 등록" }).click();
  await expect(page).toHaveURL(/dialog=add/);
  await ready(page, testInfo);
  await expect(form(page)).toBeVisible();
  await expect(form(page).getByLabel("년도")).toHaveValue(String(YEAR));
  await expectNoAxeViolations(page);

  // a lookup without a number, then an unknown number, then a real one
  await fillScores(page, 0, { 퀴즈: "25.5", 인식조사: "20" });
  await lookup(page, testInfo, 0, "");
  await expect(alertWith(page, M.lookupNeedsId)).toBeVisible();
  await expectScores(page, 0, { 퀴즈: "25.5", 인식조사: "20" });
  await lookup(page, testInfo, 0, "99999999");
  await expect(alertWith(page, M.lookupUnknown)).toBeVisible();
  await expect(field(studentRow(page, 0), "학번")).toHaveValue("99999999");
  await confirmStudent(page, testInfo, 0, a);
  await expectScores(page, 0, { 퀴즈: "25.5", 인식조사: "20" });
  await fillScores(page, 0, { 출석: "-1", 성찰보고서: "26.25", 그룹평가1: "7", 그룹평가2: "6.5", 참여도: "0" }, "HP");

  // a second student; the first row cannot be removed, the others can
  await page.getByRole("button", { name: "학생 추가" }).click();
  await ready(page, testInfo);
  await expect(form(page).locator("fieldset.student-row")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "학생 1 삭제" })).toHaveCount(0);
  await page.getByRole("button", { name: "학생 추가" }).click();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "학생 3 삭제" }).click();
  await ready(page, testInfo);
  await expect(form(page).locator("fieldset.student-row")).toHaveCount(2);
  await confirmStudent(page, testInfo, 1, b);
  await fillScores(page, 1, { 퀴즈: "30", 인식조사: "25", 성찰보고서: "30", 그룹평가1: "10", 그룹평가2: "5" }, "H");
  await expectScores(page, 0, { 출석: "-1", 퀴즈: "25.5", 인식조사: "20", 성찰보고서: "26.25", 그룹평가1: "7", 그룹평가2: "6.5", 참여도: "0" });
  // the total follows the scores as they are typed, with two decimals
  await expect(page.getByTestId("pss-total-0")).toHaveValue("84.25");
  await expect(page.getByTestId("pss-total-1")).toHaveValue("100.00");

  await saveConfirmed(page, testInfo, "등록", true);
  await expect(alertWith(page, "등록되었습니다.")).toBeVisible();
  await expect(page).not.toHaveURL(/dialog=/);

  await openList(page, testInfo, `year=${YEAR}&value=${a.id}`);
  await expect(listRow(page, a)).toHaveCount(1);
  await expect(listRow(page, a).getByRole("cell")).toHaveText([String(YEAR), a.id, a.name, "-1", "25.5", "20", "26.25", "7", "6.5", "0", "84.25", "HP", /^\d{4}-\d{2}-\d{2}$/, "수정삭제"]);
  await openList(page, testInfo, `year=${YEAR}&value=${b.id}`);
  await expect(listRow(page, b).getByRole("cell").nth(10)).toHaveText("100.00");

  // a student registered already cannot be registered again in the year
  await page.getByRole("link", { name: "성적 등록" }).click();
  await ready(page, testInfo);
  await confirmStudent(page, testInfo, 0, b);
  await fillScores(page, 0, { 퀴즈: "10" });
  await saveConfirmed(page, testInfo, "등록");
  await expect(alertWith(page, `해당년도에 이미 성적이 등록된 학생입니다. 목록에서 수정해주세요. (학번 ${b.id})`)).toBeVisible();
  await expectScores(page, 0, { 퀴즈: "10" });

  // edit the first: its number is fixed, its scores are filled in
  await openList(page, testInfo, `year=${YEAR}&value=${a.id}`);
  await page.getByRole("link", { name: `수정: ${a.name} (${a.id})` }).click();
  await expect(page).toHaveURL(/dialog=edit/);
  await ready(page, testInfo);
  await expect(field(studentRow(page, 0), "학번")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "학생 추가" })).toHaveCount(0);
  await expectScores(page, 0, { 출석: "-1", 퀴즈: "25.5", 인식조사: "20", 성찰보고서: "26.25", 그룹평가1: "7", 그룹평가2: "6.5", 참여도: "0" });
  await expect(studentRow(page, 0).getByLabel("등급")).toHaveValue("HP");
  await expectNoAxeViolations(page);
  await fillScores(page, 0, { 퀴즈: "29" }, "H");
  await saveConfirmed(page, testInfo, "수정", true);
  await expect(alertWith(page, "수정되었습니다.")).toBeVisible();
  await expect(listRow(page, a).getByRole("cell").nth(4)).toHaveText("29");
  await expect(listRow(page, a).getByRole("cell").nth(10)).toHaveText("87.75");
  await expect(listRow(page, a).getByRole("cell").nth(11)).toHaveText("H");

  // delete both (the question first)
  for (const s of [a, b]) {
    await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
    await page.getByRole("link", { name: `삭제: ${s.name} (${s.id})` }).click();
    await ready(page, testInfo);
    await expect(page.getByText(M.confirmDelete)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await ready(page, testInfo);
    await expect(alertWith(page, "삭제되었습니다.")).toBeVisible();
    await expect(listRow(page, s)).toHaveCount(0);
  }
});

test("short walk (the long one runs with JavaScript): a student's scores are registered with a lookup, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  // grade 5's fifth student: the long walk takes the first two, the other tests other grades
  const s = (await studentsOf(page, testInfo, 5))[4];

  await openList(page, testInfo);
  await page.getByRole("link", { name: "성적 등록" }).click();
  await expect(page).toHaveURL(/dialog=add/);
  await ready(page, testInfo);
  await expect(form(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await confirmStudent(page, testInfo, 0, s);
  await fillScores(page, 0, { 퀴즈: "20", 인식조사: "15" }, "PS");
  await saveConfirmed(page, testInfo, "등록");
  await expect(alertWith(page, "등록되었습니다.")).toBeVisible();

  // the saved scores in the list, after a fresh load
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s)).toHaveCount(1);
  await expect(listRow(page, s).getByRole("cell").nth(4)).toHaveText("20");
  await expect(listRow(page, s).getByRole("cell").nth(5)).toHaveText("15");
  await expect(listRow(page, s).getByRole("cell").nth(10)).toHaveText("35.00");
  await expect(listRow(page, s).getByRole("cell").nth(11)).toHaveText("PS");

  // edit: the saved scores filled in, one changed
  await page.getByRole("link", { name: `수정: ${s.name} (${s.id})` }).click();
  await expect(page).toHaveURL(/dialog=edit/);
  await ready(page, testInfo);
  await expect(field(studentRow(page, 0), "학번")).toHaveValue(s.id);
  await expectScores(page, 0, { 퀴즈: "20", 인식조사: "15" });
  await expect(studentRow(page, 0).getByLabel("등급")).toHaveValue("PS");
  await fillScores(page, 0, { 퀴즈: "28" });
  await saveConfirmed(page, testInfo, "수정");
  await expect(alertWith(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s).getByRole("cell").nth(4)).toHaveText("28");
  await expect(listRow(page, s).getByRole("cell").nth(10)).toHaveText("43.00");

  // delete (the question first)
  await page.getByRole("link", { name: `삭제: ${s.name} (${s.id})` }).click();
  await ready(page, testInfo);
  await expect(page.getByText(M.confirmDelete)).toBeVisible();
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await ready(page, testInfo);
  await expect(alertWith(page, "삭제되었습니다.")).toBeVisible();
  await openList(page, testInfo, `year=${YEAR}&value=${s.id}`);
  await expect(listRow(page, s)).toHaveCount(0);
});

test("the insert dialog's messages come in the spec's order; typed values are kept", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const [a, b, c] = mine(testInfo, await studentsOf(page, testInfo, 6), 3);
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  const kept = { 출석: "-2", 퀴즈: "20", 인식조사: "15", 성찰보고서: "22.5", 그룹평가1: "5", 그룹평가2: "5", 참여도: "-0.5" };

  await confirmStudent(page, testInfo, 0, a);
  await fillScores(page, 0, kept, "PS");
  await page.getByRole("button", { name: "학생 추가" }).click();
  await ready(page, testInfo);

  // a row without a number
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.allIds)).toBeVisible();
  await expect(field(studentRow(page, 1), "학번")).toHaveAttribute("aria-invalid", "true");
  await expectScores(page, 0, kept);
  await expect(studentRow(page, 0).getByLabel("등급")).toHaveValue("PS");

  // a number never confirmed
  await field(studentRow(page, 1), "학번").fill(b.id);
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.lookupNeedsId)).toBeVisible();
  await expect(field(studentRow(page, 1), "학번")).toHaveValue(b.id);
  await expectScores(page, 0, kept);

  // a number changed after its confirmation
  await confirmStudent(page, testInfo, 1, b);
  await field(studentRow(page, 1), "학번").fill(c.id);
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.mismatchAny)).toBeVisible();
  await expect(field(studentRow(page, 1), "학번")).toHaveValue(c.id);
  await expectScores(page, 0, kept);

  // another year undoes the confirmations
  await confirmStudent(page, testInfo, 1, c);
  await form(page).getByLabel("년도").selectOption(String(YEAR - 1));
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.mismatchAny)).toBeVisible();
  await form(page).getByLabel("년도").selectOption(String(YEAR));

  // the scores: each item's maximum, the group sum, the total; the student checks pass now
  await fillScores(page, 1, { 퀴즈: "31", 인식조사: "25", 성찰보고서: "30", 그룹평가1: "10", 그룹평가2: "5" });
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.quizMax)).toBeVisible();
  await expect(field(studentRow(page, 1), "퀴즈")).toHaveAttribute("aria-invalid", "true");
  // the total is over 100 too, marked on the total
  await expect(studentRow(page, 1).getByText(M.totalMax)).toBeVisible();
  await expectScores(page, 1, { 퀴즈: "31", 인식조사: "25", 성찰보고서: "30", 그룹평가1: "10", 그룹평가2: "5" });
  await expectScores(page, 0, kept);

  await fillScores(page, 1, { 퀴즈: "30", 출석: "0.01" });
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.attnMax)).toBeVisible();
  await expectScores(page, 1, { 출석: "0.01", 퀴즈: "30" });

  await fillScores(page, 1, { 출석: "-1", 그룹평가2: "5.01" });
  await pressSave(page, testInfo);
  await expect(alertWith(page, M.groupMax)).toBeVisible();
  await expect(field(studentRow(page, 1), "그룹평가2")).toHaveAttribute("aria-invalid", "true");
  await expectScores(page, 1, { 출석: "-1", 그룹평가1: "10", 그룹평가2: "5.01" });

  await fillScores(page, 1, { 그룹평가2: "4.999" });
  await pressSave(page, testInfo);
  await expect(alertWith(page, "그룹평가2 점수는 숫자로 소수점 둘째 자리까지 입력할 수 있습니다.")).toBeVisible();
  await expect(page).toHaveURL(/dialog=add/);
});

test("with JavaScript a score keeps to its rule as it is typed", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo, `year=${YEAR}&dialog=add`);
  // digits, one point, two decimals, a minus; beyond 100 becomes 100
  await field(studentRow(page, 0), "그룹평가2").fill("4.999");
  await expect(field(studentRow(page, 0), "그룹평가2")).toHaveValue("4.99");
  await field(studentRow(page, 0), "참여도").fill("150");
  await expect(field(studentRow(page, 0), "참여도")).toHaveValue("100");
  await field(studentRow(page, 0), "참여도").fill("-1a");
  await expect(field(studentRow(page, 0), "참여도")).toHaveValue("-1");
});

test("the update dialog's messages (a tampered record); a failed detail; evaluation mode is read-only", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo, `year=${YEAR}`);
  // a demo record (registrations of other tests sort first: their students are in higher grades)
  const record = page.getByTestId("pss-row").nth(-2);
  const id = (await record.getByRole("cell").nth(1).textContent())!.trim();
  const name = (await record.getByRole("cell").nth(2).textContent())!.trim();
  await page.getByRole("link", { name: `수정: ${name} (${id})` }).click();
  await ready(page, testInfo);
  const quiz = await field(studentRow(page, 0), "퀴즈").inputValue();
  await fillScores(page, 0, { 인식조사: "11" });

  // the number is fixed; a tampered page can still change it: another number, then none
  const idInput = field(studentRow(page, 0), "학번");
  await expect(idInput).toHaveAttribute("readonly", "");
  await idInput.evaluate((el) => el.removeAttribute("readonly"));
  await idInput.fill("20000001");
  await pressSave(page, testInfo, "수정");
  await expect(alertWith(page, M.mismatch)).toBeVisible();
  await expectScores(page, 0, { 퀴즈: quiz, 인식조사: "11" });

  await idInput.evaluate((el) => el.removeAttribute("readonly"));
  await idInput.fill("");
  await pressSave(page, testInfo, "수정");
  await expect(alertWith(page, M.idRequired)).toBeVisible();
  await expectScores(page, 0, { 퀴즈: quiz, 인식조사: "11" });

  // a record that is not there
  await openList(page, testInfo, `year=${YEAR}&dialog=edit&pssSeq=99999999`);
  await expect(alertWith(page, "데이터 조회에 실패하였습니다.")).toBeVisible();
  await expect(page.locator("#pss-form")).toHaveCount(0);

  // evaluation mode: the configured columns, no edit controls, posts refused
  await page.goto(`${PATH}/1/34/${YEAR}`);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "학번", "이름", "총점", "등급"]);
  await expect(table.getByRole("row").nth(1).getByRole("cell").nth(3)).toHaveText(/^\d{1,3}\.\d{2}$/);
  for (const label of ["업로드", "수정", "삭제"]) await expect(page.getByRole("button", { name: label })).toHaveCount(0);
  for (const label of ["성적 등록", "양식 다운로드"]) await expect(page.getByRole("link", { name: label })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  const posted = await page.request.post(`${PATH}/1/34/${YEAR}`, { form: { intent: "save" } });
  expect(posted.status()).toBe(405);
  const down = await page.request.get(`${PATH}/excel?type=download&year=${YEAR}&eiSeq=2&menuSeq=34`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await down.body()) as never);
  expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(["학번", "이름", "퀴즈", "인식조사", "성찰보고서", "총점", "등급"]);
});

test("Excel round trip: download, edit a score, upload; a failing row is named", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  // last year's demo data (no other test writes it)
  const year = YEAR - 1;
  await signIn(page, testInfo, "admin");
  await openList(page, testInfo, `year=${year}`);
  const first = page.getByTestId("pss-row").nth(1);
  const id = (await first.getByRole("cell").nth(1).textContent())!.trim();

  // the template: the upload's headers and an example row
  const template = await page.request.get(`${PATH}/excel?type=template&year=${year}`);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  const tw = new ExcelJS.Workbook();
  await tw.xlsx.load((await template.body()) as never);
  const headers = ["년도", "학번", "이름", "출석", "퀴즈", "인식조사", "성찰보고서", "그룹평가1", "그룹평가2", "참여도", "등급"];
  expect((tw.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(headers);

  // the download of the list's filter
  const download = await page.request.get(`${PATH}/excel?type=download&year=${year}&value=${id}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("spreadsheetml");
  expect(download.headers()["content-disposition"]).toContain(encodeURIComponent(`환자안전교과목성적_${year}.xlsx`));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download.body()) as never);
  const sheet = wb.worksheets[0];
  const head = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ""));
  const col = (h: string) => head.indexOf(h);
  expect(sheet.rowCount).toBe(2);
  expect(String(sheet.getRow(2).getCell(col("학번")).value)).toBe(id);
  sheet.getRow(2).getCell(col("퀴즈")).value = 12.75;
  sheet.getRow(2).getCell(col("등급")).value = "NP";
  // a failing row: a number the year does not have
  const bad = sheet.addRow([]);
  bad.getCell(col("년도")).value = year;
  bad.getCell(col("학번")).value = "99999999";
  bad.getCell(col("퀴즈")).value = 10;
  // and one with a quiz above 30
  const over = sheet.addRow([]);
  over.getCell(col("학번")).value = id;
  over.getCell(col("퀴즈")).value = 31;
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "환자안전.xlsx", mimeType: XLSX, buffer });
  await page.getByRole("button", { name: "업로드" }).click();
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 2건");
  await expect(result).toContainText(`${bad.number}행 (99999999): ${M.lookupUnknown}`);
  await expect(result).toContainText(`${over.number}행 (${id}): ${M.quizMax}`);
  await expectNoAxeViolations(page);

  await openList(page, testInfo, `year=${year}&value=${id}`);
  await expect(listRow(page, { id, name: "" }).getByRole("cell").nth(4)).toHaveText("12.75");
  await expect(listRow(page, { id, name: "" }).getByRole("cell").nth(11)).toHaveText("NP");

  // a file that is not .xlsx
  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "환자안전.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(page.getByText("xlsx 파일만 등록이 가능합니다.").first()).toBeVisible();
});
