/**
 * P12 sending, P14 the public answer page and P13 results. The long flow runs with JavaScript;
 * without it a short walk of the staff's send form (ADR 0087). The answer page is always opened as
 * a phone would without JavaScript (360 px).
 * One survey: three students added and sent to, one answers through their personal link, a
 * tampered link is a 404, the same person cannot answer twice, the results show the answer.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, jsEnabled, longWalkIn, onlyWithoutJavaScript, ready, shortWalkIn, signIn, uniqueId } from "./helpers";
import { createSurvey } from "./surveys";

const alertText = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** A phone without JavaScript. */
async function phone(browser: Browser, baseURL: string) {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, baseURL, locale: "ko-KR" });
  return { ctx, page: await ctx.newPage() };
}

test("send to three students, one answers on a phone without JavaScript, results show it", async ({ page, browser, baseURL }, testInfo: TestInfo) => {
  longWalkIn(testInfo, "js");
  test.setTimeout(150_000);
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  const name = `e2e 발송 ${uniqueId("f")}`;
  const seq = await createSurvey(page, name);

  // P12: empty groups, then add three students through the dialog
  await page.goto(`/survey/send/list/${seq}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "설문 발송 관리" })).toBeVisible();
  await expect(page.getByTestId("send-table-N").locator("tbody")).toContainText("데이터가 없습니다.");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "대상자 추가" }).click();
  await expect(page.getByRole("heading", { name: "대상자 추가" })).toBeVisible();
  await ready(page, testInfo);
  const addRows = page.getByTestId("add-table").locator("tbody tr");
  await expect(addRows.first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "선택 추가" }).click();
  await expect(alertText(page, "사용자를 선택해주세요.")).toBeVisible();
  const picked: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = page.getByTestId("add-table").locator("tbody tr").nth(i);
    picked.push((await row.locator("td").nth(1).innerText()).trim());
    await row.getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "선택 추가" }).click();
  await expect(alertText(page, "추가되었습니다.")).toBeVisible();
  const toSend = page.getByTestId("send-table-N").locator("tbody tr");
  await expect(toSend).toHaveCount(3);
  for (const id of picked) await expect(page.getByTestId("send-table-N")).toContainText(id);

  // send: nothing selected, then the whole group
  await ready(page, testInfo);
  await page.getByRole("button", { name: "선택 발송" }).click();
  await expect(alertText(page, "사용자를 선택해주세요.")).toBeVisible();
  await ready(page, testInfo);
  await page.getByLabel("발송 대상 전체 선택").check();
  await expect(toSend.first().getByRole("checkbox")).toBeChecked();
  await page.getByRole("button", { name: "선택 발송" }).click();
  await expect(alertText(page, "발송(재발송) 처리되었습니다.")).toBeVisible();
  const sent = page.getByTestId("send-table-Y").locator("tbody tr");
  await expect(sent).toHaveCount(3);
  await expect(page.getByTestId("personal-link")).toHaveCount(3);
  await ready(page, testInfo);
  await expectNoAxeViolations(page);

  // resend one
  await sent.first().getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 재발송" }).click();
  await expect(alertText(page, "발송(재발송) 처리되었습니다.")).toBeVisible();
  await expect(page.getByTestId("send-table-Y")).toContainText("(2회)");

  const links = await page.getByTestId("personal-link").allInnerTexts();
  const link = new URL(links[0].trim());
  const other = new URL(links[1].trim());
  expect(link.pathname).toMatch(new RegExp(`^/survey/ask/${seq}/\\d+$`));

  // P14 on a phone, no JavaScript
  const { ctx, page: m } = await phone(browser, baseURL!);
  try {
    const path = link.pathname + link.search;
    await m.goto(path);
    await expect(m.getByRole("heading", { level: 1, name })).toBeVisible();
    expect(await m.locator("script").count()).toBe(0);
    const width = await m.evaluate(() => document.documentElement.scrollWidth).catch(() => null);
    if (width !== null) expect(width).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(m);

    // nothing answered: the consent first, every required question marked, nothing lost
    await m.getByRole("group", { name: /자유 의견/ }).getByRole("textbox").fill("실습 시간이 더 있으면 좋겠습니다.");
    await m.getByRole("button", { name: "제출하기" }).click();
    await expect(m.getByRole("alert")).toContainText("개인정보 수집·이용에 동의해야 응답을 제출할 수 있습니다.");
    const q1 = m.getByRole("group", { name: /수업 목표가 명확했다/ });
    await expect(q1).toContainText("필수 문항입니다. 응답해주세요.");
    await expect(m.getByRole("group", { name: /자유 의견/ }).getByRole("textbox")).toHaveValue("실습 시간이 더 있으면 좋겠습니다.");
    await expectNoAxeViolations(m);

    await m.getByLabel("위 내용에 동의합니다.").check();
    await q1.getByLabel(/^매우 그렇다/).check();
    await m.getByRole("group", { name: /도움이 된 활동/ }).getByLabel("실습").check();
    await m.getByRole("group", { name: /도움이 된 활동/ }).getByLabel("토론").check();
    await m.getByRole("button", { name: "제출하기" }).click();
    await expect(m.getByRole("status")).toContainText("응답이 제출되었습니다.");

    // the same person again
    await m.goto(path);
    await expect(m.getByRole("status")).toContainText("이미 응답을 제출한 설문입니다.");

    // tampered links
    const otherUs = other.pathname.split("/").pop()!;
    for (const bad of [
      `/survey/ask/${seq}/${otherUs}${link.search}`,
      `${link.pathname}?exp=${link.searchParams.get("exp")}&sig=${"A".repeat(43)}`,
      `${link.pathname}?exp=${Number(link.searchParams.get("exp")) + 60}&sig=${link.searchParams.get("sig")}`,
      link.pathname,
    ]) {
      const r = await m.goto(bad);
      expect(r?.status(), bad).toBe(404);
    }
    // the other person's own link still works
    await m.goto(other.pathname + other.search);
    await expect(m.getByRole("button", { name: "제출하기" })).toBeVisible();
    // the survey's public link: it was sent to people, so only their own links answer it (issue 37 item 10)
    await m.goto(`/survey/ask/${seq}`);
    await expect(m.getByText("이 설문은 개인별로 보내 드린 응답 링크로만 응답할 수 있습니다.", { exact: false })).toBeVisible();
    await expect(m.getByRole("button", { name: "제출하기" })).toHaveCount(0);
    await expect(m.getByText("수업 목표가 명확했다")).toHaveCount(0);
    await expectNoAxeViolations(m);
  } finally {
    await ctx.close();
  }

  // P13 results
  await page.goto(`/survey/result/${seq}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "설문 결과" })).toBeVisible();
  await expect(page.getByTestId("response-rate")).toHaveText("33.3%");
  const q1r = page.getByTestId("result-question").filter({ hasText: "수업 목표가 명확했다" });
  await expect(q1r.getByRole("row", { name: /매우 그렇다/ })).toContainText("100%");
  await expect(q1r.getByTestId("result-mean")).toHaveText("6");
  const multi = page.getByTestId("result-question").filter({ hasText: "도움이 된 활동" });
  await expect(multi.getByRole("row", { name: /^실습/ })).toContainText("1");
  await expect(page.getByTestId("result-texts")).toContainText("실습 시간이 더 있으면 좋겠습니다.");
  // drawn on the server (ADR 0043), with or without JavaScript: a bar an option, its label on the axis
  await expect(q1r.getByTestId("result-chart").locator("svg")).toBeVisible();
  const options = await q1r.getByTestId("result-table").locator("tbody th").allTextContents();
  expect(options).toContain("매우 그렇다");
  await expect(q1r.getByTestId("result-chart").locator(".recharts-yAxis .recharts-cartesian-axis-tick-value")).toHaveText(options);
  await expectNoAxeViolations(page);

  // Excel export of the answers
  const xlsx = await page.request.get(`/survey/result/${seq}/excel`);
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
  expect(xlsx.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  const body = await xlsx.body();
  expect(body.subarray(0, 2).toString()).toBe("PK");

  // the send page knows who answered
  await page.goto(`/survey/send/list/${seq}?agreeYn=Y`);
  await expect(page.getByTestId("send-table-Y").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("send-table-Y")).toContainText("제출");
});

test("short walk (the long flow runs with JavaScript): the send form adds one student, sends, and the send is there after a reload", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "no-js");
  test.setTimeout(120_000);
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  const name = `e2e 발송 ${uniqueId("n")}`;
  const seq = await createSurvey(page, name);

  await page.goto(`/survey/send/list/${seq}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("send-table-N").locator("tbody")).toContainText("데이터가 없습니다.");
  await page.getByRole("link", { name: "대상자 추가" }).click();
  await expect(page.getByRole("heading", { name: "대상자 추가" })).toBeVisible();
  await ready(page, testInfo);
  const row = page.getByTestId("add-table").locator("tbody tr").first();
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  const picked = (await row.locator("td").nth(1).innerText()).trim();
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 추가" }).click();
  await expect(alertText(page, "추가되었습니다.")).toBeVisible();
  const toSend = page.getByTestId("send-table-N").locator("tbody tr");
  await expect(toSend).toHaveCount(1);
  await expect(page.getByTestId("send-table-N")).toContainText(picked);

  await ready(page, testInfo);
  await toSend.first().getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 발송" }).click();
  await expect(alertText(page, "발송(재발송) 처리되었습니다.")).toBeVisible();

  // after a reload: sent once, with the personal link
  await page.goto(`/survey/send/list/${seq}`);
  await ready(page, testInfo);
  const sent = page.getByTestId("send-table-Y").locator("tbody tr");
  await expect(sent).toHaveCount(1);
  await expect(sent.first()).toContainText(picked);
  await expect(page.getByTestId("send-table-N").locator("tbody")).toContainText("데이터가 없습니다.");
  await expect(page.getByTestId("personal-link")).toHaveCount(1);
  expect(new URL((await page.getByTestId("personal-link").innerText()).trim()).pathname).toMatch(new RegExp(`^/survey/ask/${seq}/\\d+$`));
});

test("the public link: anyone may answer, once a browser; a survey outside its window says so without its questions", async ({ page, browser, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  const name = `e2e 공개 ${uniqueId("p")}`;
  const seq = await createSurvey(page, name);
  const { ctx, page: m } = await phone(browser, baseURL!);
  try {
    await m.goto(`/survey/ask/${seq}`);
    await m.getByLabel("위 내용에 동의합니다.").check();
    await m.getByRole("group", { name: /수업 목표가 명확했다/ }).getByLabel(/^그렇다/).check();
    await m.getByRole("group", { name: /자유 의견/ }).getByRole("textbox").fill("공개 링크 응답");
    await m.getByRole("button", { name: "제출하기" }).click();
    await expect(m.getByRole("status")).toContainText("응답이 제출되었습니다.");
    // the same browser has answered: the link says so, without the questions
    await m.goto(`/survey/ask/${seq}`);
    await expect(m.getByRole("status")).toContainText("이미 응답을 제출한 설문입니다.");
    await expect(m.getByRole("button", { name: "제출하기" })).toHaveCount(0);
    await expect(m.getByText("수업 목표가 명확했다")).toHaveCount(0);
    expect((await m.goto("/survey/ask/999999999"))?.status()).toBe(404);
    expect((await m.goto("/survey/ask/abc"))?.status()).toBe(404);
  } finally {
    await ctx.close();
  }

  // close the window: the page says it is not open
  await page.goto(`/survey/registration?seq=${seq}`);
  await ready(page, testInfo);
  await page.getByLabel("기한 설정").check();
  await page.getByLabel("응답 시작일시").fill("2020-01-01T09:00");
  await page.getByLabel("응답 종료일시").fill("2020-01-31T18:00");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(alertText(page, "저장 되었습니다.")).toBeVisible();
  const p2 = await phone(browser, baseURL!);
  try {
    await p2.page.goto(`/survey/ask/${seq}`);
    await expect(p2.page.getByRole("status")).toContainText("지금은 설문 응답 기간이 아닙니다.");
    await expect(p2.page.getByRole("status")).toContainText("2020-01-01 09:00 ~ 2020-01-31 18:00");
    await expect(p2.page.getByRole("button", { name: "제출하기" })).toHaveCount(0);
    await expectNoAxeViolations(p2.page);
  } finally {
    await p2.ctx.close();
  }
  // the results page of a survey with public answers only
  await page.goto(`/survey/result/${seq}`);
  await expect(page.getByTestId("response-rate")).toHaveText("-");
  await expect(page.getByTestId("result-texts")).toContainText("공개 링크 응답");
});

test("a send list that cannot be loaded goes back to /survey with the message; unknown results too", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.context().clearCookies();
  await signIn(page, testInfo, "entry01");
  await page.goto("/survey/send/list/999999999");
  await expect(page).toHaveURL(/\/survey$/);
  await expect(alertText(page, "데이터가 없습니다.")).toBeVisible();
  await page.goto("/survey/result/999999999");
  await expect(page).toHaveURL(/\/survey$/);
  await expect(alertText(page, "데이터가 없습니다.")).toBeVisible();
  // the seeded demo survey has results with lectures
  await page.goto(`/survey?searchTxt=${encodeURIComponent("통합교육과정 강의 만족도")}`);
  const demo = page.getByTestId("survey-list").getByRole("row").filter({ hasText: "통합교육과정 강의 만족도 조사" });
  await demo.getByRole("link", { name: /^결과 보기/ }).click();
  await expect(page.getByTestId("result-lectures")).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
});

test("recipients' phone numbers: whole for an administrator, masked for an evaluation-committee member", async ({ page }, testInfo) => {
  test.skip(jsEnabled(testInfo), "a server-rendered list: once, without JavaScript");
  // the seeded lecture survey (1) was sent to 24 first-year students
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  await page.goto("/survey/send/list/1");
  const phones = async () => (await page.getByTestId("send-table-Y").locator("tbody tr").allInnerTexts()).join("\n").match(/01\d-[\d*]{3,4}-\d{4}/g) ?? [];
  const whole = await phones();
  expect(whole.length).toBeGreaterThan(0);
  expect(whole.every((p) => !p.includes("*"))).toBe(true);

  await page.context().clearCookies();
  await signIn(page, testInfo, "committee01");
  await page.goto("/survey/send/list/1");
  const masked = await phones();
  expect(masked).toHaveLength(whole.length);
  expect(masked.every((p) => /^01\d-\*{3,4}-\d{4}$/.test(p))).toBe(true);
  expect(await page.content()).not.toContain(whole[0]);
  await expectNoAxeViolations(page);
});
