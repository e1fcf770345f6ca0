/**
 * Keyboard and screen-reader checks axe cannot make (issue 36 items 1, 3, 7, 9, 14), JavaScript on
 * and off: the folded side menu is out of the Tab order; closing a dialog (Escape, ✕, 닫기, 취소, a
 * save, a confirmed delete) gives the focus back to what opened it; the password toggle is a
 * keyboard button saying its state; confirm questions are alertdialogs starting on 취소; focus
 * rings, the initial aria-sort, and a page change in the browser moving the focus to the h1.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, ready, signIn, uniqueId } from "./helpers";

const LIST = "/insert/commission/CommissionList";

/** Where the focus is: inside `selector` or not. */
const focusIn = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/** Presses Tab `times` times and answers, for each step, whether the focus was inside `selector` and inside #main. */
async function tabWalk(page: Page, times: number, selector: string) {
  const steps: { inside: boolean; main: boolean }[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press("Tab");
    steps.push({ inside: await focusIn(page, selector), main: await focusIn(page, "#main") });
  }
  return steps;
}

/** Follows a focused link with Enter and waits for the page (or the in-page navigation) it leads to. */
async function enter(page: Page, testInfo: TestInfo, link: Locator, url: RegExp) {
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(url);
  await ready(page, testInfo);
  // with JavaScript, a dialog is there for the keyboard once it is modal (the URL changes a moment
  // before the page shows it): a user presses Escape at a dialog they see
  if (jsEnabled(testInfo) && url.source.includes("dialog")) await page.locator("dialog[data-modal]").waitFor();
}

test("the folded side menu below 1200 px is out of the Tab order until it is opened", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, testInfo, "admin");
  await page.goto("/dashboard");
  await ready(page, testInfo);
  const menu = page.locator("#side-menu");
  await expect(menu.getByRole("link").first()).toBeHidden();
  // the accessibility tree has no menu either
  await expect(page.getByRole("navigation", { name: "주 메뉴" })).toHaveCount(0);

  await page.getByRole("link", { name: "메뉴 열기" }).focus();
  const closed = await tabWalk(page, 8, "#side-menu");
  expect(closed.some((s) => s.inside), "a folded menu's link took the focus").toBe(false);
  expect(closed.some((s) => s.main), "the Tab walk reaches the page").toBe(true);

  // opened (in place with JavaScript, by the link ?nav=open without it), its links are reached
  await page.getByRole("link", { name: "메뉴 열기" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("navigation", { name: "주 메뉴" })).toBeVisible();
  await page.getByRole("link", { name: "메뉴 닫기" }).focus();
  const opened = await tabWalk(page, 6, "#side-menu");
  expect(opened.some((s) => s.inside), "an open menu's links take the focus").toBe(true);
  await expectNoAxeViolations(page);
});

test("closing a list's dialogs gives the focus back to what opened them: close, cancel, save, confirmed delete", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const js = jsEnabled(testInfo);
  await signIn(page, testInfo, "admin");
  const name = `e2e초점 ${uniqueId(js ? "j" : "n")}`;
  await page.goto(`${LIST}?value=${encodeURIComponent(name)}`);
  await ready(page, testInfo);
  const register = page.getByRole("link", { name: "등록", exact: true });
  const dialog = page.getByRole("dialog", { name: "위원회 등록" });

  // the register button opens the dialog; Escape (with JavaScript) or 닫기 (without) close it
  await enter(page, testInfo, register, /dialog=add/);
  await expect(dialog).toBeVisible();
  if (js) {
    await page.keyboard.press("Escape");
  } else {
    await expect(dialog).toBeFocused();
    await dialog.getByRole("link", { name: "닫기" }).click();
  }
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(register).toBeFocused();

  // 취소, then a save: the focus is back on 등록
  await enter(page, testInfo, register, /dialog=add/);
  await dialog.getByRole("link", { name: "취소" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(register).toBeFocused();
  await enter(page, testInfo, register, /dialog=add/);
  await page.locator("#committee-form-year").selectOption("1999");
  await page.locator("#committee-form-oprStt").selectOption("Y");
  await field(page, "위원회명").fill(name);
  await dialog.getByRole("button", { name: "등록", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "등록되었습니다." })).toBeVisible();
  await expect(register).toBeFocused();
  await expectNoAxeViolations(page);

  // the row's 수정: ✕ (JavaScript) or 취소, then a save give the focus back to it
  const row = page.getByTestId("committee-row").filter({ hasText: name });
  const edit = row.getByRole("link", { name: `수정: ${name}` });
  const editDialog = page.getByRole("dialog", { name: "위원회 수정" });
  await enter(page, testInfo, edit, /dialog=edit/);
  if (js) await editDialog.getByRole("button", { name: "닫기" }).click();
  else await editDialog.getByRole("link", { name: "취소" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(edit).toBeFocused();
  await enter(page, testInfo, edit, /dialog=edit/);
  await page.locator("#committee-form-oprStt").selectOption("N");
  await editDialog.getByRole("button", { name: "수정", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." })).toBeVisible();
  await expect(row).toContainText("미운영");
  await expect(edit).toBeFocused();

  // the row's 삭제: 취소 gives the focus back to it; after the confirmed delete the row is gone and
  // the page's title has the focus
  const remove = row.getByRole("link", { name: `삭제: ${name}` });
  await enter(page, testInfo, remove, /dialog=delete/);
  await page.getByRole("dialog", { name: "위원회 삭제" }).getByRole("link", { name: "취소" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(remove).toBeFocused();
  await enter(page, testInfo, remove, /dialog=delete/);
  await page.getByRole("dialog", { name: "위원회 삭제" }).getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제하였습니다." })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "위원회" })).toBeFocused();
  // the focus return is not carried on to another page of the list
  await expect(page.getByRole("link", { name: /설립연도/ })).not.toHaveAttribute("href", /focus=/);
  await expectNoAxeViolations(page);
});

test("a committee's term dialogs give the focus back to 기수 등록, the card's 수정 and 삭제: close, cancel, save, confirmed delete", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const js = jsEnabled(testInfo);
  await signIn(page, testInfo, "admin");
  // a committee and a term of the test's own, posted as their dialogs post them
  const name = `e2e기수초점 ${uniqueId(js ? "j" : "n")}`;
  await page.goto(`${LIST}?value=${encodeURIComponent(name)}`);
  await ready(page, testInfo);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  expect((await page.request.post(LIST, { form: { _csrf: csrf, intent: "save", cmtSeq: "", year: "2010", cmtNm: name, oprStt: "Y" } })).ok()).toBe(true);
  await page.reload();
  await ready(page, testInfo);
  const path = (await page.getByTestId("committee-row").filter({ hasText: name }).getByRole("link", { name, exact: true }).getAttribute("href"))!;
  const cmtSeq = path.split("/").at(-1)!;
  const made = await page.request.post(path, { form: { _csrf: csrf, intent: "save", cmtSeq, ctSeq: "", ctNm: "1기", operStdt: "2021-03-01", operEndt: "2022-02-28", operStdtWas: "", operEndtWas: "" } });
  expect(made.ok()).toBe(true);
  await page.goto(path);
  await ready(page, testInfo);

  // 기수 등록: Escape (JavaScript) or 닫기 (without)
  const register = page.getByRole("link", { name: "기수 등록" });
  const addDialog = page.getByRole("dialog", { name: "기수 등록" });
  await enter(page, testInfo, register, /dialog=term-add/);
  await expect(addDialog).toBeVisible();
  if (js) await page.keyboard.press("Escape");
  else await addDialog.getByRole("link", { name: "닫기" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(register).toBeFocused();

  // the card's 수정: 취소, then a save
  const edit = page.getByRole("link", { name: "수정: 1기" });
  const editDialog = page.getByRole("dialog", { name: "기수 수정" });
  await enter(page, testInfo, edit, /dialog=term-edit/);
  await editDialog.getByRole("link", { name: "취소" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(edit).toBeFocused();
  await enter(page, testInfo, edit, /dialog=term-edit/);
  await field(editDialog, "기수명").fill("1기 수정");
  await editDialog.getByRole("button", { name: "수정", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." })).toBeVisible();
  const edited = page.getByRole("link", { name: "수정: 1기 수정" });
  await expect(edited).toBeFocused();
  await expectNoAxeViolations(page);

  // the card's 삭제: 취소 gives the focus back; after the confirmed delete the card is gone and 기수 등록 has it
  const remove = page.getByRole("link", { name: "삭제: 1기 수정" });
  await enter(page, testInfo, remove, /dialog=term-delete/);
  await page.getByRole("dialog", { name: "기수 삭제" }).getByRole("link", { name: "취소" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(remove).toBeFocused();
  await enter(page, testInfo, remove, /dialog=term-delete/);
  await page.getByRole("dialog", { name: "기수 삭제" }).getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제하였습니다." })).toBeVisible();
  await expect(page.getByTestId("term-card")).toHaveCount(0);
  await expect(register).toBeFocused();
  // the focus return is not carried on by the page's other links
  await expect(register).not.toHaveAttribute("href", /focus=/);
});

test("an indicator's 데이터 추가 and a card's 요소 변경 and 삭제, and the survey menu's 설문 연결, take the focus back when their dialogs close", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const js = jsEnabled(testInfo);
  await signIn(page, testInfo, "admin");
  // the seeded indicator of page 81 and its 학생 관리 card (only opened and closed: nothing is saved)
  await page.goto("/eval/indicator/81");
  await ready(page, testInfo);
  await page.getByTestId("indicator-list").getByRole("link", { name: "1.1 교육과정 운영과 학생 성취" }).click();
  await page.waitForURL(/ei=\d+/);
  await ready(page, testInfo);
  // with JavaScript: Escape each time (a browser takes a second Escape without a click between as
  // closing the dialog by itself, which the page follows too); without it: the named link
  const closeBy = async (dialog: Locator, cancel: string) => {
    if (js) {
      await expect(dialog).toHaveAttribute("data-modal", "");
      await page.keyboard.press("Escape");
    } else await dialog.getByRole("link", { name: cancel }).click();
    await page.waitForURL((u) => !u.search.includes("dialog="));
    await ready(page, testInfo);
  };

  const add = page.getByRole("link", { name: "데이터 추가" });
  await enter(page, testInfo, add, /dialog=add/);
  await closeBy(page.getByRole("dialog", { name: "데이터 추가" }), "닫기");
  await expect(add).toBeFocused();
  // the drill-down chose a menu: still 데이터 추가's dialog
  await enter(page, testInfo, add, /dialog=add/);
  await page.getByRole("dialog", { name: "데이터 추가" }).getByRole("link", { name: "입력", exact: true }).click();
  await page.waitForURL(/l1=/);
  await ready(page, testInfo);
  await closeBy(page.getByRole("dialog", { name: "데이터 추가" }), "취소");
  await expect(add).toBeFocused();

  const change = page.getByRole("link", { name: "요소 변경: 학생 관리" });
  await enter(page, testInfo, change, /dialog=add&m=\d+/);
  await closeBy(page.getByRole("dialog", { name: "데이터 추가" }), "취소");
  await expect(change).toBeFocused();

  const remove = page.getByRole("link", { name: "삭제: 학생 관리" });
  await enter(page, testInfo, remove, /dialog=delete-menu/);
  await closeBy(page.getByRole("dialog", { name: "연결된 데이터 삭제" }), "취소");
  await expect(remove).toBeFocused();
  await expectNoAxeViolations(page);

  // the survey menu's 설문 연결 (the list's register button opening a dialog of its own)
  await page.goto("/survey-menu/63");
  await ready(page, testInfo);
  const link = page.getByRole("link", { name: "설문 연결", exact: true });
  await enter(page, testInfo, link, /dialog=link/);
  await closeBy(page.getByRole("dialog", { name: "설문 연결" }), "닫기");
  await expect(link).toBeFocused();
  await expect(page.getByRole("heading", { level: 1 })).not.toBeFocused();
});

test("the sign-in page's dialogs give the focus back to 회원가입 and 비밀번호 찾기", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  await page.goto("/");
  await ready(page, testInfo);
  const signup = page.getByRole("link", { name: "회원가입" });
  const find = page.getByRole("link", { name: "비밀번호 찾기" });

  await enter(page, testInfo, signup, /dialog=signup/);
  const signupDialog = page.getByRole("dialog", { name: "회원가입" });
  await expect(signupDialog).toBeVisible();
  if (js) await page.keyboard.press("Escape");
  else await signupDialog.getByRole("link", { name: "닫기" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(signup).toBeFocused();

  await enter(page, testInfo, find, /dialog=find/);
  const findDialog = page.getByRole("dialog", { name: "비밀번호 찾기" });
  if (js) await findDialog.getByRole("button", { name: "닫기" }).click();
  else await findDialog.getByRole("link", { name: "닫기" }).click();
  await page.waitForURL((u) => !u.search.includes("dialog="));
  await expect(find).toBeFocused();
  await expectNoAxeViolations(page);
});

test("the password toggle is a keyboard button that says its state (with JavaScript; without it, out of the way)", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  const password = page.getByLabel("비밀번호", { exact: true });
  await password.fill("secret-1");
  await password.focus();
  await page.keyboard.press("Tab");
  const toggle = page.getByRole("button", { name: "비밀번호 표시" });
  if (!jsEnabled(testInfo)) {
    // a button that works only by script is not reached without it
    await expect(toggle).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "로그인 상태 유지" })).toBeFocused();
    return;
  }
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(password).toHaveAttribute("type", "password");
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(password).toHaveAttribute("type", "text");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(password).toHaveAttribute("type", "password");
  await expectNoAxeViolations(page);
});

test("a confirm question is an alertdialog described by its question, starting on 취소, which gives the focus back", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "entry01");
  await page.goto("/myProfile");
  await ready(page, testInfo);
  const save = page.locator("form#profile").getByRole("button", { name: "저장" });
  await save.focus();
  await page.keyboard.press("Enter");
  await ready(page, testInfo);
  const question = page.getByRole("alertdialog", { name: "알림 저장 확인" });
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription("저장 하시겠습니까?");
  await expect(question.getByRole(jsEnabled(testInfo) ? "button" : "link", { name: "취소" })).toBeFocused();
  await expectNoAxeViolations(page);
  if (jsEnabled(testInfo)) {
    // 취소 closes the question and the focus is back on 저장; Escape does the same
    await page.keyboard.press("Enter");
    await expect(question).toBeHidden();
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(question).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(question).toBeHidden();
    await expect(save).toBeFocused();
  }
});

test("focus rings on sort links and fields, aria-sort on the list's first order, a page change focuses the h1", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.goto("/management/member");
  await ready(page, testInfo);
  // the user list comes newest first: its 등록일 header says so before any header is clicked
  await expect(page.locator('th[aria-sort="descending"]')).toHaveText(/등록일/);
  await expect(page.locator("th[aria-sort]:not([aria-sort=none])")).toHaveCount(1);

  const sortLink = page.getByRole("link", { name: /^이름/ });
  await page.getByRole("link", { name: /^아이디/ }).focus();
  await page.keyboard.press("Tab");
  await expect(sortLink).toBeFocused();
  const ring = (l: Locator) => l.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) }));
  expect(await ring(sortLink)).toEqual({ style: "solid", width: 2 });

  const search = page.getByRole("searchbox").or(page.getByRole("textbox")).first();
  await search.focus();
  expect((await ring(search)).width).toBeGreaterThanOrEqual(2);

  if (jsEnabled(testInfo)) {
    // a page change in the browser: the new page's h1 has the focus (a screen reader reads it)
    await page.getByRole("link", { name: "교육평가 자료관리" }).click();
    await page.waitForURL(/\/dashboard/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  }
});
