/**
 * E17 의과대학 공간 현황 (spec 002 §2 screen 17, §4, §5 "Space status"). The long walk, without
 * JavaScript (ADR 0087): the nine tabs as links with axe on each; a value saved on three tabs
 * (dormitory, small-group rooms, manager info) after the question '저장 하시겠습니까?' and seen after a
 * reload; refused values (above 999.99, a missing name, non-digits) with the exact message and every
 * typed value of the tab kept; the derived rules after the save (the dormitory total, an unchecked
 * equipment's count, 'none' resetting a list); the no-JavaScript 'add row'. The short walk, with
 * JavaScript: a dormitory value saved, seen after a reload and changed back, with the rules the
 * page's scripts apply as it is typed (the live total, digits only, an unticked equipment's count,
 * 'none' hiding the list). Then the Excel template read back and uploaded filled in, also after a
 * LibreOffice round trip; and the other tabs' rules (library, self-study, welfare and convenience
 * names, the systems' and labs' caps). Each test writes a year of its own: the long walk last
 * year's, the Excel test the year before, the short walk this year's.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn } from "./helpers";
import { loadSheet, throughLibreOffice, uploadExcel } from "./students";

const YEAR = new Date().getFullYear() - 1;
const PAGE = "/insert/resource/space";
const TABS = ["기본 교육시설", "의학도서관", "학생 소그룹실", "기숙사", "학생 자율학습 공간", "학생 복지·편의시설", "교육정보시스템", "학생 연구실", "담당자 정보"];

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();

async function openTab(page: Page, testInfo: TestInfo, tab: string, year = YEAR) {
  await page.goto(`${PAGE}?year=${year}&tab=${tab}`);
  await ready(page, testInfo);
}

/** The save and its question: a modal dialog with JavaScript, a step in the page without. */
async function saveTab(page: Page, testInfo: TestInfo) {
  await page.getByRole("button", { name: "저장", exact: true }).click();
  // an alertdialog either way (issue 36): a modal with JavaScript, a step in the page without
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("저장 하시겠습니까?");
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "확인" }).click();
}

async function savedTab(page: Page, testInfo: TestInfo) {
  await saveTab(page, testInfo);
  await expect(alert(page, "저장 되었습니다.")).toBeVisible();
  await ready(page, testInfo);
}

test("space status: nine tabs, saves on three tabs, refusals keep the tab's values, derived rules", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(300_000);
  const n = 2;
  await signIn(page, testInfo, "admin");

  await page.goto(PAGE);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "의과대학 공간 현황" })).toBeVisible();
  const years = await page.getByLabel("년도").locator("option").allTextContents();
  expect(years).toContain("2024년");
  expect(years).toContain(`${YEAR + 1}년`);
  expect(years).not.toContain("2023년");
  await expect(page.getByTestId("space-tabs").getByRole("link")).toHaveText(TABS);
  await expect(page.getByRole("link", { name: "기본 교육시설" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("space-equipment").locator("tbody tr")).toHaveCount(11);
  await expect(page.getByTestId("space-equipment")).toContainText("기관삽관 모형");
  await expect(page.getByTestId("space-equipment")).toContainText("항문직장 모형");
  await expectNoAxeViolations(page);
  // every tab is a link (URL state) and passes axe
  for (const label of TABS.slice(1)) {
    await page.getByRole("link", { name: label, exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${label}`) })).toBeVisible();
    await expect(page.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await ready(page, testInfo);
    await expectNoAxeViolations(page);
  }

  // 1. dormitory: the total is the sum (after the save; live with JavaScript: the short walk)
  await openTab(page, testInfo, "dorm");
  await expect(page.getByRole("radio", { name: "공용" })).toBeChecked();
  await field(page, "입사 남학생 수(명)").fill(`${100 + n}`);
  await field(page, "입사 여학생 수(명)").fill("90");
  // refused: above 999.99, every typed value kept
  await field(page, "1인실(천원/학기)").fill("1000");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "최대 입력가능한 값은 999입니다.")).toBeVisible();
  await expect(field(page, "1인실(천원/학기)")).toHaveValue("1000");
  await expect(field(page, "입사 남학생 수(명)")).toHaveValue(`${100 + n}`);
  await expect(field(page, "입사 여학생 수(명)")).toHaveValue("90");
  await expectNoAxeViolations(page);
  // non-digits: refused by the server (kept out while typing with JavaScript: the short walk)
  await field(page, "1인실(천원/학기)").fill("");
  await field(page, "2인실(천원/학기)").fill("");
  await field(page, "2인실(천원/학기)").pressSequentially("6a5");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "2인실(천원/학기)은(는) 숫자만 입력할 수 있습니다.")).toBeVisible();
  await expect(field(page, "입사 남학생 수(명)")).toHaveValue(`${100 + n}`);
  await field(page, "2인실(천원/학기)").fill("65");
  await savedTab(page, testInfo);
  await page.reload();
  await expect(field(page, "입사 남학생 수(명)")).toHaveValue(`${100 + n}`);
  await expect(field(page, "2인실(천원/학기)")).toHaveValue("65");
  await expect(page.getByTestId("dorm-total")).toHaveText(`${190 + n}`);

  // 2. small-group rooms: a missing kind refused with the rest kept; 'add row' keeps what was typed
  await openTab(page, testInfo, "sgroup");
  const kind = page.getByLabel("소그룹실 1 구분", { exact: true });
  await kind.fill("");
  await page.getByLabel("소그룹실 1 총 개수(실)", { exact: true }).fill(`${10 + n}`);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "구분을 모두 입력 해주세요.")).toBeVisible();
  await expect(page.getByLabel("소그룹실 1 총 개수(실)", { exact: true })).toHaveValue(`${10 + n}`);
  await expect(page.getByLabel("소그룹실 2 구분", { exact: true })).toHaveValue("세미나실");
  await kind.fill(`튜터실${n}`);
  await page.getByRole("button", { name: "학생 소그룹실 행 추가" }).click();
  await expect(page.getByLabel("소그룹실 3 구분", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("소그룹실 1 구분", { exact: true })).toHaveValue(`튜터실${n}`);
  await page.getByLabel("소그룹실 3 구분", { exact: true }).fill("세미나실 B");
  await page.getByLabel("소그룹실 3 총 개수(실)", { exact: true }).fill("2");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "실당 평균 수용인원(명)을 모두 입력 해주세요.")).toBeVisible();
  await expect(page.getByLabel("소그룹실 3 구분", { exact: true })).toHaveValue("세미나실 B");
  await page.getByLabel("소그룹실 3 실당 평균 수용인원(명)", { exact: true }).fill("12");
  await savedTab(page, testInfo);
  await page.reload();
  await expect(page.getByLabel("소그룹실 1 구분", { exact: true })).toHaveValue(`튜터실${n}`);
  await expect(page.getByLabel("소그룹실 3 실당 평균 수용인원(명)", { exact: true })).toHaveValue("12");
  // remove the added row again (the other project counts on three rows at most)
  await page.getByRole("button", { name: "학생 소그룹실 3행 삭제" }).click();
  await expect(page.getByLabel("소그룹실 3 구분", { exact: true })).toHaveCount(0);
  await savedTab(page, testInfo);

  // 3. manager info
  await openTab(page, testInfo, "mngr");
  await page.getByLabel("담당자 1 성명", { exact: true }).fill("");
  await page.getByLabel("담당자 1 부서", { exact: true }).fill(`시설팀${n}`);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "성명을 모두 입력 해주세요.")).toBeVisible();
  await expect(page.getByLabel("담당자 1 부서", { exact: true })).toHaveValue(`시설팀${n}`);
  await page.getByLabel("담당자 1 성명", { exact: true }).fill(`박담당${n}`);
  await savedTab(page, testInfo);
  await page.reload();
  await expect(page.getByLabel("담당자 1 성명", { exact: true })).toHaveValue(`박담당${n}`);

  // derived: an unchecked equipment's count is cleared; 'none' resets the student-only space list
  await openTab(page, testInfo, "fcl");
  const eqp = page.getByRole("checkbox", { name: "봉합 모형 보유" });
  const cnt = page.getByLabel("봉합 모형 보유 수량(개)", { exact: true });
  await eqp.check();
  await cnt.fill("7");
  await eqp.uncheck();
  // without JavaScript a count with its box unticked is refused, neither dropped
  // (screen-gaps.spec.ts), so the count is cleared by hand (with JavaScript unticking clears it:
  // the short walk)
  await cnt.fill("");
  await page.getByRole("radio", { name: "없음" }).nth(1).check();
  await savedTab(page, testInfo);
  await expect(page.getByLabel("봉합 모형 보유 수량(개)", { exact: true })).toHaveValue("");
  await expect(page.getByRole("radio", { name: "없음" }).nth(1)).toBeChecked();
  // choosing 'yes' again starts from one blank row (after the save, the list is empty)
  await expect(page.getByLabel("학생전용공간 1 위치(호실)명")).toHaveValue("");
  await page.getByRole("radio", { name: "있음" }).nth(1).check();
  await expect(page.getByLabel("학생전용공간 1 위치(호실)명")).toHaveValue("");
  await expect(page.getByLabel("학생전용공간 2 위치(호실)명")).toHaveCount(0);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alert(page, "교육병원 내 학생전용공간 > 위치(호실)명을 모두 입력 해주세요.")).toBeVisible();
  await page.getByLabel("학생전용공간 1 위치(호실)명").fill("본관 301호");
  await savedTab(page, testInfo);
  await expect(page.getByLabel("학생전용공간 1 위치(호실)명")).toHaveValue("본관 301호");
});

test("short walk (the long one runs without JavaScript): a dormitory value saved, seen after a reload and changed back; the rules applied as it is typed", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  // this year's data: the long walk saves last year's at the same time, the Excel test the year before
  const year = YEAR + 1;
  await signIn(page, testInfo, "admin");
  await openTab(page, testInfo, "dorm", year);
  await expectNoAxeViolations(page);
  const men = field(page, "입사 남학생 수(명)");
  const women = field(page, "입사 여학생 수(명)");
  const twin = field(page, "2인실(천원/학기)");
  const before = { men: await men.inputValue(), women: await women.inputValue(), twin: await twin.inputValue() };
  const next = before.men === "101" ? "102" : "101";
  await men.fill(next);
  await women.fill("90");
  // the total follows as it is typed, and non-digits are kept out
  await expect(page.getByTestId("dorm-total")).toHaveText(`${Number(next) + 90}`);
  await twin.fill("");
  await twin.pressSequentially("6a5");
  await expect(twin).toHaveValue("65");
  await savedTab(page, testInfo);
  await page.reload();
  await ready(page, testInfo);
  await expect(men).toHaveValue(next);
  await expect(women).toHaveValue("90");
  await expect(twin).toHaveValue("65");
  await expect(page.getByTestId("dorm-total")).toHaveText(`${Number(next) + 90}`);

  // changed back
  await men.fill(before.men);
  await women.fill(before.women);
  await twin.fill(before.twin);
  await savedTab(page, testInfo);
  await page.reload();
  await ready(page, testInfo);
  await expect(men).toHaveValue(before.men);
  await expect(women).toHaveValue(before.women);
  await expect(twin).toHaveValue(before.twin);

  // derived as it is typed (nothing saved): unticking an equipment clears its count; 'none' hides
  // the student-only space list
  await openTab(page, testInfo, "fcl", year);
  const eqp = page.getByRole("checkbox", { name: "봉합 모형 보유" });
  const cnt = page.getByLabel("봉합 모형 보유 수량(개)", { exact: true });
  await eqp.check();
  await cnt.fill("7");
  await eqp.uncheck();
  await expect(cnt).toHaveValue("");
  await page.getByRole("radio", { name: "있음" }).nth(1).check();
  await expect(page.getByLabel("학생전용공간 1 위치(호실)명")).toHaveCount(1);
  await page.getByRole("radio", { name: "없음" }).nth(1).check();
  await expect(page.getByLabel("학생전용공간 1 위치(호실)명")).toHaveCount(0);
});

test("space status: the Excel template read back, uploaded filled in and after a LibreOffice round trip", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  const n = 2;
  // a whole workbook writes every tab of its year: a year of its own, not the year the nine-tabs
  // test saves in (an upload between that test's save and its reload overwrote its values)
  const year = YEAR - 1;
  await signIn(page, testInfo, "admin");
  await openTab(page, testInfo, "dorm", year);
  await expect(page.getByRole("link", { name: "양식 다운로드" })).toHaveAttribute("href", `${PAGE}/excel?type=template&year=${year}`);
  const res = await page.request.get(`${PAGE}/excel?type=template&year=${year}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain(encodeURIComponent(`의과대학 공간 현황_${year}_양식.xlsx`));
  const wb = await loadSheet(await res.body());
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).values).toEqual([undefined, "구분", "항목", "키", "값"]);
  const rowOf = new Map<string, number>();
  ws.eachRow((row, i) => {
    if (i > 1) rowOf.set(String(row.getCell(3).value), i);
  });
  const cost3 = ws.getRow(rowOf.get("dorm:dormInfo.cost3")!);
  expect(cost3.getCell(1).value).toBe("기숙사");
  expect(cost3.getCell(2).value).toBe("3인실(천원/학기)");
  expect(ws.getRow(rowOf.get("fcl:fclEqpList[0].eqpCnt")!).getCell(2).value).toBe("보유 장비 기관삽관 모형 > 보유 수량(개)");
  cost3.getCell(4).value = 300 + n;

  await uploadExcel(page, "공간.xlsx", Buffer.from(await wb.xlsx.writeBuffer()));
  await expect(page.getByTestId("excel-result")).toContainText(`업로드 결과: 성공 ${rowOf.size}건, 실패 0건`);
  await expectNoAxeViolations(page);
  await openTab(page, testInfo, "dorm", year);
  await expect(field(page, "3인실(천원/학기)")).toHaveValue(`${300 + n}`);

  // the same sheet written by LibreOffice
  cost3.getCell(4).value = 400 + n;
  await uploadExcel(page, "공간-lo.xlsx", throughLibreOffice(Buffer.from(await wb.xlsx.writeBuffer()), "공간.xlsx"));
  await expect(page.getByTestId("excel-result")).toContainText(`실패 0건`);
  await openTab(page, testInfo, "dorm", year);
  await expect(field(page, "3인실(천원/학기)")).toHaveValue(`${400 + n}`);
});

test("space status: the other tabs' rules — library, self-study, welfare and convenience names required; the systems' and the labs' numbers capped", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(240_000);
  await signIn(page, testInfo, "admin");
  const save = () => page.getByRole("button", { name: "저장", exact: true }).click();

  // library: 'yes' with a nameless library
  await openTab(page, testInfo, "lbrr");
  const hasLibrary = page.locator('input[name="mdclLbrrInfo.lbrrYn"][value="Y"]');
  await hasLibrary.check();
  const library = page.locator('input[name="lbrrList[0].lbrrNm"]');
  if (await library.count()) await library.fill("");
  await save();
  await expect(alert(page, "의학도서관 명을 모두 입력 해주세요.")).toBeVisible();
  await expect(hasLibrary).toBeChecked();
  await expectNoAxeViolations(page);

  // self-study space: a nameless row, its count kept
  await openTab(page, testInfo, "selfs");
  await page.locator('input[name="ssYn"][value="Y"]').check();
  const ssName = page.locator('input[name="list[0].ssNm"]');
  if (await ssName.count()) {
    await ssName.fill("");
    await page.locator('input[name="list[0].ssCnt"]').fill("3");
  }
  await save();
  await expect(alert(page, "자율학습 공간 명칭을 모두 입력 해주세요.")).toBeVisible();
  if (await ssName.count()) await expect(page.locator('input[name="list[0].ssCnt"]')).toHaveValue("3");

  // welfare and convenience facilities: each kind's own message
  for (const [kind, message] of [
    ["학생 복지시설", "학생 복지시설 명을 모두 입력 해주세요."],
    ["학생 편의시설", "학생 편의시설 명을 모두 입력 해주세요."],
  ]) {
    await openTab(page, testInfo, "wlcnv");
    // the row's first field is its name (its count follows)
    const name = page.getByRole("textbox", { name: new RegExp(`^${kind} 1 `) }).first();
    await name.fill("");
    await save();
    await expect(alert(page, message)).toBeVisible();
    await expect(page.getByRole("textbox", { name: new RegExp(`^${kind} 1 `) }).first()).toHaveValue("");
  }

  // education information systems: the user count above 999.99 refused and kept
  await openTab(page, testInfo, "edu");
  const maxUser = page.locator('input[name="evalList[0].maxUser"]');
  await maxUser.fill("1000");
  await save();
  await expect(alert(page, "최대 입력가능한 값은 999입니다.")).toBeVisible();
  await expect(maxUser).toHaveValue("1000");
  await expectNoAxeViolations(page);

  // student research labs: the count capped as well
  await openTab(page, testInfo, "lab");
  await page.locator('input[name="labInfo.labYn"][value="Y"]').check();
  const labCnt = page.locator('input[name="labInfo.labCnt"]');
  await labCnt.fill("1000");
  await save();
  await expect(alert(page, "최대 입력가능한 값은 999입니다.")).toBeVisible();
  await expect(labCnt).toHaveValue("1000");
});
