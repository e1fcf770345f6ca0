/**
 * R08 committees (spec 001 §2 "Committees", §5 "Committee and term", §8). Each form's long walk
 * runs in one project (the committee's with JavaScript, the detail's terms and members without) and
 * a short walk of the same form (add, reload, edit, delete) in the other (ADR 0087). The list; adding a committee with every message of spec 001 §5 in its order, the values kept
 * after each refused save; the link to its detail; edit; delete; the name search with no hit; the
 * list's Excel download; evaluation mode; axe on each page and dialog state. The committee's name
 * carries a unique text.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { deletesAfterConfirm, evaluationModeIsReadOnly, expectNoAxeViolations, field, jsEnabled, longWalkIn, ready, shortWalkIn, signIn, uniqueId } from "./helpers";
import { loadSheet, uploadExcel } from "./students";

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
  longWalkIn(testInfo, "js");
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
  await deletesAfterConfirm(page, testInfo, listRow(page, name).getByRole("link", { name: /^삭제: / }));
  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toHaveCount(0);
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();

  // evaluation mode: the server's columns, read-only
  await evaluationModeIsReadOnly(page, testInfo, { path: LIST, evaluation: "/1/25", year: YEAR, columns: ["설립연도", "위원회명", "운영상태", "기수"], keyName: "cmtSeq" });
});

test("short walk (the long one runs with JavaScript): a committee is added, reloaded, edited and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e위원회 ${uniqueId("s")}`;

  await openList(page, testInfo, "dialog=add");
  await expect(page.getByRole("heading", { name: "위원회 등록" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator("#committee-form-year").selectOption("2005");
  await field(page, "위원회명").fill(name);
  await page.locator("#committee-form-oprStt").selectOption("Y");
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toHaveCount(1);
  await expect(listRow(page, name)).toContainText("2005");
  await expect(listRow(page, name)).toContainText("운영");

  await listRow(page, name).getByRole("link", { name: /^수정: / }).click();
  await expect(page.getByRole("heading", { name: "위원회 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.locator("#committee-form-year")).toHaveValue("2005");
  await expect(page.locator("#committee-form-oprStt")).toHaveValue("Y");
  await expect(field(page, "위원회명")).toHaveValue(name);
  await page.locator("#committee-form-oprStt").selectOption("N");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toContainText("미운영");

  await deletesAfterConfirm(page, testInfo, listRow(page, name).getByRole("link", { name: /^삭제: / }));
  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  await expect(listRow(page, name)).toHaveCount(0);
});

const DETAIL = "/insert/commission/CommissionDetail";
const card = (page: Page, name: string) => page.getByTestId("term-card").filter({ has: page.getByRole("link", { name, exact: true }) });
const memberRows = (page: Page) => page.getByTestId("member-row-saved");

/** A committee of the test's own (the list's save posted as the dialog posts it) and its detail's path. */
async function ownCommittee(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  await openList(page, testInfo);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const made = await page.request.post(LIST, { form: { _csrf: csrf, intent: "save", cmtSeq: "", year: "2010", cmtNm: name, oprStt: "Y" } });
  expect(made.ok()).toBe(true);
  await openList(page, testInfo, `value=${encodeURIComponent(name)}`);
  const href = await listRow(page, name).getByRole("link", { name, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/insert\/commission\/CommissionDetail\/\d+$/);
  return href!;
}

test("committee detail: terms (toggle, add with the period's rule, edit, copy, delete), members (search one/several/none, add, delete, Excel sample, upload and download)", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(300_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e상세 ${uniqueId(jsEnabled(testInfo) ? "j" : "n")}`;
  const path = await ownCommittee(page, testInfo, name);

  // from the list to the detail
  await listRow(page, name).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("설립연도 2010년 · 운영상태 운영")).toBeVisible();

  // three terms posted as the dialog posts them, then a fourth through the dialog
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const cmtSeq = path.split("/").at(-1)!;
  for (const [i, y] of [2021, 2022, 2023].entries()) {
    const r = await page.request.post(path, { form: { _csrf: csrf, intent: "save", cmtSeq, ctSeq: "", ctNm: `${i + 1}기`, operStdt: `${y}-03-01`, operEndt: `${y + 1}-02-28`, operStdtWas: "", operEndtWas: "" } });
    expect(r.ok()).toBe(true);
  }
  await page.goto(path);
  await ready(page, testInfo);
  await expect(page.getByTestId("term-card")).toHaveCount(3);
  await expect(page.getByTestId("term-toggle")).toHaveCount(0);

  await page.getByRole("link", { name: "기수 등록" }).click();
  await expect(page).toHaveURL(/dialog=term-add/);
  await expect(page.getByRole("heading", { name: "기수 등록" })).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  await save(page);
  await expect(alert(page, "기수명을 입력하세요.")).toBeVisible();
  await field(page, "기수명").fill("4기");
  await field(page, "운영시작일").fill("2026-03-01");
  await field(page, "운영종료일").fill("2026-02-01");
  await save(page);
  // spec 001 §4: the changed field (here the end, set last) is cleared, the rest kept
  await expect(alert(page, "운영기간을 확인하세요.")).toBeVisible();
  await expect(field(page, "운영종료일")).toHaveValue("");
  await expect(field(page, "운영시작일")).toHaveValue("2026-03-01");
  await expect(field(page, "기수명")).toHaveValue("4기");
  await expectNoAxeViolations(page);
  await field(page, "운영종료일").fill("2027-02-28");
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  // the newest three as cards; 'show more' sends all Y, 'close' all N
  await expect(page.getByTestId("term-card")).toHaveCount(3);
  await expect(page.getByTestId("term-card").first()).toContainText("운영기간 2026-03-01 ~ 2027-02-28");
  await page.getByTestId("term-toggle").click();
  await expect(page).toHaveURL(/all=Y/);
  await expect(page.getByTestId("term-card")).toHaveCount(4);
  await expect(page.getByTestId("term-toggle")).toHaveText("닫기");
  await page.getByTestId("term-toggle").click();
  await expect(page).toHaveURL(/all=N/);
  await expect(page.getByTestId("term-card")).toHaveCount(3);
  await expectNoAxeViolations(page);

  // edit the start of '3기' after its end: the start (changed) is cleared, the end kept
  await card(page, "3기").getByRole("link", { name: "수정: 3기" }).click();
  await expect(page.getByRole("heading", { name: "기수 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "운영시작일")).toHaveValue("2023-03-01");
  await field(page, "운영시작일").fill("2025-01-01");
  await save(page, "수정");
  await expect(alert(page, "운영기간을 확인하세요.")).toBeVisible();
  await expect(field(page, "운영시작일")).toHaveValue("");
  await expect(field(page, "운영종료일")).toHaveValue("2024-02-28");
  await field(page, "기수명").fill("3기 수정");
  await field(page, "운영시작일").fill("2023-04-01");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await expect(card(page, "3기 수정")).toContainText("운영기간 2023-04-01 ~ 2024-02-28");

  // members of the selected term ('4기', the newest): several hits open the picker
  await card(page, "4기").getByRole("link", { name: "4기", exact: true }).click();
  await expect(page.getByRole("heading", { name: "4기 명단 (0명)" })).toBeVisible();
  await page.getByRole("link", { name: "명단 등록" }).click();
  await expect(page.getByRole("heading", { name: "명단 등록: 4기" })).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  // nothing resolved: '등록할 명단을 확인하세요'; the last row cannot go
  await save(page);
  await expect(alert(page, "등록할 명단을 확인하세요")).toBeVisible();
  await page.getByRole("button", { name: "행 삭제: 이름 또는 사번 1" }).click();
  await expect(alert(page, "한명의 명단은 등록되어야합니다.")).toBeVisible();
  await page.getByLabel("이름 또는 사번 1", { exact: true }).fill("김");
  await page.getByRole("button", { name: "검색: 이름 또는 사번 1" }).click();
  await expect(page.getByRole("heading", { name: "명단 검색 결과" })).toBeVisible();
  await ready(page, testInfo);
  const hits = page.getByTestId("member-picker-list").getByRole("radio");
  expect(await hits.count()).toBeGreaterThan(1);
  await expectNoAxeViolations(page);
  const labelOf = async (i: number) => (await page.getByTestId("member-picker-list").locator("label").nth(i).textContent()) ?? "";
  const first = await labelOf(0);
  // another hit with a demo employee number (seven digits): other files add people named 김 with
  // longer numbers, in any order
  const labels = await page.getByTestId("member-picker-list").locator("label").allTextContents();
  const second = labels.slice(1).find((label) => /\(\d{7}\b/.test(label)) ?? "";
  const secondId = /\((\d+)/.exec(second)?.[1] ?? "";
  expect(secondId).toMatch(/^\d{7}$/);
  await page.getByRole("button", { name: "선택", exact: true }).click();
  await expect(page.getByTestId("member-row-person").first()).toHaveText(first);
  // none: '검색 결과가 없습니다.', the first row kept
  await page.getByRole("button", { name: "명단 추가" }).click();
  await page.getByLabel("이름 또는 사번 2", { exact: true }).fill("없는사람이름");
  await page.getByRole("button", { name: "검색: 이름 또는 사번 2" }).click();
  await expect(alert(page, "검색 결과가 없습니다.")).toBeVisible();
  await expect(page.getByTestId("member-row-person").first()).toHaveText(first);
  // one (an employee number): the row is filled at once
  await page.getByLabel("이름 또는 사번 2", { exact: true }).fill(secondId);
  await page.getByRole("button", { name: "검색: 이름 또는 사번 2" }).click();
  await expect(page.getByTestId("member-row-person").nth(1)).toHaveText(second);
  // the same person twice: '중복된 명단이 존재합니다.'
  await page.getByRole("button", { name: "명단 추가" }).click();
  await page.getByLabel("이름 또는 사번 3", { exact: true }).fill(secondId);
  await page.getByRole("button", { name: "검색: 이름 또는 사번 3" }).click();
  await expect(page.getByTestId("member-row-person").nth(2)).toHaveText(second);
  await save(page);
  await expect(alert(page, "중복된 명단이 존재합니다.")).toBeVisible();
  await page.getByRole("button", { name: "행 삭제: 이름 또는 사번 3" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "4기 명단 (2명)" })).toBeVisible();
  await expect(memberRows(page)).toHaveCount(2);
  await expect(page.getByRole("region", { name: /^4기 명단 표/ })).toBeVisible();

  // copy '4기' (its members too), after its question
  await card(page, "4기").getByRole("link", { name: "복사: 4기" }).click();
  await expect(page).toHaveURL(/dialog=term-copy/);
  await ready(page, testInfo);
  await expect(page.getByText("기수를 복사하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "복사", exact: true }).click();
  await expect(alert(page, "복사 되었습니다.")).toBeVisible();
  await page.goto(`${path}?all=Y`);
  await ready(page, testInfo);
  await expect(page.getByTestId("term-card")).toHaveCount(5);
  await expect(card(page, "4기 (복사)")).toContainText("명단 2명");

  // delete a member, after '정말 삭제하시겠습니까?'
  await card(page, "4기").getByRole("link", { name: "4기", exact: true }).click();
  const gone = (first.split(" (")[0] ?? "").trim();
  await memberRows(page).filter({ hasText: gone }).first().getByRole("link", { name: /^삭제: / }).click();
  await expect(page).toHaveURL(/dialog=member-delete/);
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제하였습니다.")).toBeVisible();
  await expect(memberRows(page)).toHaveCount(1);

  // member Excel: the sample filled in with the deleted member's number, uploaded; the download has both
  const firstId = /\((\d+)/.exec(first)?.[1] ?? "";
  const sampleHref = await page.getByRole("link", { name: "양식 다운로드" }).getAttribute("href");
  const sample = await loadSheet(await (await page.request.get(sampleHref!)).body());
  const ss = sample.worksheets[0];
  expect((ss.getRow(1).values as unknown[]).slice(1)).toEqual(["사번", "이름"]);
  ss.getRow(2).getCell(1).value = firstId;
  ss.getRow(2).getCell(2).value = gone;
  await uploadExcel(page, "명단.xlsx", Buffer.from(await sample.xlsx.writeBuffer()));
  await expect(page.getByTestId("excel-result")).toContainText("업로드 결과: 성공 1건, 실패 0건");
  await page.goto(`${path}?all=Y`);
  await ready(page, testInfo);
  await card(page, "4기").getByRole("link", { name: "4기", exact: true }).click();
  await expect(memberRows(page)).toHaveCount(2);
  await expect(memberRows(page).filter({ hasText: firstId })).toHaveCount(1);
  const downloadHref = await page.getByRole("link", { name: "엑셀 다운로드" }).getAttribute("href");
  const xlsx = await page.request.get(downloadHref!);
  expect(xlsx.status()).toBe(200);
  const ms = (await loadSheet(await xlsx.body())).worksheets[0];
  expect((ms.getRow(1).values as unknown[]).slice(1)).toEqual(["사번", "이름", "직위", "소속", "활동"]);
  expect([String(ms.getRow(2).getCell(1).value), String(ms.getRow(3).getCell(1).value)].sort()).toEqual([firstId, secondId].sort());
  expect(ms.rowCount).toBe(3);

  // delete the copy
  await card(page, "4기 (복사)").getByRole("link", { name: "삭제: 4기 (복사)" }).click();
  await expect(page).toHaveURL(/dialog=term-delete/);
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제하였습니다.")).toBeVisible();
  await expect(page.getByTestId("term-card")).toHaveCount(4);

  // the demo data: a seeded committee's detail shows a term's members (read only)
  await openList(page, testInfo, `value=${encodeURIComponent("교육평가위원회")}`);
  await listRow(page, "교육평가위원회").getByRole("link", { name: "교육평가위원회", exact: true }).click();
  await ready(page, testInfo);
  const seeded = page.getByTestId("term-card").filter({ hasText: /명단 [1-9]/ }).first();
  await seeded.getByRole("link").first().click();
  await expect(page).toHaveURL(/term=\d+/);
  expect(await memberRows(page).count()).toBeGreaterThan(0);

  // an unknown committee: a clear message, not a crash
  await page.goto(`${DETAIL}/99999999`);
  await ready(page, testInfo);
  await expect(alert(page, "해당 위원회가 없습니다.")).toBeVisible();
});

test("short walk (the long one runs without JavaScript): a committee's term is added, reloaded, edited and deleted, a member added and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const name = `e2e상세 ${uniqueId("s")}`;
  const path = await ownCommittee(page, testInfo, name);

  await page.goto(`${path}?dialog=term-add`);
  await expect(page.getByRole("heading", { name: "기수 등록" })).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  await field(page, "기수명").fill("1기");
  await field(page, "운영시작일").fill("2024-03-01");
  await field(page, "운영종료일").fill("2025-02-28");
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();

  await page.goto(path);
  await ready(page, testInfo);
  await expect(page.getByTestId("term-card")).toHaveCount(1);
  await expect(card(page, "1기")).toContainText("운영기간 2024-03-01 ~ 2025-02-28");

  await card(page, "1기").getByRole("link", { name: "수정: 1기" }).click();
  await expect(page.getByRole("heading", { name: "기수 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "기수명")).toHaveValue("1기");
  await expect(field(page, "운영시작일")).toHaveValue("2024-03-01");
  await expect(field(page, "운영종료일")).toHaveValue("2025-02-28");
  await field(page, "기수명").fill("1기 수정");
  await save(page, "수정");
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  await page.goto(path);
  await ready(page, testInfo);
  await expect(card(page, "1기 수정")).toContainText("운영기간 2024-03-01 ~ 2025-02-28");

  // a member: several hits, the first chosen, saved; then deleted
  await card(page, "1기 수정").getByRole("link", { name: "1기 수정", exact: true }).click();
  await expect(page.getByRole("heading", { name: "1기 수정 명단 (0명)" })).toBeVisible();
  await page.getByRole("link", { name: "명단 등록" }).click();
  await expect(page.getByRole("heading", { name: "명단 등록: 1기 수정" })).toBeVisible();
  await ready(page, testInfo);
  await page.getByLabel("이름 또는 사번 1", { exact: true }).fill("김");
  await page.getByRole("button", { name: "검색: 이름 또는 사번 1" }).click();
  await expect(page.getByRole("heading", { name: "명단 검색 결과" })).toBeVisible();
  const first = (await page.getByTestId("member-picker-list").locator("label").first().textContent()) ?? "";
  await page.getByRole("button", { name: "선택", exact: true }).click();
  await expect(page.getByTestId("member-row-person").first()).toHaveText(first);
  await save(page);
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "1기 수정 명단 (1명)" })).toBeVisible();
  await expect(memberRows(page)).toHaveCount(1);
  await memberRows(page).first().getByRole("link", { name: /^삭제: / }).click();
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제하였습니다.")).toBeVisible();
  await expect(memberRows(page)).toHaveCount(0);

  await card(page, "1기 수정").getByRole("link", { name: "삭제: 1기 수정" }).click();
  await expect(page).toHaveURL(/dialog=term-delete/);
  await ready(page, testInfo);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(alert(page, "삭제하였습니다.")).toBeVisible();
  await page.goto(path);
  await ready(page, testInfo);
  await expect(page.getByTestId("term-card")).toHaveCount(0);
});
