/**
 * R08 committees (spec 001 §2 "Committees", §5 "Committee and term", §8), JavaScript on and off:
 * the list; adding a committee with every message of spec 001 §5 in its order, the values kept
 * after each refused save; the link to its detail; edit; delete; the name search with no hit; the
 * list's Excel download; evaluation mode; axe on each page and dialog state. The committee's name
 * carries a unique text.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, ready, signIn, uniqueId } from "./helpers";
import { loadSheet } from "./students";

const YEAR = new Date().getFullYear();
const LIST = "/insert/commission/CommissionList";

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();
const listRow = (page: Page, text: string) => page.getByTestId("committee-row").filter({ hasText: text });
const save = (page: Page, label = "등록") => page.getByRole("button", { name: label, exact: true }).click();

async function openList(page: Page, testInfo: TestInfo, query = "") {
  await page.goto(`${LIST}${query ? `?${query}` : ""}`);
  await ready(page, testInfo);
}

test("committee: add with every message and the values kept, the detail link, edit, delete, search, Excel, evaluation mode", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e위원회 ${uniqueId(jsEnabled(testInfo) ? "j" : "n")}`;

  await openList(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "위원회" })).toBeVisible();
  await expect(page.getByTestId("committee-list").getByRole("columnheader")).toHaveText(["설립연도", "위원회명", "운영상태", "기수", "등록일", "관리"]);
  await expect(listRow(page, "교육평가위원회")).toContainText("1990");
  await expect(listRow(page, "교육평가위원회")).toContainText("운영");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "등록", exact: true }).click();
  await expect(page.getByRole("heading", { name: "위원회 등록" })).toBeVisible();
  await ready(page, testInfo);
  // spec 001 §9: founding years 1990 … this year
  const years = await page.locator("#committee-form-year option").allTextContents();
  expect(years).toContain("1990년");
  expect(years).toContain(`${YEAR}년`);
  expect(years).not.toContain(`${YEAR + 1}년`);
  expect(years).not.toContain("1989년");
  await expectNoAxeViolations(page);

  // spec 001 §5 "Committee and term", one rule after another, every typed value kept
  await save(page);
  await expect(alert(page, "설립연도를 입력하세요.")).toBeVisible();
  await page.locator("#committee-form-year").selectOption("1999");
  await save(page);
  await expect(alert(page, "위원회명을 입력하세요.")).toBeVisible();
  await expect(page.locator("#committee-form-year")).toHaveValue("1999");
  await field(page, "위원회명").fill(name);
  await save(page);
  await expect(alert(page, "운영상태를 선택하세요.")).toBeVisible();
  await expect(field(page, "위원회명")).toHaveValue(name);
  await expect(page.locator("#committee-form-year")).toHaveValue("1999");
  await expectNoAxeViolations(page);
  await page.locator("#committee-form-oprStt").selectOption("Y");
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toHaveCount(1);
  await expect(listRow(page, name)).toContainText("1999");
  await expect(listRow(page, name)).toContainText("운영");
  // the name links to the committee's detail (R09)
  await expect(listRow(page, name).getByRole("link", { name, exact: true })).toHaveAttribute("href", /^\/insert\/commission\/CommissionDetail\/\d+$/);

  // edit: the dialog shows the saved values; a cleared name is refused with the rest kept
  await listRow(page, name).getByRole("link", { name: /^수정: / }).click();
  await expect(page.getByRole("heading", { name: "위원회 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.locator("#committee-form-year")).toHaveValue("1999");
  await expect(page.locator("#committee-form-oprStt")).toHaveValue("Y");
  await expect(field(page, "위원회명")).toHaveValue(name);
  await field(page, "위원회명").fill("");
  await page.locator("#committee-form-oprStt").selectOption("N");
  await save(page, "수정");
  await expect(alert(page, "위원회명을 입력하세요.")).toBeVisible();
  await expect(page.locator("#committee-form-oprStt")).toHaveValue("N");
  await field(page, "위원회명").fill(name);
  await page.locator("#committee-form-year").selectOption("2001");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toContainText("2001");
  await expect(listRow(page, name)).toContainText("미운영");

  // the list's Excel download (the name search applies)
  const download = await page.request.get(`${LIST}/excel?type=download&value=${encodeURIComponent(name)}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain(encodeURIComponent("위원회_목록.xlsx"));
  const ws = (await loadSheet(await download.body())).worksheets[0];
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["설립연도", "위원회명", "운영상태", "기수", "등록일"]);
  expect((ws.getRow(2).values as unknown[]).slice(1, 4)).toEqual([2001, name, "미운영"]);
  expect(ws.rowCount).toBe(2);

  // delete, after '정말 삭제하시겠습니까?'
  await listRow(page, name).getByRole("link", { name: /^삭제: / }).click();
  await expect(page).toHaveURL(/dialog=delete/);
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제하였습니다.")).toBeVisible();
  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();

  // evaluation mode: the server's columns, read-only
  await page.goto(`${LIST}/1/25/${YEAR}`);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(["설립연도", "위원회명", "운영상태", "기수"]);
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("link", { name: "등록", exact: true })).toHaveCount(0);
  for (const n of [/^삭제/, /^수정/]) await expect(page.getByRole("link", { name: n })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  expect((await page.request.post(`${LIST}/1/25/${YEAR}`, { form: { _csrf: csrf, intent: "delete", cmtSeq: "1", confirm: "delete" } })).status()).toBe(405);
  const xlsx = await page.request.get(`${LIST}/excel?type=download&year=${YEAR}&eiSeq=1&menuSeq=25`);
  expect(((await loadSheet(await xlsx.body())).worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(["설립연도", "위원회명", "운영상태", "기수"]);
});
