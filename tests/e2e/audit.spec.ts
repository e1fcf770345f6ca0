/**
 * 감사 로그 (issue 17 "Audit log", ADR 0028): a failed sign-in of a throw-away id and a successful
 * sign-in appear; an Excel download appears; the filters (period, user, action) narrow, as a GET
 * form (without JavaScript: the server's work, ADR 0085); the log's own Excel; a non-administrator has no menu and is
 * refused; axe. The accounts here are only read (admin, entry02, entry01 sign in; none is changed).
 */
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, onlyWithoutJavaScript, ready, signIn, uniqueId } from "./helpers";

const PATH = "/management/audit";
const today = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Seoul" }).format(new Date());

/** A refused sign-in of an id no account has, posted as the form does. */
async function failSignIn(page: Page, testInfo: TestInfo, userId: string) {
  await signIn(page, testInfo, userId, "Wrong-password-1", { ui: true });
  await expect(page.getByTestId("alert-region").first()).toContainText("아이디 또는 비밀번호");
}

/** Filters the screen through its form (a GET form: the same with JavaScript off). */
async function filter(page: Page, testInfo: TestInfo, f: { from?: string; to?: string; userId?: string; action?: string }) {
  await page.goto(PATH);
  await ready(page, testInfo);
  if (f.from) await field(page, "시작일").fill(f.from);
  if (f.to) await field(page, "종료일").fill(f.to);
  if (f.userId) await field(page, "사용자 아이디").fill(f.userId);
  if (f.action) await page.getByLabel("작업").selectOption({ label: f.action });
  await page.getByRole("button", { name: "검색" }).click();
  await page.waitForURL((u) => u.pathname === PATH && u.search.length > 0);
  await ready(page, testInfo);
}

test("a failed and a successful sign-in appear; the filters narrow by user, action and period", async ({ page, browser }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const ghost = uniqueId("ghost");
  await failSignIn(page, testInfo, ghost);
  const other = await browser.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const otherPage = await other.newPage();
  await signIn(otherPage, testInfo, "entry02");
  await other.close();

  await signIn(page, testInfo, "admin");
  // the typed id is kept masked (it may be a password; issue 37 item 3): its first two characters
  const masked = ghost.slice(0, 2) + "*".repeat(Math.min(ghost.length - 2, 20));
  await filter(page, testInfo, { userId: masked, action: "로그인 실패", from: today(), to: today() });
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText("로그인 실패");
  await expect(rows.first()).toContainText(masked);
  await expect(rows.first().getByTestId("audit-outcome")).toHaveText("실패");
  await expect(page.getByTestId("audit-log")).not.toContainText(ghost);

  await filter(page, testInfo, { userId: "entry02", action: "로그인", from: today(), to: today() });
  await expect(rows.first()).toContainText("entry02");
  for (const text of await rows.allTextContents()) expect(text).toContain("로그인");
  await expect(page.getByTestId("audit-log")).not.toContainText("로그인 실패");
  // the filter is kept in the form
  await expect(field(page, "사용자 아이디")).toHaveValue("entry02");

  await filter(page, testInfo, { userId: "entry02", from: "2000-01-01", to: "2000-01-31" });
  await expect(page.getByTestId("audit-log")).toContainText("데이터가 없습니다.");
  await expect(page.getByTestId("total")).toHaveText("전체 0건");
  await expectNoAxeViolations(page);
});

test("an Excel download of a list appears, and the log downloads as Excel", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const year = new Date().getFullYear();
  const res = await page.request.get(`/insert/eval/patient-safety/excel?type=download&year=${year}&value=`);
  expect(res.status()).toBe(200);
  await filter(page, testInfo, { userId: "admin", action: "엑셀 다운로드" });
  const row = page.getByTestId("audit-row").filter({ hasText: "/insert/eval/patient-safety" }).first();
  await expect(row).toContainText("엑셀 다운로드");
  await expect(row).toContainText(`year=${year}`);

  const file = await page.request.get(`${PATH}/excel?type=download&userId=admin&action=excelDownload`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("spreadsheetml");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await file.body()) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([undefined, "일시", "사용자", "작업", "대상", "내용", "결과", "접속 주소"]);
  const targets: string[] = [];
  sheet.eachRow((r, i) => {
    if (i > 1) {
      expect(r.getCell(2).text).toBe("admin");
      expect(r.getCell(3).text).toBe("엑셀 다운로드");
      targets.push(r.getCell(4).text);
    }
  });
  expect(targets).toContain("/insert/eval/patient-safety");
});

test("an Excel import and a read of people's personal data appear with their outcome (issue 37 item 3)", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const year = new Date().getFullYear();
  const tag = uniqueId("감사");

  // a personal-data read: the student list
  await page.goto(`/insert/student/document?year=${year}`);
  await ready(page, testInfo);
  await filter(page, testInfo, { userId: "admin", action: "개인정보 조회", from: today(), to: today() });
  const read = page.getByTestId("audit-row").filter({ hasText: "/api/student/getList.do" }).first();
  await expect(read).toContainText("개인정보 조회");
  await expect(read).toContainText("/insert/student/document");
  await expect(read).toContainText("학생 목록");
  await expect(read.getByTestId("audit-outcome")).toHaveText("성공");

  // an import (exam analysis, which recorded none before): the template's example row under a unique name
  const template = await page.request.get(`/eval/monitor/analysis/excel?type=template&year=${year}`);
  expect(template.status()).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await template.body()) as never);
  const ws = wb.worksheets[0];
  const headers = Array.from(ws.getRow(1).values as unknown[], (v) => String(v ?? ""));
  ws.getRow(2).getCell(headers.indexOf("과정명")).value = tag;
  await page.goto(`/eval/monitor/analysis?year=${year}`);
  await ready(page, testInfo);
  await page
    .locator('input[type=file][name="file"]')
    .setInputFiles({ name: "분석.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(await wb.xlsx.writeBuffer()) });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(page.getByTestId("excel-result")).toContainText("업로드 결과: 성공 1건, 실패 0건");

  await filter(page, testInfo, { userId: "admin", action: "엑셀 업로드", from: today(), to: today() });
  const upload = page.getByTestId("audit-row").filter({ hasText: "/api/analysis/excelUpload.do" }).first();
  await expect(upload).toContainText("엑셀 업로드");
  await expect(upload).toContainText("/eval/monitor/analysis");
  await expect(upload).toContainText(/size=\d+/);
  await expect(upload).toContainText("success=1, failed=0");
  await expect(upload.getByTestId("audit-outcome")).toHaveText("성공");
  await expect(upload).not.toContainText("분석.xlsx");
  await expectNoAxeViolations(page);
});

test("a non-administrator has no menu and is refused the screen and its Excel", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "entry01");
  await page.goto("/dashboard");
  await ready(page, testInfo);
  await expect(page.getByRole("link", { name: "감사 로그" })).toHaveCount(0);
  await page.goto(PATH);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("alert-region").first()).toContainText("해당 메뉴는 접근할 수 없습니다.");
  const excel = await page.request.get(`${PATH}/excel?type=download`, { maxRedirects: 0 });
  expect(excel.status()).toBe(302);
  expect(excel.headers().location).toContain("/dashboard");

  // the refusal is in the log (issue 37 item 3)
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  await filter(page, testInfo, { userId: "entry01", action: "메뉴 접근 거부", from: today(), to: today() });
  const refused = page.getByTestId("audit-row").filter({ hasText: PATH }).first();
  await expect(refused).toContainText("메뉴 접근 거부");
  await expect(refused.getByTestId("audit-outcome")).toHaveText("거부");
});
