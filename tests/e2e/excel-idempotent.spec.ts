/**
 * R15's Excel download uploaded again, through LibreOffice (issue 35 class 2, ADR 0061), without
 * JavaScript (a file's round trip is the server's work, ADR 0085): the workbook the page's 엑셀 다운로드 gives, saved by LibreOffice, uploads
 * with the list's count unchanged and says that nothing changed; a row of another year is refused
 * before it is sent, with its row number and the reason, and the count stays.
 * The test works on a student it creates and that student's volunteer records only: the list is
 * searched by its number, and the download carries the search, so that the records other tests add
 * and delete in the same year at the same time are neither counted nor uploaded again.
 * (The contract test tests/contract/excel-idempotent.test.ts does the same for every upload screen.)
 */
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, onlyWithoutJavaScript, ready, signIn } from "./helpers";
import { createStudents, createVolunteerRecords, loadSheet, throughLibreOffice, uploadExcel } from "./students";

const YEAR = new Date().getFullYear();

test("R15: the download, saved by LibreOffice and uploaded, changes nothing and says so; a row of another year is refused with its row", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const [s] = await createStudents(page, testInfo, YEAR, ["멱등봉사"], "4");
  const ownList = await createVolunteerRecords(page, testInfo, YEAR, s, [
    { start: `${YEAR}-05-04`, end: `${YEAR}-05-05`, hours: "4", place: "멱등복지관" },
    { start: `${YEAR}-05-11`, end: `${YEAR}-05-12`, hours: "6", place: "멱등복지관" },
  ]);

  // the list searched by the student's number: its two records, and the download takes the search
  await page.goto(ownList);
  await ready(page, testInfo);
  const total = page.getByTestId("total");
  await expect(total).toHaveText("전체 2건");
  const before = (await total.textContent()) ?? "";

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "엑셀 다운로드" }).click()]);
  const fromPage = fs.readFileSync(await download.path());
  // only the student's records: others' records of the year are not sent back
  const ids = (await loadSheet(fromPage)).worksheets[0].getColumn(2).values.slice(2).map(String);
  expect(ids).toEqual([s.id, s.id]);
  const saved = throughLibreOffice(fromPage, "봉사활동.xlsx");

  await uploadExcel(page, "봉사활동.xlsx", saved);
  const result = page.getByTestId("excel-result");
  await expect(result).toContainText("실패 0건");
  await expect(result).toContainText("변경된 내용이 없습니다. (추가 0건, 수정 0건, 변경 없음 2건)");
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
  await page.goto(ownList);
  await ready(page, testInfo);
  await expect(total).toHaveText(before);
});
