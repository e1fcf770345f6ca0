/** R06 education achievement score: chart and table, entry and correction, every message, evaluation mode, Excel round trip. JS on and off. */
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, onlyWithoutJavaScript, ready, signIn } from "./helpers";

const PATH = "/insert/professor/archive";
const CURRENT = new Date().getFullYear();
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Each project works on its own year and department, so the two never race. */
const slot = (testInfo: TestInfo, js: [number, "기초" | "임상"], noJs: [number, "기초" | "임상"]) => (jsEnabled(testInfo) ? js : noJs);

async function openPage(page: Page, testInfo: TestInfo) {
  await page.goto(PATH);
  await ready(page, testInfo);
}

const rowOf = (page: Page, year: number) => page.getByTestId("achievement-row").filter({ has: page.getByRole("cell", { name: String(year), exact: true }) });
const scoreCell = (page: Page, year: number, dept: "기초" | "임상") => rowOf(page, year).getByRole("cell").nth(dept === "기초" ? 1 : 2);

test("the chart and the table with the same numbers", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await openPage(page, testInfo);
  const table = page.getByTestId("achievement-table");
  await expect(table.locator("caption")).toHaveText("연도별 교육업적 점수 (기초, 임상)");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "기초", "임상", "점수 수정"]);
  for (const year of [2010, 2018, 2026]) await expect(rowOf(page, year)).toHaveCount(1);
  await expect(scoreCell(page, 2010, "기초")).toHaveText(/^\d+$/);
  // the chart is drawn on the server (ADR 0043): the same with and without JavaScript
  const chart = page.getByTestId("achievement-chart");
  await expect(chart.locator("svg").first()).toBeVisible();
  await expect(chart.locator(".recharts-line")).toHaveCount(2);
  await expect(chart.locator(".static-chart-legend li")).toHaveText(["기초", "임상"]);
  await expect(chart).toHaveAttribute("aria-hidden", "true");
  await expectNoAxeViolations(page);
});

test("a score is entered and then corrected from its table row", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const [year, dept] = slot(testInfo, [2011, "기초"], [2012, "임상"]);
  await signIn(page, testInfo, "admin");
  await openPage(page, testInfo);
  await page.getByRole("link", { name: "점수 입력" }).click();
  await expect(page).toHaveURL(/dialog=add/);
  await ready(page, testInfo);
  const form = page.locator("#achievement-form");
  await expect(form.getByLabel("년도")).toHaveValue(String(CURRENT));
  await expectNoAxeViolations(page);
  await form.getByLabel("년도").selectOption(String(year));
  await form.getByLabel("소속").selectOption(dept);
  await field(form, "점수").fill("97");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "저장 되었습니다." })).toBeVisible();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(scoreCell(page, year, dept)).toHaveText("97");

  await page.getByRole("link", { name: `${dept} 수정: ${year}년` }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: `${year}년 ${dept} 점수 수정` })).toBeVisible();
  await expect(field(form, "점수")).toHaveValue("97");
  await expect(form.getByLabel("소속")).toHaveValue(dept);
  await expectNoAxeViolations(page);
  await field(form, "점수").fill("64");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "저장 되었습니다." })).toBeVisible();
  await expect(scoreCell(page, year, dept)).toHaveText("64");
});

test("each message of the dialog, with the other values kept", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.goto(`${PATH}?dialog=add`);
  await ready(page, testInfo);
  const form = page.locator("#achievement-form");
  const alerts = page.getByTestId("alert-region");
  const save = async (message: string) => {
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(alerts.filter({ hasText: message }).first()).toBeVisible();
  };

  await form.getByLabel("년도").selectOption("");
  await form.getByLabel("소속").selectOption("기초");
  await field(form, "점수").fill("80");
  await save("년도를 선택해주세요.");
  await expect(form.getByLabel("년도")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("소속")).toHaveValue("기초");
  await expect(field(form, "점수")).toHaveValue("80");
  await expectNoAxeViolations(page);

  await form.getByLabel("년도").selectOption("2015");
  await form.getByLabel("소속").selectOption("");
  await save("소속을 선택해주세요.");
  await expect(form.getByLabel("년도")).toHaveValue("2015");
  await expect(field(form, "점수")).toHaveValue("80");

  await form.getByLabel("소속").selectOption("임상");
  await field(form, "점수").fill("");
  await save("점수를 입력해주세요.");
  await expect(form.getByLabel("년도")).toHaveValue("2015");
  await expect(form.getByLabel("소속")).toHaveValue("임상");

  // digits only: kept so while typing with JavaScript, refused by the server without
  await field(form, "점수").fill("8a");
  if (jsEnabled(testInfo)) {
    await expect(field(form, "점수")).toHaveValue("8");
  } else {
    await save("점수는 숫자만 입력 가능합니다.");
    await expect(field(form, "점수")).toHaveValue("8a");
    await expect(form.getByLabel("소속")).toHaveValue("임상");
  }
});

test("evaluation mode: the configured columns, read-only", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto(`${PATH}/1/23/2020`);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(["년도", "기초", "임상"]);
  await expect(table.locator("tbody tr")).toHaveCount(11);
  await expect(page.getByRole("link", { name: "점수 입력" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /수정:/ })).toHaveCount(0);
  for (const name of ["업로드", "저장"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "양식 다운로드" })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  const post = await page.request.post(`${PATH}/1/23/2020`, { form: { intent: "save" } });
  expect(post.status()).toBe(405);
  const download = await page.request.get(`${PATH}/excel?type=download&year=2020&eiSeq=3&menuSeq=23`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download.body()) as never);
  expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(["년도", "임상"]);
});

test("Excel: template, download → edit → upload round trip, a failing row named", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(90_000);
  const [year, dept] = slot(testInfo, [2018, "기초"], [2019, "임상"]);
  await signIn(page, testInfo, "admin");
  await openPage(page, testInfo);

  const template = await page.request.get(`${PATH}/excel?type=template`);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  const tpl = new ExcelJS.Workbook();
  await tpl.xlsx.load((await template.body()) as never);
  expect((tpl.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(["년도", "소속", "점수"]);

  const download = await page.request.get(`${PATH}/excel?type=download`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("spreadsheetml");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download.body()) as never);
  const ws = wb.worksheets[0];
  // only this project's row goes back up, edited, with one bad row
  const keep = new Set<number>([1]);
  ws.eachRow((r, n) => {
    if (r.getCell(1).value === year && r.getCell(2).value === dept) {
      r.getCell(3).value = 55;
      keep.add(n);
    }
  });
  expect(keep.size).toBe(2);
  for (let n = ws.rowCount; n > 1; n--) if (!keep.has(n)) ws.spliceRows(n, 1);
  const bad = ws.addRow([year, "간호", 70]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "교육업적.xlsx", mimeType: XLSX, buffer });
  await page.getByRole("button", { name: "업로드" }).click();
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("성공 1건, 실패 1건");
  await expect(result).toContainText(`${bad.number}행 (${year} 간호): 소속을 선택해주세요.`);
  await expect(scoreCell(page, year, dept)).toHaveText("55");
  await expectNoAxeViolations(page);

  await page.locator('input[type=file][name="file"]').setInputFiles({ name: "교육업적.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") });
  await page.getByRole("button", { name: "업로드" }).click();
  await expect(page.getByText("xlsx 파일만 등록이 가능합니다.").first()).toBeVisible();
});
