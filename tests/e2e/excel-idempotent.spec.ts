/**
 * R15's Excel download uploaded again, through LibreOffice (issue 35 class 2, ADR 0061), without
 * JavaScript (a file's round trip is the server's work, ADR 0085): the workbook the page's 엑셀 다운로드 gives, saved by LibreOffice, uploads
 * with the list's count unchanged and says that nothing changed; a row of another year is refused
 * before it is sent, with its row number and the reason, and the count stays.
 * (The contract test tests/contract/excel-idempotent.test.ts does the same for every upload screen.)
 */
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, onlyWithoutJavaScript, ready, signIn } from "./helpers";
import { loadSheet, throughLibreOffice, uploadExcel } from "./students";

const YEAR = new Date().getFullYear();
const VOLUNTEER = "/insert/student/volunteer";

test("R15: the download, saved by LibreOffice and uploaded, changes nothing and says so; a row of another year is refused with its row", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(90_000);
  await signIn(page, testInfo, "admin");
  await page.goto(`${VOLUNTEER}?year=${YEAR}`);
  await ready(page, testInfo);
  const total = page.getByTestId("total");
  const before = (await total.textContent()) ?? "";
  expect(before).toMatch(/전체 [0-9,]+건/);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "엑셀 다운로드" }).click()]);
  const fromPage = fs.readFileSync(await download.path());
  const saved = throughLibreOffice(fromPage, "봉사활동.xlsx");

  await uploadExcel(page, "봉사활동.xlsx", saved);
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("실패 0건");
  await expect(result).toContainText("변경된 내용이 없습니다. (추가 0건, 수정 0건, 변경 없음 ");
  await expect(total).toHaveText(before);
  await expectNoAxeViolations(page);

  // row 2 says last year: refused before it is sent, with its row number and reason
  const wb = await loadSheet(saved);
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).getCell(1).value).toBe("년도");
  ws.getRow(2).getCell(1).value = YEAR - 1;
  await uploadExcel(page, "봉사활동.xlsx", throughLibreOffice(Buffer.from(await wb.xlsx.writeBuffer()), "봉사활동.xlsx"));
  await expect(page.getByRole("alert").filter({ hasText: "선택한 년도와 다른 년도의 행이 있어 업로드하지 않았습니다." }).first()).toBeVisible();
  await expect(result.getByRole("listitem")).toHaveText([`2행: 년도(${YEAR - 1})가 선택한 년도(${YEAR})와 다릅니다.`]);
  await page.goto(`${VOLUNTEER}?year=${YEAR}`);
  await ready(page, testInfo);
  await expect(total).toHaveText(before);
});
