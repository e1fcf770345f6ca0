/**
 * P10 survey list and P11 editor: every question and item type built through the editor, each
 * save message in the spec's order, reordering with the end messages, soft deletion of saved
 * questions and of the survey, axe on every page (the long walk, with JavaScript); a survey of one
 * question saved, reloaded, changed and deleted (the short walk, without JavaScript: ADR 0087);
 * copy and copy link with JavaScript on and off. The two projects run at the same time: each test
 * works on surveys with a unique name.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, jsEnabled, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn, uniqueId } from "./helpers";

const alertText = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const questions = (page: Page) => page.getByTestId("question");

async function openEditor(page: Page, testInfo: TestInfo) {
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  await page.goto("/survey");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "설문 등록" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "설문 등록" })).toBeVisible();
  await ready(page, testInfo);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "저장", exact: true }).click();
}

/** Clicks an operation button; without JavaScript the page comes back from the server. */
async function op(page: Page, testInfo: TestInfo, scope: Locator | Page, name: RegExp) {
  await scope.getByRole("button", { name }).first().click();
  if (!jsEnabled(testInfo)) await page.waitForLoadState("load");
}

async function setType(page: Page, testInfo: TestInfo, q: Locator, label: "문항 유형" | "답가지 유형", value: string) {
  await q.getByLabel(label).selectOption(value);
  if (!jsEnabled(testInfo)) await op(page, testInfo, q, /^유형 적용/);
}

test("build a survey with every question and item type; each save message; reorder; soft delete", async ({ page }, testInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(180_000);
  await openEditor(page, testInfo);
  await expectNoAxeViolations(page);
  const name = `e2e 설문 ${uniqueId("s")}`;

  // defaults: one section and one question (item type 1 loaded), five lecture rows
  await expect(questions(page)).toHaveCount(2);
  await expect(page.getByTestId("lecture-row")).toHaveCount(5);
  await expect(questions(page).nth(1).getByTestId("item-row")).toHaveCount(6);
  await expect(questions(page).nth(1).getByLabel("문항 1 답가지 1", { exact: true })).toHaveValue("해당없음");

  // 1. name
  await save(page);
  await expect(alertText(page, "설문명을 입력하세요.")).toBeVisible();
  await expect(field(page, "설문명")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "설문명")).toBeFocused();
  await field(page, "설문명").fill(name);
  await field(page, "설문 내용").fill("수업에 대한 의견을 들려주세요.");

  // 2. response window
  await page.getByLabel("기한 설정").check();
  await field(page, "응답 시작일시").fill("2030-03-10T09:00");
  await save(page);
  await expect(alertText(page, "응답기한을 모두 선택하세요.")).toBeVisible();
  await expect(field(page, "설문명")).toHaveValue(name);
  await field(page, "응답 종료일시").fill("2030-03-01T18:00");
  await save(page);
  await expect(alertText(page, "설문 응답 시작일이 종료일보다 큽니다.")).toBeVisible();
  await field(page, "응답 시작일시").fill("2020-03-01T09:00");
  await field(page, "응답 종료일시").fill("2040-03-01T18:00");

  // 3. personal information
  await page.getByLabel("수집", { exact: true }).check();
  await save(page);
  await expect(alertText(page, "개인정보수집여부 내용을 입력하세요.")).toBeVisible();
  await field(page, "개인정보 수집·이용 안내").fill("학번과 이름을 결과 확인에만 사용합니다.");

  // 4. question subject, 5. section name
  await save(page);
  await expect(alertText(page, "설문주제를 모두 입력해주세요.")).toBeVisible();
  await expect(field(questions(page).nth(1), "설문주제")).toHaveAttribute("aria-invalid", "true");
  await field(questions(page).nth(1), "설문주제").fill("수업 내용에 만족한다");
  await questions(page).nth(1).getByLabel("필수 응답").check();
  await save(page);
  await expect(alertText(page, "섹션을 모두 입력해주세요.")).toBeVisible();
  await field(questions(page).nth(0), "섹션명").fill("수업 평가");

  // item types 2, 3, 4 and a manual (5) question with added and removed items
  for (const [itemType, first] of [["2", "해당없음"], ["3", "전혀 동의하지 않음"], ["4", "1점"]] as const) {
    await op(page, testInfo, page, /^객관식 문항 추가$/);
    const q = questions(page).last();
    await setType(page, testInfo, q, "답가지 유형", itemType);
    await expect(q.getByTestId("item-row").first().getByRole("textbox").first()).toHaveValue(first);
    await field(q, "설문주제").fill(`유형 ${itemType} 문항`);
  }
  await op(page, testInfo, page, /^객관식 문항 추가$/);
  let manual = questions(page).last();
  await setType(page, testInfo, manual, "답가지 유형", "5");
  await expect(manual.getByTestId("item-row")).toHaveCount(5);
  await field(manual, "설문주제").fill("좋았던 활동 (복수 선택)");
  await manual.getByLabel("복수 응답").check();
  await save(page);
  await expect(alertText(page, "설문 문항의 답가지를 모두 입력해주세요.")).toBeVisible();
  manual = questions(page).last();
  await op(page, testInfo, manual, /^답가지 추가/);
  manual = questions(page).last();
  await expect(manual.getByTestId("item-row")).toHaveCount(6);
  await op(page, testInfo, manual, /^삭제 \(문항 5 답가지 6\)/);
  manual = questions(page).last();
  await expect(manual.getByTestId("item-row")).toHaveCount(5);
  const texts = ["강의", "실습", "토론", "발표", "기타"];
  for (let j = 0; j < 5; j++) {
    await manual.getByLabel(`문항 5 답가지 ${j + 1}`, { exact: true }).fill(texts[j]);
    await manual.getByLabel(`문항 5 답가지 ${j + 1} 점수`).fill(String(j + 1));
  }

  // 7. digits only: a score, then a lecture time
  await manual.getByLabel("문항 5 답가지 1 점수").fill("일");
  await page.getByLabel("1번 강의 강의명").fill("해부학 실습");
  await page.getByLabel("1번 강의 강의시간").fill("두 시간");
  await save(page);
  await expect(alertText(page, "점수는 숫자만 입력 가능합니다.")).toBeVisible();
  await questions(page).last().getByLabel("문항 5 답가지 1 점수").fill("1");
  await save(page);
  await expect(alertText(page, "강의시간은 숫자만 입력 가능합니다.")).toBeVisible();
  await page.getByLabel("1번 강의 강의시간").fill("2");
  await page.getByLabel("1번 강의 담당교수").fill("김해부");

  // a free-text question, then a section changed into free text
  await op(page, testInfo, page, /^주관식 문항 추가$/);
  await field(questions(page).last(), "설문주제").fill("자유 의견");
  await expect(questions(page).last().getByTestId("item-row")).toHaveCount(0);

  // reordering: the ends, then the free text up one place
  await op(page, testInfo, questions(page).first(), /^위로/);
  await expect(alertText(page, "맨 처음입니다.")).toBeVisible();
  await op(page, testInfo, questions(page).last(), /^아래로/);
  await expect(alertText(page, "맨 마지막입니다.")).toBeVisible();
  await op(page, testInfo, questions(page).last(), /^위로/);
  await expect(field(questions(page).nth(5), "설문주제")).toHaveValue("자유 의견");
  await expect(field(questions(page).nth(6), "설문주제")).toHaveValue("좋았던 활동 (복수 선택)");
  await expectNoAxeViolations(page);

  await save(page);
  await expect(page).toHaveURL(/\/survey$/);
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
  // other tests add surveys at the same time: find this one by its name
  await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
  await ready(page, testInfo);
  const row = page.getByTestId("survey-list").getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("6"); // question count

  // reopen: every value is back
  await row.getByRole("link", { name: /^수정/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "설문 수정" })).toBeVisible();
  await ready(page, testInfo);
  await expect(field(page, "설문명")).toHaveValue(name);
  await expect(field(page, "응답 시작일시")).toHaveValue("2020-03-01T09:00");
  await expect(field(page, "응답 종료일시")).toHaveValue("2040-03-01T18:00");
  await expect(field(page, "개인정보 수집·이용 안내")).toHaveValue("학번과 이름을 결과 확인에만 사용합니다.");
  await expect(page.getByTestId("lecture-row")).toHaveCount(1);
  await expect(page.getByLabel("1번 강의 강의시간")).toHaveValue("2");
  await expect(questions(page)).toHaveCount(7);
  const subjects = await questions(page).evaluateAll((qs) => qs.map((q) => (q.querySelector('input[name$=".sqSubj"]') as HTMLInputElement).value));
  expect(subjects).toEqual(["수업 평가", "수업 내용에 만족한다", "유형 2 문항", "유형 3 문항", "유형 4 문항", "자유 의견", "좋았던 활동 (복수 선택)"]);
  await expect(questions(page).nth(1).getByLabel("필수 응답")).toBeChecked();
  await expect(questions(page).nth(6).getByLabel("복수 응답")).toBeChecked();
  await expect(questions(page).nth(6).getByLabel("답가지 유형")).toHaveValue("5");
  await expect(questions(page).nth(6).getByTestId("item-row")).toHaveCount(5);

  // soft deletion of a saved question, and a question type change of a saved one
  await op(page, testInfo, questions(page).nth(4), /^삭제/);
  await expect(questions(page)).toHaveCount(6);
  await setType(page, testInfo, questions(page).nth(2), "문항 유형", "2");
  await expect(questions(page).nth(2).getByTestId("item-row")).toHaveCount(0);
  await save(page);
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();
  await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
  await page.getByTestId("survey-list").getByRole("row").filter({ hasText: name }).getByRole("link", { name: /^수정/ }).click();
  await ready(page, testInfo);
  await expect(questions(page)).toHaveCount(6);
  await expect(questions(page).nth(2).getByLabel("문항 유형")).toHaveValue("2");
  await expect(page.getByTestId("question").filter({ has: page.locator('input[value="유형 4 문항"]') })).toHaveCount(0);

  // delete the survey (soft), after the confirmation
  await page.getByRole("link", { name: "설문 삭제" }).click();
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page).toHaveURL(/\/survey$/);
  await expect(alertText(page, "삭제 성공하였습니다.")).toBeVisible();
  await expect(page.getByTestId("survey-list").getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("short walk (the long one runs with JavaScript): a survey of one question is saved, reloaded, changed and deleted", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  await openEditor(page, testInfo);
  await expectNoAxeViolations(page);
  const name = `e2e 짧은 설문 ${uniqueId("w")}`;
  await field(page, "설문명").fill(name);
  await field(page, "설문 내용").fill("짧은 설문입니다.");
  await field(questions(page).nth(0), "섹션명").fill("수업 평가");
  await field(questions(page).nth(1), "설문주제").fill("수업 내용에 만족한다");
  await save(page);
  await expect(page).toHaveURL(/\/survey$/);
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();

  // other tests add surveys at the same time: find this one by its name, from a fresh page
  const reopen = async () => {
    await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
    await ready(page, testInfo);
    const row = page.getByTestId("survey-list").getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: /^수정/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "설문 수정" })).toBeVisible();
    await ready(page, testInfo);
  };
  await reopen();
  await expect(field(page, "설문명")).toHaveValue(name);
  await expect(field(page, "설문 내용")).toHaveValue("짧은 설문입니다.");
  await expect(questions(page)).toHaveCount(2);
  await expect(field(questions(page).nth(1), "설문주제")).toHaveValue("수업 내용에 만족한다");

  // a change: the question's item type (without JavaScript '유형 적용' is a round trip) and the text
  await setType(page, testInfo, questions(page).nth(1), "답가지 유형", "3");
  await expect(questions(page).nth(1).getByTestId("item-row").first().getByRole("textbox").first()).toHaveValue("전혀 동의하지 않음");
  await field(page, "설문 내용").fill("고친 설문입니다.");
  await save(page);
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();
  await reopen();
  await expect(field(page, "설문 내용")).toHaveValue("고친 설문입니다.");
  await expect(questions(page).nth(1).getByLabel("답가지 유형")).toHaveValue("3");

  // delete the survey (soft), after the confirmation
  await page.getByRole("link", { name: "설문 삭제" }).click();
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page).toHaveURL(/\/survey$/);
  await expect(alertText(page, "삭제 성공하였습니다.")).toBeVisible();
  await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("survey-list").getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("copy, copy link, and the list's filters", async ({ page, context }, testInfo) => {
  await openEditor(page, testInfo);
  const name = `e2e 복사 ${uniqueId("c")}`;
  await field(page, "설문명").fill(name);
  await field(questions(page).nth(0), "섹션명").fill("섹션");
  await field(questions(page).nth(1), "설문주제").fill("문항");
  await save(page);
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();

  // search
  await page.getByLabel("설문명").fill(name);
  await page.getByRole("button", { name: "검색" }).click();
  await expect(page).toHaveURL(/searchTxt=/);
  const rows = page.getByTestId("survey-list").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await ready(page, testInfo);

  // copy
  await rows.first().getByRole("button", { name: /^복사/ }).click();
  await expect(alertText(page, "복사 되었습니다.")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${name} (복사본)` })).toHaveCount(1);
  await ready(page, testInfo);

  // copy link
  const original = rows.filter({ hasText: name }).filter({ hasNotText: "복사본" });
  const editHref = await original.getByRole("link", { name: /^수정/ }).getAttribute("href");
  const seq = editHref!.match(/seq=(\d+)/)![1];
  if (jsEnabled(testInfo)) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await original.getByRole("button", { name: /^링크 복사/ }).click();
    await expect(page.getByTestId("toast")).toContainText("설문 링크가 복사되었습니다.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/survey/ask/${seq}$`));
    await expect(page.getByTestId("toast")).toBeEmpty({ timeout: 4000 });
  } else {
    await original.getByRole("link", { name: /^링크 복사/ }).click();
    await expect(page.getByRole("heading", { name: "설문 링크 복사" })).toBeVisible();
    await expect(page.getByLabel("설문 응답 링크")).toHaveValue(new RegExp(`/survey/ask/${seq}$`));
    await expectNoAxeViolations(page);
  }
});

test("comm=Y returns to the previous page after save", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  await page.goto("/survey/registration?comm=Y&returnTo=%2Fmessenger");
  await ready(page, testInfo);
  await field(page, "설문명").fill(`e2e comm ${uniqueId("m")}`);
  await field(questions(page).nth(0), "섹션명").fill("섹션");
  await field(questions(page).nth(1), "설문주제").fill("문항");
  // an operation first, so that the return path survives a server round trip without JavaScript
  await op(page, testInfo, page, /^주관식 문항 추가$/);
  await field(questions(page).last(), "설문주제").fill("의견");
  await save(page);
  await expect(page).toHaveURL(/\/messenger$/);
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();
});

/** The editor's fields of a survey with `n` questions, as the form posts them. */
function sixtyQuestionForm(name: string, csrf: string): [string, string][] {
  const out: [string, string][] = [["_csrf", csrf], ["intent", "save"], ["seq", ""], ["nextKey", "100"], ["srName", name], ["srContent", "60문항 설문"], ["usyn", "Y"], ["dtYn", "N"], ["prsnInfoYn", "N"]];
  for (let i = 0; i < 60; i++) {
    const p = `qestList[${i}]`;
    const type = i % 10 === 0 ? "0" : i % 3 === 0 ? "2" : "1";
    const itemType = type === "1" ? String((i % 5) + 1) : "";
    out.push([`${p}.key`, `n${i + 1}`], [`${p}.sqType`, type], [`${p}.itemType`, itemType], [`${p}.prevSqType`, type], [`${p}.prevItemType`, itemType], [`${p}.sqSubj`, `${type === "0" ? "섹션" : "문항"} ${i + 1}`]);
    if (type !== "0" && i % 2) out.push([`${p}.esntlYn`, "Y"]);
    if (type === "1") {
      if (i % 4 === 0) out.push([`${p}.multiAns`, "Y"]);
      for (let j = 0; j < 3 + (i % 3); j++) out.push([`${p}.itemList[${j}].text`, `답 ${i + 1}-${j + 1}`], [`${p}.itemList[${j}].score`, String(j + 1)]);
    }
  }
  return out;
}

async function subjectsAndItems(page: Page) {
  return questions(page).evaluateAll((qs) =>
    qs.map((q) => ({
      subj: (q.querySelector('input[name$=".sqSubj"]') as HTMLInputElement).value,
      type: (q.querySelector('select[name$=".sqType"]') as HTMLSelectElement).value,
      required: (q.querySelector('input[name$=".esntlYn"]') as HTMLInputElement | null)?.checked ?? false,
      items: [...q.querySelectorAll<HTMLInputElement>('input[name*=".itemList["][name$=".text"]')].map((x) => x.value),
    })),
  );
}

test("a survey of 60 questions saves and reloads intact, and saves again through the editor unchanged", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(120_000);
  await openEditor(page, testInfo);
  const name = `e2e 60문항 ${uniqueId("q")}`;
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const res = await page.request.post("/survey/registration", { data: new URLSearchParams(sixtyQuestionForm(name, csrf)).toString(), headers: { "content-type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);

  const open = async () => {
    await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
    await page.getByTestId("survey-list").getByRole("link", { name: /^수정/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "설문 수정" })).toBeVisible();
    await ready(page, testInfo);
  };
  await open();
  await expect(questions(page)).toHaveCount(60);
  const first = await subjectsAndItems(page);
  expect(first[0]).toEqual({ subj: "섹션 1", type: "0", required: false, items: [] });
  expect(first[1]).toEqual({ subj: "문항 2", type: "1", required: true, items: ["답 2-1", "답 2-2", "답 2-3", "답 2-4"] });
  expect(first[3]).toMatchObject({ subj: "문항 4", type: "2", items: [] });
  expect(first[59].subj).toBe("문항 60");

  await save(page);
  // sixty questions and their items are one save: on a loaded machine it takes longer than a dialog
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible({ timeout: 30_000 });
  await open();
  expect(await subjectsAndItems(page)).toEqual(first);
});
