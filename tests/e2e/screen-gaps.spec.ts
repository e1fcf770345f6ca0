/**
 * Screen gaps of issue 35 class 7 (ADR 0063), with JavaScript on and off, what a user sees:
 * - P06: a preview of a missing file (or of a path outside the storage) is a Korean page, not the
 *   plain-text 'Not Found';
 * - R17: the template asked without a year, or for a year outside the list, is refused with the
 *   reason; the page's own link (with the year) still downloads;
 * - E17: the template asked for 2019 is refused with the years allowed; a professional-staff count
 *   with 'none' also ticked is refused without JavaScript (input kept), and with JavaScript each
 *   clears the other;
 * - R09: the member table shows each member's gender and register date;
 * - E12: the by-period tab searches its rows by year, grade and period.
 * The second pass (ADR 0063, 2026-11-29):
 * - R09: the member picker shows 10 hits a page, its pages keep the search text and the people
 *   already chosen; a member's 활동/비활동 is changed in place and is there after a reload;
 * - E12: in evaluation mode the by-period tab shows the configured columns that are its own, as
 *   the by-student tab does, on the page and in its Excel file;
 * - P16: the approval dialog preselects the authority the applicant asked for (a non-default one);
 * - R07 seminars: the sample needs a year of the list;
 * - E17: an equipment count with its box unticked, or OSCE values with the centre 'none', is refused
 *   without JavaScript with both kept; with JavaScript a count ticks its box.
 * P16 (the reset asked first) is in admin-members.spec.ts, P17 in admin-codes.spec.ts (its
 * questions the shared alertdialog), E10 in report-shapes.spec.ts, the survey links' unique ids in
 * survey-menu.spec.ts.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { applyForAccount, expectNoAxeViolations, jsEnabled, onlyWithoutJavaScript, ready, signIn, uniqueId } from "./helpers";
import { download } from "./report-helpers";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { AWARD_FIRST_YEAR } from "../../app/routes/_app.insert.student.awards+/__schema";
import { SEMINAR_FIRST_YEAR } from "../../app/routes/_app.insert.professor.seminar+/__schema";
import { SPACE_FIRST_YEAR } from "../../app/routes/_app.insert.resource.space+/__schema";

const YEAR = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

test("P06: a preview that cannot be shown is a Korean page", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  for (const route of ["pdfView", "imgView"]) {
    for (const filePath of ["data/no-such-file-35.pdf", "../etc/passwd"]) {
      const res = await page.goto(`/view/${route}.do?filePath=${encodeURIComponent(filePath)}`);
      expect(res?.status(), `${route} ${filePath}`).toBe(404);
      expect(res?.headers()["content-type"]).toBe("text/html; charset=utf-8");
      await expect(page.getByRole("alert")).toHaveText("파일을 찾을 수 없거나 볼 수 있는 권한이 없습니다.");
      await expect(page.locator("html")).toHaveAttribute("lang", "ko");
      await expect(page.getByText("Not Found")).toHaveCount(0);
    }
  }
});

/**
 * A list page's Excel template (or sample) without a year goes back to the page with '년도를
 * 선택해주세요.', a year before the list's first with the range's message; the page's own link
 * carries the year and downloads the year's sheet.
 */
async function expectTemplateNeedsListedYear(page: Page, testInfo: TestInfo, path: string, firstYear: number) {
  await open(page, testInfo, `${path}/excel?type=template`);
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
  await expect(alert(page, "년도를 선택해주세요.")).toBeVisible();
  await expectNoAxeViolations(page);
  await open(page, testInfo, `${path}/excel?type=template&year=2019`);
  await expect(alert(page, `년도는 ${firstYear}년부터 ${YEAR}년까지 선택할 수 있습니다.`)).toBeVisible();
  await open(page, testInfo, `${path}?year=${YEAR}`);
  const href = await page.getByRole("link", { name: "양식 다운로드" }).getAttribute("href");
  expect(href).toContain(`year=${YEAR}`);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain(".xlsx");
}

test("R17: the template needs a year of the list", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await expectTemplateNeedsListedYear(page, testInfo, "/insert/student/awards", AWARD_FIRST_YEAR);
});

test("E17: the template for 2019 is refused; a count with 'none' ticked is not lost", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, "/insert/resource/space/excel?type=template&year=2019");
  await expect(page).toHaveURL(/\/insert\/resource\/space(\?|$)/);
  await expect(alert(page, `년도는 ${SPACE_FIRST_YEAR}년부터 ${YEAR}년까지 선택할 수 있습니다.`)).toBeVisible();
  await expectNoAxeViolations(page);

  await open(page, testInfo, `/insert/resource/space?year=${YEAR - 1}&tab=lbrr`);
  const count = page.getByLabel("전문 인력 수(명)");
  const none = page.getByLabel("전문 인력 없음");
  if (jsEnabled(testInfo)) {
    // each clears the other (spec 002 §4)
    await count.fill("3");
    await none.check();
    await expect(count).toHaveValue("");
    await count.fill("4");
    await expect(none).not.toBeChecked();
    return;
  }
  // without JavaScript both reach the server: refused with the reason, both kept as typed
  await count.fill("3");
  await none.check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await ready(page, testInfo);
  await expect(alert(page, "전문 인력 수와 '전문 인력 없음'은 함께 입력할 수 없습니다. 둘 중 하나만 입력해주세요.")).toBeVisible();
  await expect(page.getByLabel("전문 인력 수(명)")).toHaveValue("3");
  await expect(page.getByLabel("전문 인력 없음")).toBeChecked();
  await expectNoAxeViolations(page);
});

/** A committee's detail with a term that has members selected (the seeded 교육평가위원회). */
async function termWithMembers(page: Page, testInfo: TestInfo) {
  await open(page, testInfo, `/insert/commission/CommissionList?value=${encodeURIComponent("교육평가위원회")}`);
  await page.getByRole("link", { name: "교육평가위원회", exact: true }).first().click();
  await ready(page, testInfo);
  await page.getByTestId("term-card").filter({ hasText: /명단 [1-9]/ }).first().getByRole("link").first().click();
  await expect(page).toHaveURL(/term=\d+/);
  await ready(page, testInfo);
}

test("R09: the member table shows gender and register date", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await termWithMembers(page, testInfo);
  const table = page.getByTestId("member-table");
  expect((await table.locator("thead th").allTextContents()).map((h) => h.trim())).toEqual(["이름", "사번", "성별", "직위", "소속", "활동", "등록일", "관리"]);
  const rows = table.getByTestId("member-row-saved");
  expect(await rows.count()).toBeGreaterThan(0);
  const genders: string[] = [];
  for (const r of await rows.all()) {
    const cells = (await r.locator("td").allTextContents()).map((c) => c.trim());
    genders.push(cells[2]);
    expect(["남", "여", ""]).toContain(cells[2]);
    expect(cells[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
  expect(genders.some((g) => g !== "")).toBe(true);
  // four members fit, a fifth makes the box scroll (spec 001 §9, "4명이 넘으면 스크롤")
  const count = await rows.count();
  expect(await table.evaluate((el) => el.scrollHeight > el.clientHeight + 1)).toBe(count > 4);
  await expectNoAxeViolations(page);
});

test("E12: the by-period tab has its own text search", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, "/insert/ufolio/grdt-self-eval?tab=1");
  const search = page.getByRole("search");
  const cells = async (i: number) => (await page.getByTestId("report-table").locator(`tbody tr td:nth-child(${i})`).allTextContents()).map((c) => c.trim());
  await search.getByLabel("검색어").fill("2차");
  await search.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/value=/);
  await ready(page, testInfo);
  await expect(page).toHaveURL(/tab=1/);
  // with JavaScript the URL can change a render before the table shows the new rows: read until it does
  await expect.poll(async () => [...new Set(await cells(3))]).toEqual(["2차"]);
  await expect(search.getByLabel("검색어")).toHaveValue("2차");
  await expectNoAxeViolations(page);

  await search.getByLabel("검색어").fill("5학년");
  await search.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page).toHaveURL(/value=5/);
  await ready(page, testInfo);
  await expect.poll(async () => [...new Set(await cells(2))]).toEqual(["5학년"]);
  // the rows the search keeps are the same as without it (the averages are the whole year's)
  const withSearch = (await page.getByTestId("report-table").locator("tbody tr").allTextContents()).sort();
  await open(page, testInfo, "/insert/ufolio/grdt-self-eval?tab=1&size=50");
  const all = (await page.getByTestId("report-table").locator("tbody tr").allTextContents()).filter((t) => t.includes("5학년"));
  expect(all.sort()).toEqual(withSearch);
});

test("R09: the member picker shows 10 a page; its pages keep the search and the people chosen", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await termWithMembers(page, testInfo);
  await page.getByRole("link", { name: "명단 등록" }).click();
  await ready(page, testInfo);
  const picker = page.getByTestId("member-picker-list");
  const labels = async () => (await picker.locator("label").allTextContents()).map((l) => l.trim());
  const search = async (n: number) => {
    await page.getByLabel(`이름 또는 사번 ${n}`, { exact: true }).fill("김");
    await page.getByRole("button", { name: `검색: 이름 또는 사번 ${n}` }).click();
    await expect(page.getByRole("heading", { name: "명단 검색 결과" })).toBeVisible();
    await ready(page, testInfo);
  };
  // row 1: a person of the first page
  await search(1);
  const pages = page.getByTestId("member-picker-pages");
  await expect(pages).toHaveText(/^1 \/ \d+ 페이지 \(총 \d+명\)$/);
  const total = Number(/총 (\d+)명/.exec((await pages.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(10);
  await expect(page.getByRole("radiogroup", { name: `'김' 검색 결과 ${total}명: 등록할 사람을 선택하세요` })).toBeVisible();
  const first = await labels();
  expect(first).toHaveLength(10);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "선택", exact: true }).click();
  await expect(page.getByTestId("member-row-person").first()).toHaveText(first[0]);
  // row 2: the second page of the same search; row 1 stays chosen
  await page.getByRole("button", { name: "명단 추가" }).click();
  await search(2);
  await page.getByRole("button", { name: "2 페이지", exact: true }).click();
  await ready(page, testInfo);
  await expect(pages).toHaveText(new RegExp(`^2 / \\d+ 페이지 \\(총 ${total}명\\)$`));
  await expect(page.getByRole("button", { name: "2 페이지", exact: true })).toHaveAttribute("aria-current", "page");
  const second = await labels();
  expect(second.length).toBeGreaterThan(0);
  expect(second.length).toBeLessThanOrEqual(10);
  expect(second.filter((l) => first.includes(l))).toEqual([]);
  await expect(page.getByRole("radiogroup", { name: new RegExp(`^'김' 검색 결과 ${total}명`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await picker.getByRole("radio").nth(1).check();
  await page.getByRole("button", { name: "선택", exact: true }).click();
  await expect(page.getByTestId("member-row-person")).toHaveText([first[0], second[1]]);
  await expect(page.getByLabel("이름 또는 사번 2", { exact: true })).toHaveValue("김");
});

test("R09: a member's 활동 / 비활동 is changed in place and kept", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await termWithMembers(page, testInfo);
  // the project's own member (the other project flips another), by name
  const rows = page.getByTestId("member-table").getByTestId("member-row-saved");
  const row = rows.nth(jsEnabled(testInfo) ? 0 : 1);
  const name = ((await row.locator("td").first().textContent()) ?? "").trim();
  const mine = rows.filter({ has: page.getByRole("cell", { name, exact: true }) });
  const state = async () => ((await mine.getByTestId("member-actvt").textContent()) ?? "").trim();
  const before = await state();
  expect(["활동", "비활동"]).toContain(before);
  const after = before === "활동" ? "비활동" : "활동";
  await mine.getByRole("button", { name: `${after}으로 변경: ${name}` }).click();
  await ready(page, testInfo);
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await expect(mine.getByTestId("member-actvt")).toHaveText(after);
  await expectNoAxeViolations(page);
  await page.reload();
  await ready(page, testInfo);
  await expect(mine.getByTestId("member-actvt")).toHaveText(after);
  // and back
  await mine.getByRole("button", { name: `${before}으로 변경: ${name}` }).click();
  await ready(page, testInfo);
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await expect(mine.getByTestId("member-actvt")).toHaveText(before);
});

test("E12: in evaluation mode the by-period tab shows its configured columns, as the by-student tab", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const path = "/insert/ufolio/grdt-self-eval";
  const seq = SEED_MENUS.find((m) => m.menuUrl === path)!.menuSeq;
  const heads = async () => (await page.getByTestId("eval-table").locator("thead th").allTextContents()).map((h) => h.trim());
  await open(page, testInfo, `${path}/1/${seq}/${YEAR}?tab=1`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`평가 ${YEAR}년`);
  const one = ["년도", "학년", "시기", "학생 수", "전문직업성", "환자 진료"];
  expect(await heads()).toEqual(one);
  expect(await page.getByTestId("eval-table").locator("tbody tr").count()).toBeGreaterThan(0);
  // two decimals, as the tab shows its averages
  expect((await page.getByTestId("eval-table").locator("tbody tr").first().locator("td").nth(4).textContent())?.trim()).toMatch(/^(\d+\.\d{2}|-|)$/);
  await expectNoAxeViolations(page);
  const file = await download(page);
  expect(file.href).toContain("tab=1");
  expect(file.sheets.some((sh) => sh.rows.some((r) => JSON.stringify(r) === JSON.stringify(one)))).toBe(true);
  await open(page, testInfo, `${path}/1/${seq}/${YEAR}?tab=2`);
  expect(await heads()).toEqual(["년도", "학년", "이름", "학번", "3차 전문직업성", "3차 환자 진료"]);
});

test("P16: the approval dialog preselects the authority the applicant asked for", async ({ page, request, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const id = uniqueId("aprn");
  await applyForAccount(request, baseURL!, id, "김민수", "2");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `/management/member?value=${id}`);
  const row = page.getByTestId("join-row").filter({ hasText: id });
  await expect(row).toContainText("교육평가위원회");
  await row.getByRole("link", { name: `승인 상세: ${id}` }).click();
  const dialog = page.getByRole("dialog", { name: "가입 승인" });
  await expect(dialog.getByTestId("approve-detail")).toContainText(id);
  await ready(page, testInfo);
  await expect(dialog.getByLabel("교육평가위원회")).toBeChecked();
  await expect(dialog.getByLabel("입력자")).not.toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "승인" }).click();
  await ready(page, testInfo);
  await expect(alert(page, "승인 되었습니다.")).toBeVisible();
  const approved = page.getByTestId("member-row").filter({ hasText: id });
  await expect(approved).toContainText("교육평가위원회");
  await expect(approved).not.toContainText("입력자");
});

test("R07 seminars: the sample needs a year of the list", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await expectTemplateNeedsListedYear(page, testInfo, "/insert/professor/seminar", SEMINAR_FIRST_YEAR);
});

test("E17: an equipment count with its box unticked, or OSCE values with no centre, is not lost", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `/insert/resource/space?year=${YEAR - 1}&tab=fcl`);
  const box = page.getByRole("checkbox", { name: "봉합 모형 보유" });
  const count = page.getByLabel("봉합 모형 보유 수량(개)", { exact: true });
  if (jsEnabled(testInfo)) {
    // a count ticks its box; unticking clears the count (spec 002 §4)
    await box.uncheck();
    await expect(count).toHaveValue("");
    await count.fill("5");
    await expect(box).toBeChecked();
    return;
  }
  // without JavaScript both reach the server: refused with the reason, both kept as posted
  await box.uncheck();
  await count.fill("5");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await ready(page, testInfo);
  await expect(alert(page, "봉합 모형: 보유 수량을 입력하려면 '보유'에 체크해주세요. 보유하지 않으면 수량을 지워주세요.")).toBeVisible();
  await expect(page.getByLabel("봉합 모형 보유 수량(개)", { exact: true })).toHaveValue("5");
  await expect(page.getByRole("checkbox", { name: "봉합 모형 보유" })).not.toBeChecked();
  await expectNoAxeViolations(page);
  // the OSCE centre 'none' with its counts: the same
  await page.getByRole("checkbox", { name: "봉합 모형 보유" }).check();
  const labs = page.getByLabel("OSCE 실습실 수(실)", { exact: true });
  await labs.fill("3");
  await page.getByRole("radiogroup", { name: "OSCE 센터 유무" }).getByRole("radio", { name: "없음" }).check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await ready(page, testInfo);
  await expect(alert(page, "OSCE 센터 '없음'과 OSCE 센터의 위치·실 수는 함께 입력할 수 없습니다. '있음'을 선택하거나 위치와 실 수를 지워주세요.")).toBeVisible();
  await expect(page.getByLabel("OSCE 실습실 수(실)", { exact: true })).toHaveValue("3");
  await expect(page.getByRole("radiogroup", { name: "OSCE 센터 유무" }).getByRole("radio", { name: "없음" })).toBeChecked();
  await expect(page.getByLabel("봉합 모형 보유 수량(개)", { exact: true })).toHaveValue("5");
});
