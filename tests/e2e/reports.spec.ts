/**
 * Every synced report (app/reports/definitions.ts) in turn, JavaScript on and off, axe on every
 * page (issue 12): breadcrumb, the sync panel (last sync with its age, next scheduled sync, no
 * staleness warning on fresh demo data), the list (total, default 20 rows, page size, search,
 * '데이터가 없습니다.', year filters), the Excel download named from Content-Disposition, evaluation
 * mode (the server's columns, no sync button), and the sync button: the result message, the new
 * history entry, the button rule's line.
 *
 * One engine serves every report, so its behaviour (paging, search, each kind of filter, the
 * download, evaluation mode, the sync press) is walked test by test on two reports (ENGINE, one of
 * each source, with and without a year list), JavaScript on and off; every other report is walked
 * in one test that checks what its definition gives (breadcrumb, columns, rows, its filters,
 * search, download name, evaluation page), by one project (js or no-js, alternating): the page,
 * filters and download are the engine's, walked in both projects above, and what differs from one
 * report to the next is its definition, the same in both. Each report is synced by one project
 * only (alternating the other way), since a second press within 10 minutes is refused by design.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { hasShape, REPORTS as ALL_REPORTS, type ReportDef } from "../../app/reports/definitions";
import { expectNoAxeViolations, jsEnabled, ready, signIn } from "./helpers";
import { pressedBefore } from "./report-helpers";

const YEAR = new Date().getFullYear();

/** The flat tables; the reports with shapes of their own (issue 13) are walked in report-shapes.spec.ts. */
const REPORTS = ALL_REPORTS.filter((def) => !hasShape(def));

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

/** The text of a column's cells, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.getByTestId("report-table");
  const headers = (await table.getByRole("columnheader").allTextContents()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, `${header} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  return (await table.locator("tbody tr").evaluateAll((rows, i) => rows.map((r) => r.querySelectorAll("td")[i]?.textContent?.trim() ?? ""), index)) as string[];
}

/** Walked test by test; the others in one test each (see above). */
const ENGINE = new Set(["P08", "E02"]);

const hasYears = (def: ReportDef) => def.filters.some((f) => f.kind === "year" || f.kind === "years");

/** The page with its breadcrumb, sync panel, columns, 20 rows and a total over 20. */
async function opens(page: Page, testInfo: TestInfo, def: ReportDef) {
  await open(page, testInfo, def.path);
  await expect(page.getByRole("heading", { level: 1, name: def.title })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "현재 위치" });
  await expect(crumbs.getByRole("listitem")).toHaveText([...def.breadcrumb, def.title]);
  const panel = page.getByTestId("sync-panel");
  await expect(panel.getByTestId("last-sync")).toHaveText(/^마지막 동기화: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \((방금 전|\d+(분|시간|일) 전)\)$/);
  await expect(panel).toContainText(/다음 정기 동기화: \d{4}-(03|06|09|12)-01 00:00/);
  await expect(panel.getByTestId("sync-stale")).toHaveCount(0);
  await expect(page.getByTestId("report-row")).toHaveCount(20);
  const total = Number((await page.getByTestId("total").textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(20);
  for (const c of def.columns) await expect(page.getByRole("columnheader", { name: c.label, exact: true })).toBeVisible();
}

/** A search text that matches nothing: '데이터가 없습니다.' and 'total 0'. */
async function searchesNothing(page: Page) {
  await page.getByRole("textbox", { name: "검색어" }).fill("없는검색어zz");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/value=/);
  await expect(page.getByTestId("report-table").getByText("데이터가 없습니다.")).toBeVisible();
  await expect(page.getByTestId("total")).toHaveText(/^전체 0/);
}

/** The year filter (a select, or checkboxes with the exclusive 'all') narrows the rows to 2025. */
async function filtersByYear(page: Page, testInfo: TestInfo, def: ReportDef) {
  await open(page, testInfo, def.path);
  const multi = def.filters.some((f) => f.kind === "years");
  const filter = page.getByRole("search");
  if (multi) {
    const all = filter.getByRole("checkbox", { name: "전체" });
    await expect(all).toBeChecked();
    await filter.getByRole("checkbox", { name: "2025년" }).check();
    // with JavaScript 'all' clears itself; without it the user unticks it
    if (jsEnabled(testInfo)) await expect(all).not.toBeChecked();
    else await all.uncheck();
  } else {
    await filter.getByLabel("년도").selectOption("2025");
  }
  if (multi || !jsEnabled(testInfo)) await filter.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/year=2025/);
  await ready(page, testInfo);
  // with JavaScript the URL changes before the rows arrive
  await expect.poll(async () => [...new Set(await column(page, "년도"))]).toEqual(["2025"]);
  if (multi) await expect(filter.getByRole("checkbox", { name: "2025년" })).toBeChecked();
}

/** A select filter's first option narrows the list and stays chosen. */
async function filtersBySelect(page: Page, testInfo: TestInfo, def: ReportDef, f: Extract<ReportDef["filters"][number], { kind: "select" }>) {
  await open(page, testInfo, def.path);
  const before = await page.getByTestId("total").textContent();
  const select = page.getByRole("search").getByLabel(f.label, { exact: true });
  const option = (await select.locator("option").nth(1).getAttribute("value"))!;
  await select.selectOption(option);
  await page.getByRole("search").getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${f.name}=${encodeURIComponent(option)}`));
  await ready(page, testInfo);
  await expect(page.getByTestId("total")).not.toHaveText(before!);
  await expect(page.getByRole("search").getByLabel(f.label, { exact: true })).toHaveValue(option);
  expect(Number((await page.getByTestId("total").textContent())!.replace(/\D/g, ""))).toBeGreaterThan(0);
}

const excelName = (def: ReportDef) => `${def.excel.fileName}${def.filters.some((f) => f.kind === "year") ? `_${YEAR}` : ""}.xlsx`;

/** Evaluation mode: the server's columns, the last sync, the download, no sync button. */
async function evaluationMode(page: Page, testInfo: TestInfo, def: ReportDef) {
  const seq = SEED_MENUS.find((m) => m.menuUrl === def.path)!.menuSeq;
  await open(page, testInfo, `${def.path}/1/${seq}/${YEAR}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${def.title}`) })).toContainText(`평가 ${YEAR}년`);
  await expect(page.getByTestId("eval-table")).toBeVisible();
  await expect(page.getByRole("button", { name: "동기화" })).toHaveCount(0);
  await expect(page.getByTestId("last-sync")).toContainText("마지막 동기화: ");
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
}

REPORTS.forEach((def, index) => {
  test.describe(`${def.id} ${def.title}`, () => {
    if (!ENGINE.has(def.id)) {
      test("what its definition gives: page, columns, filters, search, download, evaluation mode", async ({ page }, testInfo) => {
        test.skip((index % 2 === 0) !== jsEnabled(testInfo), "the other project walks this report");
        test.setTimeout(180_000);
        await signIn(page, testInfo, "admin");
        await opens(page, testInfo, def);
        await expectNoAxeViolations(page);
        // the download link answers the workbook, named from the reply's Content-Disposition
        const href = (await page.getByRole("link", { name: "엑셀 다운로드" }).getAttribute("href"))!;
        const res = await page.request.get(href);
        expect(res.status()).toBe(200);
        expect(decodeURIComponent(res.headers()["content-disposition"] ?? "")).toContain(excelName(def));
        if (def.search) await searchesNothing(page);
        if (hasYears(def)) await filtersByYear(page, testInfo, def);
        for (const f of def.filters) if (f.kind === "select") await filtersBySelect(page, testInfo, def, f);
        if (def.evaluation) await evaluationMode(page, testInfo, def);
      });
      return;
    }

    test("opens with its sync panel and list; pages and searches", async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await signIn(page, testInfo, "admin");
      await opens(page, testInfo, def);
      await page.getByLabel("페이지당 행 수").selectOption("10");
      if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "적용" }).click();
      await expect(page).toHaveURL(/size=10/);
      await expect(page.getByTestId("report-row")).toHaveCount(10);
      if (def.search) await searchesNothing(page);
      await expectNoAxeViolations(page);
    });

    if (hasYears(def)) {
      test("filters by year", async ({ page }, testInfo) => {
        test.setTimeout(120_000);
        await signIn(page, testInfo, "admin");
        await filtersByYear(page, testInfo, def);
        await expectNoAxeViolations(page);
      });
    }

    test("downloads its Excel named from the reply", async ({ page }, testInfo) => {
      // a link to a resource route, the same with or without the page's scripts: one project each
      test.skip((index % 2 === 0) !== jsEnabled(testInfo), "the other project downloads this report");
      test.setTimeout(120_000);
      await signIn(page, testInfo, "admin");
      await open(page, testInfo, def.path);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "엑셀 다운로드" }).click()]);
      expect(download.suggestedFilename()).toBe(excelName(def));
    });

    if (def.evaluation) {
      test("evaluation mode shows the server's columns and no sync button", async ({ page }, testInfo) => {
        test.setTimeout(120_000);
        await signIn(page, testInfo, "admin");
        await evaluationMode(page, testInfo, def);
        await expectNoAxeViolations(page);
      });
    }

    test("syncs on a button press, then waits 10 minutes", async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      // one project presses each report's button (alternating), the other one only reads
      test.skip((index % 2 === 1) !== jsEnabled(testInfo), "the other project syncs this report");
      await signIn(page, testInfo, "admin");
      await open(page, testInfo, `${def.path}?size=10`);
      if (await pressedBefore(page, testInfo)) return;
      const total = await page.getByTestId("total").textContent();
      const button = page.getByRole("button", { name: "동기화", exact: true });
      await expect(button).toBeEnabled();
      if (jsEnabled(testInfo)) {
        // with JavaScript the panel shows the sync under way until the refreshed list arrives
        await Promise.all([page.getByTestId("sync-progress").filter({ hasText: "동기화 중입니다. 원본 시스템에서 자료를 가져오고 있습니다." }).waitFor(), button.click()]);
      } else {
        await button.click();
      }
      const alert = page.getByTestId("alert-region");
      await expect(alert).toHaveText(/동기화 되었습니다\. \([\d,]+건\)$/);
      const synced = (await alert.textContent())!.match(/\(([\d,]+)건\)/)![1];
      await expect(page).toHaveURL(/size=10/);
      // the same demo rows again: the list is as it was
      await expect(page.getByTestId("total")).toHaveText(total!);
      await expect(page.getByTestId("report-row")).toHaveCount(10);
      const panel = page.getByTestId("sync-panel");
      await expect(panel.getByTestId("last-sync")).toHaveText(/\(방금 전\)$/);
      await panel.locator(".sync-history summary").click();
      const first = panel.getByTestId("sync-history").locator("tbody tr").first();
      await expect(first.getByRole("cell")).toHaveText([/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "이서연", "수동 동기화", "SELF", "성공", synced]);
      await expect(panel.getByTestId("sync-history").locator("tbody tr").nth(1).getByRole("cell").nth(3)).toHaveText("SCHD");
      // the button rule: disabled for 10 minutes, and the line says from when
      await expect(button).toBeDisabled();
      await expect(panel.getByTestId("sync-rule")).toHaveText(/^최근 동기화 후 10분이 지나야 다시 동기화할 수 있습니다\. \(\d{2}:\d{2}부터 가능\)$/);
      // after a reload too
      await page.reload();
      await ready(page, testInfo);
      await expect(page.getByRole("button", { name: "동기화", exact: true })).toBeDisabled();
      await expectNoAxeViolations(page);
    });
  });
});
