/**
 * P15 evaluation indicator input (spec 000 §2, §5; ADR 0039) and evaluation mode made real. The
 * indicator's long walk runs without JavaScript, a short walk of its form with it (ADR 0087):
 * registering an indicator with spec 000 §5's messages, the 'add data'
 * dialog's three-level drill-down and its messages, a card's go-to link showing exactly the ticked
 * columns read-only, changing the ticks, deleting a card and the indicator; then, for every list
 * screen with an evaluation route and one synced report, the first two offered columns ticked and
 * read back as the evaluation page's headers; the evidence workbook read back with exceljs. Axe on
 * each page and dialog state.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn, uniqueId } from "./helpers";
import { LIST_SCREENS } from "./list-screens";
import { loadSheet } from "./students";

const YEAR = new Date().getFullYear();
const PAGE = "/eval/indicator/81";

const alert = (page: Page | Locator, text: string) => page.getByTestId("alert-region").filter({ hasText: text }).first();
const addDialog = (page: Page) => page.locator("#add-data-dialog");

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

/** Presses a ConfirmSubmit button and confirms (a modal with JavaScript, the in-page step without). */
async function confirmed(page: Page, testInfo: TestInfo, label: string) {
  await page.getByRole("button", { name: label, exact: true }).first().click();
  // an alertdialog either way (issue 36): a modal with JavaScript, the in-page step without
  await page.getByRole("alertdialog").getByRole("button", { name: "확인" }).click();
  await ready(page, testInfo);
}

/** The evaluation page shows exactly these column headers. */
const expectHeaders = (page: Page, expected: string[]) => expect(page.getByTestId("eval-table").locator("thead th")).toHaveText(expected);

/** Creates an indicator on page 83 with a post of the page's own form; answers its eiSeq. */
async function newIndicator(page: Page, testInfo: TestInfo, name: string): Promise<number> {
  await open(page, testInfo, "/eval/indicator/83?ei=new");
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const res = await page.request.post("/eval/indicator/83?ei=new", {
    form: { _csrf: csrf, intent: "save", confirm: "save", eiSeq: "", evalIndctNm: name, evalStnd: `${name} 준거`, years: String(YEAR) },
    headers: { Origin: String(testInfo.project.use.baseURL) },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const ei = Number(new URL(res.headers().location!, "http://x").searchParams.get("ei"));
  expect(ei).toBeGreaterThan(3);
  return ei;
}

/** Ticks these columns (labels) of a menu in the 'add data' dialog, unticks the others, and saves. */
async function tick(page: Page, testInfo: TestInfo, url: string, labels: string[] | 2): Promise<string[]> {
  await open(page, testInfo, url);
  const boxes = addDialog(page).getByTestId("column-choices").getByRole("checkbox");
  const all = (await addDialog(page).getByTestId("column-choices").locator("label").allTextContents()).map((t) => t.trim());
  const wanted = labels === 2 ? all.slice(0, 2) : labels;
  expect(wanted.length).toBe(2);
  for (let i = 0; i < all.length; i++) await boxes.nth(i).setChecked(wanted.includes(all[i]));
  await addDialog(page).getByRole("button", { name: "저장" }).click();
  await ready(page, testInfo);
  return wanted;
}

test("indicator: register with the spec's messages, add data through the drill-down, the card's evaluation page shows exactly the ticked columns, change, delete", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e지표 ${uniqueId("n")}`;

  await open(page, testInfo, PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "교육과정 평가지표" })).toBeVisible();
  await expect(page.getByTestId("indicator-list")).toContainText("1.1 교육과정 운영과 학생 성취");
  await expect(page.getByTestId("indicator-card").filter({ hasText: "학생 관리" })).toContainText("요소: 학번, 이름, 학년, 학적상태, 입학년도");
  await expectNoAxeViolations(page);

  // register: name, then criterion required (spec 000 §5), the years' 'all' exclusive
  await page.getByRole("link", { name: "등록", exact: true }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "평가지표 등록" })).toBeVisible();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "평가지표를 입력하세요.")).toBeVisible();
  await field(page, "평가지표").fill(name);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "평가준거를 입력하세요.")).toBeVisible();
  await expect(field(page, "평가지표")).toHaveValue(name);
  await field(page, "평가준거").fill(`${name}의 평가준거`);
  await page.getByRole("checkbox", { name: `${YEAR}년` }).check();
  await expectNoAxeViolations(page);
  await confirmed(page, testInfo, "저장");
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByTestId("indicator-list").getByRole("link", { name })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("checkbox", { name: `${YEAR}년` })).toBeChecked();
  await expect(page.getByText(`조회 년도: ${YEAR}년`)).toBeVisible();

  // add data: nothing chosen, then 입력 > 학생 > 학생 관리, nothing ticked, then 학번 and 이름
  await page.getByRole("link", { name: "데이터 추가" }).click();
  await ready(page, testInfo);
  await expect(addDialog(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await addDialog(page).getByRole("button", { name: "저장" }).click();
  await expect(alert(addDialog(page), "추가할 데이터의 자료를 선택해주세요.")).toBeVisible();
  for (const level of ["입력", "학생", "학생 관리"]) {
    await addDialog(page).getByRole("link", { name: level, exact: true }).click();
    await ready(page, testInfo);
  }
  await expect(addDialog(page).getByTestId("column-choices").getByRole("checkbox")).toHaveCount(8);
  await expectNoAxeViolations(page);
  await addDialog(page).getByRole("button", { name: "저장" }).click();
  await expect(alert(addDialog(page), "요소를 선택해주세요.")).toBeVisible();
  await addDialog(page).getByRole("checkbox", { name: "학번", exact: true }).check();
  await addDialog(page).getByRole("checkbox", { name: "이름", exact: true }).check();
  await addDialog(page).getByRole("button", { name: "저장" }).click();
  await ready(page, testInfo);
  await expect(alert(page, "추가되었습니다.")).toBeVisible();
  const card = page.getByTestId("indicator-card").filter({ hasText: "학생 관리" });
  await expect(card).toContainText("요소: 학번, 이름");
  await expect(card.getByRole("link", { name: "엑셀 다운로드: 학생 관리" })).toHaveAttribute("href", new RegExp(`^/insert/student/document/excel\\?eiSeq=\\d+&menuSeq=11&year=${YEAR}$`));

  // the card's go-to link: exactly the two ticked columns, read-only
  await card.getByRole("link", { name: "바로가기" }).click();
  await page.waitForURL(/\/insert\/student\/document\//);
  await ready(page, testInfo);
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/insert/student/document/\\d+/11/${YEAR}$`));
  const evalPage = new URL(page.url()).pathname;
  await expectHeaders(page, ["학번", "이름"]);
  expect(await page.getByTestId("eval-table").locator("tbody tr").count()).toBeGreaterThan(0);
  for (const label of ["업로드", "수정", "삭제", "저장", "등록"]) await expect(page.getByRole("button", { name: label })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^(수정|삭제|등록|학생 등록|양식 다운로드)/ })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // change the ticks: 학번 and 학년
  await page.goBack();
  await ready(page, testInfo);
  await open(page, testInfo, page.url());
  await page.getByRole("link", { name: "요소 변경: 학생 관리" }).click();
  await ready(page, testInfo);
  await expect(addDialog(page).getByRole("checkbox", { name: "이름", exact: true })).toBeChecked();
  await addDialog(page).getByRole("checkbox", { name: "이름", exact: true }).uncheck();
  await addDialog(page).getByRole("checkbox", { name: "학년", exact: true }).check();
  await addDialog(page).getByRole("button", { name: "저장" }).click();
  await ready(page, testInfo);
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await expect(card).toContainText("요소: 학번, 학년");
  await open(page, testInfo, evalPage);
  await expectHeaders(page, ["학번", "학년"]);

  // delete the card, then the indicator
  await page.goBack();
  await ready(page, testInfo);
  await open(page, testInfo, page.url());
  await page.getByRole("link", { name: "삭제: 학생 관리" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("dialog", { name: "연결된 데이터 삭제" }).or(page.locator("#delete-menu-dialog"))).toContainText("학생 > 학생 관리");
  await expectNoAxeViolations(page);
  await page.locator("#delete-menu-dialog").getByRole("button", { name: "삭제" }).click();
  await ready(page, testInfo);
  await expect(alert(page, "삭제 성공하였습니다.")).toBeVisible();
  await expect(page.getByTestId("indicator-card")).toHaveCount(0);
  await confirmed(page, testInfo, "삭제");
  await expect(alert(page, "삭제 성공하였습니다.")).toBeVisible();
  await expect(page.getByTestId("indicator-list").getByRole("link", { name })).toHaveCount(0);
});

test("short walk (the long one runs without JavaScript): an indicator is registered, reloaded, changed and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e지표 ${uniqueId("j")}`;
  await open(page, testInfo, PAGE);
  await page.getByRole("link", { name: "등록", exact: true }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "평가지표 등록" })).toBeVisible();
  await expectNoAxeViolations(page);
  await field(page, "평가지표").fill(name);
  await field(page, "평가준거").fill(`${name}의 평가준거`);
  // the years' 'all' is exclusive: a year ticked unticks it at once
  await expect(page.getByRole("checkbox", { name: "전체" })).toBeChecked();
  await page.getByRole("checkbox", { name: `${YEAR}년` }).check();
  await expect(page.getByRole("checkbox", { name: "전체" })).not.toBeChecked();
  await confirmed(page, testInfo, "저장");
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  const link = page.getByTestId("indicator-list").getByRole("link", { name });
  await expect(link).toHaveAttribute("aria-current", "page");
  const url = (await link.getAttribute("href"))!;

  // the saved indicator, after a fresh load
  await open(page, testInfo, url);
  await expect(page.getByRole("heading", { name: "평가지표 설정" })).toBeVisible();
  await expect(field(page, "평가지표")).toHaveValue(name);
  await expect(field(page, "평가준거")).toHaveValue(`${name}의 평가준거`);
  await expect(page.getByRole("checkbox", { name: `${YEAR}년` })).toBeChecked();

  // changed, and the change is there after a fresh load
  await field(page, "평가준거").fill(`${name}의 바뀐 평가준거`);
  await confirmed(page, testInfo, "저장");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await open(page, testInfo, url);
  await expect(field(page, "평가준거")).toHaveValue(`${name}의 바뀐 평가준거`);

  // deleted, and gone from the list
  await confirmed(page, testInfo, "삭제");
  await expect(alert(page, "삭제 성공하였습니다.")).toBeVisible();
  await open(page, testInfo, PAGE);
  await expect(page.getByTestId("indicator-list").getByRole("link", { name })).toHaveCount(0);
});

/** Every list screen with an evaluation route, and one synced report (P09, menu 42). */
const SCREENS = [
  ...LIST_SCREENS.filter((s) => s.evaluation).map((s) => ({ title: s.title, path: s.path, menuSeq: Number(s.evaluation!.split("/")[2]) })),
  { title: "단계별 포트폴리오 양식", path: "/insert/ufolio/tmbs", menuSeq: SEED_MENUS.find((m) => m.menuUrl === "/insert/ufolio/tmbs")!.menuSeq },
];

SCREENS.forEach((s, index) => {
  test(`${s.title}: an indicator's card opens its evaluation mode with exactly the two ticked columns`, async ({ page }, testInfo) => {
    test.skip((index % 2 === 0) !== jsEnabled(testInfo), "the other project walks this screen");
    test.setTimeout(120_000);
    await signIn(page, testInfo, "admin");
    const eiSeq = await newIndicator(page, testInfo, `e2e ${s.title} ${uniqueId("x")}`);
    const ticked = await tick(page, testInfo, `/eval/indicator/83?ei=${eiSeq}&dialog=add&m=${s.menuSeq}`, 2);
    await expect(alert(page, "추가되었습니다.")).toBeVisible();
    await page.getByTestId("indicator-card").filter({ hasText: s.title }).getByRole("link", { name: "바로가기" }).click();
    await page.waitForURL((u) => u.pathname.startsWith(s.path));
    await ready(page, testInfo);
    expect(new URL(page.url()).pathname).toBe(`${s.path}/${eiSeq}/${s.menuSeq}/${YEAR}`);
    await expectHeaders(page, ticked);
    await expect(page.getByRole("button", { name: /^(수정|삭제|업로드|동기화)$/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^(수정|삭제|양식 다운로드)/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test("indicator: the evidence workbook has a cover sheet and one sheet per card in the ticked columns for the chosen year", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e근거 ${uniqueId("n")}`;
  const eiSeq = await newIndicator(page, testInfo, name);
  await tick(page, testInfo, `/eval/indicator/83?ei=${eiSeq}&dialog=add&m=11`, ["학번", "이름"]);
  await expect(alert(page, "추가되었습니다.")).toBeVisible();
  const tmbs = SEED_MENUS.find((m) => m.menuUrl === "/insert/ufolio/tmbs")!.menuSeq;
  await tick(page, testInfo, `/eval/indicator/83?ei=${eiSeq}&dialog=add&m=${tmbs}`, ["코드", "단계별 성취"]);
  await expect(alert(page, "추가되었습니다.")).toBeVisible();
  const link = page.getByRole("link", { name: "근거자료 내려받기" });
  await expect(link).toHaveAttribute("href", `/eval/indicator/83/evidence?ei=${eiSeq}`);

  // a row the evaluation page shows for the year
  await open(page, testInfo, `/insert/student/document/${eiSeq}/11/${YEAR}`);
  const first = page.getByTestId("eval-table").locator("tbody tr").first().getByRole("cell");
  const [id, student] = [((await first.nth(0).textContent()) ?? "").trim(), ((await first.nth(1).textContent()) ?? "").trim()];
  expect(id).toMatch(/^\d+$/);

  const res = await page.request.get(`/eval/indicator/83/evidence?ei=${eiSeq}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent(`${name}_근거자료.xlsx`));
  const wb = await loadSheet(await res.body());
  expect(wb.worksheets.map((w) => w.name)).toEqual(["표지", "학생 관리", "단계별 포트폴리오 양식"]);
  const rowsOf = (i: number) => wb.worksheets[i].getSheetValues().slice(1).map((r) => ((r as unknown[]) ?? []).slice(1).map((v) => (v === null || v === undefined ? "" : String(v))));
  const cover = rowsOf(0);
  expect(cover.slice(0, 5)).toEqual([
    ["항목", "내용", "최종 동기화"],
    ["평가지표", name],
    ["평가준거", `${name} 준거`],
    ["년도", `${YEAR}년`],
    ["학생 관리", "학번, 이름"],
  ]);
  expect(cover[5].slice(0, 2)).toEqual(["단계별 포트폴리오 양식", "코드, 단계별 성취"]);
  expect(cover[5][2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  const students = rowsOf(1);
  expect(students[0]).toEqual(["학번", "이름"]);
  expect(students.slice(1)).toContainEqual([id, student]);
  const phases = rowsOf(2);
  expect(phases[0]).toEqual(["코드", "단계별 성취"]);
  expect(phases.length).toBeGreaterThan(1);
});
