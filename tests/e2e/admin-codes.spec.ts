/**
 * P17 공통코드 관리 (spec 000 §2, §4 code usage, §5 "Code", §8; issue 16; ADR 0040), with axe: the long
 * walk without JavaScript (ADR 0087): a category registered ('코드 분류를 입력하세요.'), rows added
 * ('행 추가' keeps the input) and edited ('코드명을 입력해주세요.' over the whole list, '저장 되었습니다.'),
 * usage N asked first (cancel puts Y back, a new row keeps N; confirm saves), the history showing the
 * change; the short walk with JavaScript (a code added, reloaded, renamed and set to N); the
 * load from another year ('불러올 년도를 선택해주세요.', '복사 되었습니다.', and why nothing was loaded), a
 * forged third level refused, the category's usage (N asked first), a code added to the
 * seminar categories appearing in the seminar dialog, and a user who is not an administrator refused.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn, uniqueId } from "./helpers";

const PATH = "/management/code";
const FORM = "/management/code/registration";
const YEAR = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));

async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url);
  await ready(page, testInfo);
}

/** The message of the page's '알림' region that says something (under its title). */
const alertRegion = (page: Page) => page.getByTestId("alert-region").filter({ hasText: /\S/ }).first().locator("p").nth(1);
const label = (page: Page, n: number) => page.getByLabel(`코드명 ${n}행`, { exact: true });
const usage = (page: Page, n: number) => page.getByLabel(`사용여부 ${n}행`, { exact: true });
const rows = (page: Page) => page.getByTestId("code-row");
const press = async (page: Page, testInfo: TestInfo, name: string) => {
  await page.getByRole("button", { name, exact: true }).click();
  await page.waitForLoadState("load");
  await ready(page, testInfo);
};

/** Registers a category and answers the page's URL (the category's register/edit page). */
async function newCategory(page: Page, testInfo: TestInfo, name: string) {
  await open(page, testInfo, FORM);
  await page.getByLabel("코드 분류명").fill(name);
  await press(page, testInfo, "등록");
  await expect(alertRegion(page)).toHaveText("등록 성공하였습니다.");
  await expect(page.getByRole("heading", { name: "공통코드 수정" })).toBeVisible();
  return page.url();
}

test("a category, its rows added and edited, usage N asked first, and the history", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, PATH);
  await expect(page.getByTestId("code-row").filter({ hasText: "세미나 구분" })).toBeVisible();
  await expectNoAxeViolations(page);

  await open(page, testInfo, FORM);
  await press(page, testInfo, "등록");
  await expect(page.getByText("코드 분류를 입력하세요.")).toBeVisible();
  const name = uniqueId("분류");
  await newCategory(page, testInfo, name);
  await expect(page.getByTestId("code-period")).toHaveText(`적용기간 ${YEAR}-01-01 ~ ${YEAR}-12-31`);
  await expect(rows(page)).toHaveCount(3);
  await expectNoAxeViolations(page);

  // rows added: what was typed stays
  await label(page, 1).fill("가");
  await label(page, 2).fill("나");
  await press(page, testInfo, "행 추가");
  await expect(rows(page)).toHaveCount(6);
  await expect(label(page, 1)).toHaveValue("가");
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");
  await expect(rows(page)).toHaveCount(5);

  // a blank label anywhere in the list refuses the save, the rest kept
  await label(page, 1).fill("");
  await label(page, 3).fill("나-1");
  await page.getByLabel("상위 코드 3행").selectOption({ label: "나" });
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("코드명을 입력해주세요.");
  await expect(label(page, 3)).toHaveValue("나-1");
  await label(page, 1).fill("가(수정)");
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");
  await expect(rows(page).nth(2)).toContainText("└ 나");
  await expect(label(page, 3)).toHaveValue("나-1");

  // usage N asks first; cancel puts Y back on the saved row, a new row keeps its N
  await usage(page, 1).selectOption("N");
  await label(page, 4).fill("라");
  await usage(page, 4).selectOption("N");
  await press(page, testInfo, "저장");
  // the question is the shared ConfirmQuestion: an alertdialog with and without JavaScript (ADR 0059)
  await expect(page.getByRole("alertdialog", { name: "알림 저장 확인" })).toContainText("시스템 전체에 적용됩니다");
  await expectNoAxeViolations(page);
  await press(page, testInfo, "취소");
  await expect(usage(page, 1)).toHaveValue("Y");
  await expect(usage(page, 4)).toHaveValue("N");
  await expect(label(page, 4)).toHaveValue("라");
  await usage(page, 1).selectOption("N");
  await press(page, testInfo, "저장");
  await press(page, testInfo, "확인");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");
  await expect(usage(page, 1)).toHaveValue("N");
  await expect(label(page, 4)).toHaveValue("라");

  // the history shows the changes
  const history = page.getByTestId("history-row");
  await expect(history.filter({ hasText: "가(수정)" }).filter({ hasText: /^.*가.*가\(수정\)/ }).first()).toBeVisible();
  const offRow = history.filter({ has: page.getByRole("cell", { name: "가(수정)", exact: true }) }).filter({ has: page.getByRole("cell", { name: "N", exact: true }) });
  await expect(offRow.first()).toBeVisible();
  await expect(history.filter({ has: page.getByRole("cell", { name: "라", exact: true }) })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // the list finds it
  await open(page, testInfo, `${PATH}?value=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("code-row")).toHaveCount(1);
  // this year's codes: 가(수정), 나, 나-1, 라
  await expect(page.getByTestId("code-count")).toHaveText("4");
});

test("short walk (the long one runs without JavaScript): a code is added, reloaded, renamed and set to N after the question", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  // with JavaScript a save is a fetch: press() does not wait for it, the user waits for the
  // message (and a loaded machine may take more than the default expect timeout to answer)
  const answered = (text: string) => expect(alertRegion(page)).toHaveText(text, { timeout: 30_000 });
  await signIn(page, testInfo, "admin");
  const name = uniqueId("분류");
  const url = await newCategory(page, testInfo, name);
  await expectNoAxeViolations(page);
  await label(page, 1).fill("가");
  await press(page, testInfo, "저장");
  await answered("저장 되었습니다.");
  await open(page, testInfo, url);
  await expect(label(page, 1)).toHaveValue("가");
  await expect(usage(page, 1)).toHaveValue("Y");

  // renamed
  await label(page, 1).fill("가(수정)");
  await press(page, testInfo, "저장");
  await answered("저장 되었습니다.");
  await open(page, testInfo, url);
  await expect(label(page, 1)).toHaveValue("가(수정)");

  // a code is not deleted but set to N, after the question
  await usage(page, 1).selectOption("N");
  await press(page, testInfo, "저장");
  await expect(page.getByRole("alertdialog", { name: "알림 저장 확인" })).toContainText("시스템 전체에 적용됩니다");
  await press(page, testInfo, "확인");
  await answered("저장 되었습니다.");
  await open(page, testInfo, url);
  await expect(usage(page, 1)).toHaveValue("N");
  await expect(label(page, 1)).toHaveValue("가(수정)");
});

test("codes load from another year", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const url = new URL(await newCategory(page, testInfo, uniqueId("분류")));
  const cmmnCd = url.searchParams.get("cmmnCd")!;
  await open(page, testInfo, `${FORM}?cmmnCd=${cmmnCd}&year=${YEAR - 1}`);
  await label(page, 1).fill("작년 코드");
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");

  await page.getByLabel("년도", { exact: true }).selectOption(String(YEAR));
  await press(page, testInfo, "조회");
  await expect(page.getByTestId("code-period")).toHaveText(`적용기간 ${YEAR}-01-01 ~ ${YEAR}-12-31`);
  await expect(label(page, 1)).toHaveValue("");
  await press(page, testInfo, "다른 년도에서 불러오기");
  await expect(page.getByText("불러올 년도를 선택해주세요.")).toBeVisible();
  await page.getByLabel("불러올 년도").selectOption(String(YEAR - 1));
  await press(page, testInfo, "다른 년도에서 불러오기");
  await expect(alertRegion(page)).toHaveText("복사 되었습니다.");
  await expect(label(page, 1)).toHaveValue("작년 코드");
  await expect(page.getByTestId("history-row").filter({ hasText: "작년 코드" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // again: nothing new to load, and the page says why instead of '복사 되었습니다.' (issue 35 §7)
  await page.getByLabel("불러올 년도").selectOption(String(YEAR - 1));
  await press(page, testInfo, "다른 년도에서 불러오기");
  await expect(page.getByText(`${YEAR}년에 ${YEAR - 1}년의 코드가 이미 모두 있어 바뀐 것이 없습니다. 이미 있는 코드는 덮어쓰지 않으니, 코드명과 사용여부는 아래 목록에서 고쳐주세요.`)).toBeVisible();
  await expect(page.getByLabel("불러올 년도")).toHaveValue(String(YEAR - 1));
  await expectNoAxeViolations(page);
  // from a year without codes
  await page.getByLabel("불러올 년도").selectOption(String(YEAR + 1));
  await press(page, testInfo, "다른 년도에서 불러오기");
  await expect(page.getByText(`${YEAR + 1}년에 등록된 코드가 없어 불러온 코드가 없습니다.`)).toBeVisible();
  await open(page, testInfo, `${FORM}?cmmnCd=${cmmnCd}&year=${YEAR}`);
  await expect(rows(page).filter({ has: page.locator('input[value="작년 코드"]') })).toHaveCount(1);
});

test("a new code under a level-2 code (a forged third level) is refused, not saved as level 1", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const url = new URL(await newCategory(page, testInfo, uniqueId("분류")));
  const cmmnCd = url.searchParams.get("cmmnCd")!;
  await open(page, testInfo, `${FORM}?cmmnCd=${cmmnCd}&year=${YEAR}`);
  await label(page, 1).fill("부모");
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");
  await label(page, 2).fill("자식");
  await page.getByLabel("상위 코드 2행").selectOption({ label: "부모" });
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");
  await expect(rows(page).nth(1)).toContainText("└ 부모");
  const childId = (await rows(page).nth(1).locator("td").first().textContent())!.trim();
  expect(childId).toMatch(/^\d{10}$/);

  // the page offers level-1 parents only; a post naming the level-2 code as a parent is forged
  await expect(page.getByLabel("상위 코드 3행").locator("option")).toHaveText(["(없음: 1단계)", "부모"]);
  await label(page, 3).fill("손자");
  await page.getByLabel("상위 코드 3행").evaluate((el: HTMLSelectElement, id: string) => {
    el.append(new Option("forged", id));
    el.value = id;
  }, childId);
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("코드는 2단계까지만 등록할 수 있습니다. 상위 코드는 1단계 코드 중에서 선택해주세요.");
  await expect(label(page, 3)).toHaveValue("손자");
  await expectNoAxeViolations(page);
  // nothing saved: after a reload the tree has its two codes
  await open(page, testInfo, `${FORM}?cmmnCd=${cmmnCd}&year=${YEAR}`);
  await expect(rows(page).filter({ has: page.locator('input[value="손자"]') })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(5);
});

test("a category's usage is set on its page; N asks first and is there after a reload", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  const name = uniqueId("분류");
  const url = await newCategory(page, testInfo, name);
  await expect(page.getByLabel("사용여부", { exact: true })).toHaveValue("Y");
  await page.getByLabel("사용여부", { exact: true }).selectOption("N");
  await press(page, testInfo, "분류 저장");
  const question = page.getByRole("alertdialog", { name: "알림 분류 저장 확인" });
  await expect(question).toContainText("코드 분류의 사용여부를 N으로 바꾸면 이 분류의 모든 코드가 시스템 전체에서 선택할 수 없게 됩니다. 저장하시겠습니까?");
  await expect(page.getByLabel("사용여부", { exact: true })).toHaveValue("N");
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "확인" }).click();
  await page.waitForLoadState("load");
  await ready(page, testInfo);
  await expect(alertRegion(page)).toHaveText("수정되었습니다.");
  await open(page, testInfo, url);
  await expect(page.getByLabel("사용여부", { exact: true })).toHaveValue("N");
  await open(page, testInfo, `${PATH}?value=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("code-row").filter({ hasText: name })).toContainText("미사용");
  // back to Y: no question
  await open(page, testInfo, url);
  await page.getByLabel("사용여부", { exact: true }).selectOption("Y");
  await press(page, testInfo, "분류 저장");
  await expect(alertRegion(page)).toHaveText("수정되었습니다.");
  await expect(page.getByLabel("사용여부", { exact: true })).toHaveValue("Y");
});

test("a code added to the seminar categories is a choice of the seminar dialog", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await open(page, testInfo, `${FORM}?cmmnCd=0001800000&year=${YEAR}`);
  const name = `세미나${Date.now().toString(36)}`;
  // a new row is the one whose code cell says '신규' (a saved row shows its code there)
  const first = rows(page).filter({ has: page.getByRole("cell", { name: "신규", exact: true }) }).first().locator('input[name$=".label"]');
  await first.fill(name);
  await press(page, testInfo, "저장");
  await expect(alertRegion(page)).toHaveText("저장 되었습니다.");

  await open(page, testInfo, "/insert/professor/seminar?dialog=add");
  await expect(page.locator("#seminar-form-smSe option", { hasText: name })).toHaveCount(1);
});

test("a user who is not an administrator is refused the code screens", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "entry01");
  for (const url of [PATH, `${FORM}?cmmnCd=0001800000`]) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(alertRegion(page)).toHaveText("해당 메뉴는 접근할 수 없습니다.");
  }
});
