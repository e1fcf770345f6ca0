/**
 * What the synced reports' shape specs share (report-shapes, report-tabs, report-dialogs): a
 * report's definition, opening a page, its Excel download read back, the engine's sync press and
 * evaluation mode.
 */
import ExcelJS from "exceljs";
import { expect, type Page, type TestInfo } from "./fixtures";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { REPORTS } from "../../app/reports/definitions";
import { expectNoAxeViolations, jsEnabled, ready } from "./helpers";

export const YEAR = new Date().getFullYear();
export const def = (id: string) => REPORTS.find((d) => d.id === id)!;
export const num = (text: string) => Number(text.replace(/[^\d.-]/g, ""));

export async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

/** The Excel download of the page's link, opened with exceljs: its link, name, each sheet's name and rows (values), the first sheet's rows. */
export async function download(page: Page) {
  const href = (await page.getByRole("link", { name: "엑셀 다운로드" }).getAttribute("href"))!;
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.body()) as never);
  const sheets = wb.worksheets.map((ws) => ({
    name: ws.name,
    rows: ws.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? Array.from(r.slice(1), (v) => (v === undefined || v === null ? "" : v)) : [])) as (string | number)[][],
  }));
  return { href, name: decodeURIComponent(res.headers()["content-disposition"] ?? ""), sheets, rows: sheets[0]?.rows ?? [] };
}

const SYNC_RULE = /^최근 동기화 후 10분이 지나야 다시 동기화할 수 있습니다\. \(\d{2}:\d{2}부터 가능\)$/;

/**
 * On a retry (CI runs a failed test once more, on the same database), whether the first attempt
 * pressed the report's sync already: a report's sync is the one record a test cannot make for
 * itself, and its button stays closed for 10 minutes after a press. Then the retry checks what the
 * press left instead of pressing again: the button closed with its rule's line, and the newest
 * history entry (when the panel shows the history) a manual sync by the administrator that
 * succeeded.
 */
export async function pressedBefore(page: Page, testInfo: TestInfo): Promise<boolean> {
  if (testInfo.retry === 0 || (await page.getByRole("button", { name: "동기화", exact: true }).isEnabled())) return false;
  await expect(page.getByTestId("sync-rule")).toHaveText(SYNC_RULE);
  const history = page.getByTestId("sync-history");
  if (await history.count()) {
    await page.locator(".sync-history summary").click();
    await expect(history.locator("tbody tr").first().getByRole("cell").nth(1)).toHaveText("이서연");
    await expect(history.locator("tbody tr").first().getByRole("cell").nth(2)).toHaveText("수동 동기화");
    await expect(history.locator("tbody tr").first().getByRole("cell").nth(4)).toHaveText("성공");
  }
  return true;
}

/**
 * The engine's sync press, by one project per report (a second press within 10 minutes is refused
 * by design): the result message, what the page shows unchanged (the same demo rows), the button
 * closed with its rule's line (on a retry after a press, what the press left: `pressedBefore`).
 */
export async function syncs(page: Page, testInfo: TestInfo, project: "js" | "no-js", shown: () => Promise<unknown>) {
  if ((project === "js") !== jsEnabled(testInfo)) return;
  if (await pressedBefore(page, testInfo)) return;
  const before = await shown();
  await page.getByRole("button", { name: "동기화", exact: true }).click();
  await expect(page.getByTestId("alert-region")).toHaveText(/동기화 되었습니다\. \([\d,]+건\)$/);
  await ready(page, testInfo);
  expect(await shown()).toEqual(before);
  await expect(page.getByRole("button", { name: "동기화", exact: true })).toBeDisabled();
  await expect(page.getByTestId("sync-rule")).toHaveText(SYNC_RULE);
}

/** Evaluation mode: the server's columns, no sync button, no dialog links, the download. */
export async function evaluation(page: Page, testInfo: TestInfo, id: string, headers: string[]) {
  const d = def(id);
  const seq = SEED_MENUS.find((m) => m.menuUrl === d.path)!.menuSeq;
  await open(page, testInfo, `${d.path}/1/${seq}/${YEAR}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${d.title}`) })).toContainText(`평가 ${YEAR}년`);
  const t = page.getByTestId("eval-table");
  await expect(t).toBeVisible();
  expect((await t.locator("thead th").allTextContents()).map((h) => h.trim())).toEqual(headers);
  expect(await page.getByTestId("eval-table").locator("tbody tr").count()).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "동기화" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^(상세|미리보기|.* 전체 보기):/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
}
