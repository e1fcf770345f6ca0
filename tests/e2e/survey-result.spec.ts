/**
 * P13 survey results of a survey with more free texts than one page holds (issue 39: the result is
 * counted by the database and the texts come 20 at a time): the test answers its own survey 23
 * times through the public link (each answer a browser of its own, from an address of its own),
 * then pages the texts (the server's paging: without JavaScript, ADR 0085).
 */
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, onlyWithoutJavaScript, ready, signIn, uniqueId } from "./helpers";
import { createSurvey } from "./surveys";

const rand = (n: number) => Math.floor(Math.random() * n);
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? "";

test("the free texts of 23 answers: 20 on the first page, the rest on the second, numbered on", async ({ page, playwright, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  test.setTimeout(180_000);
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
  const seq = await createSurvey(page, `e2e 결과 ${uniqueId("r")}`);

  const texts = Array.from({ length: 23 }, (_, i) => `주관식 의견 ${String(i + 1).padStart(2, "0")}`);
  for (const text of texts) {
    const request = await playwright.request.newContext({ baseURL });
    try {
      const headers = { "X-Forwarded-For": `198.${18 + rand(2)}.${rand(256)}.${1 + rand(254)}` };
      const html = await (await request.get(`/survey/ask/${seq}`, { headers })).text();
      const radio = /<input[^>]*type="radio"[^>]*>/.exec(html)?.[0] ?? "";
      const textarea = /<textarea[^>]*>/.exec(html)?.[0] ?? "";
      const form = {
        _csrf: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "",
        submitKey: /name="submitKey" value="([^"]+)"/.exec(html)?.[1] ?? "",
        prsnAgreeYn: "Y",
        [attr(radio, "name")]: attr(radio, "value"),
        [attr(textarea, "name")]: text,
      };
      const res = await request.post(`/survey/ask/${seq}`, { form, headers: { ...headers, Origin: baseURL! }, maxRedirects: 0 });
      expect(res.status(), `the answer "${text}"`).toBe(302);
    } finally {
      await request.dispose();
    }
  }

  await page.goto(`/survey/result/${seq}`);
  await ready(page, testInfo);
  const question = page.getByTestId("result-question").filter({ hasText: "자유 의견" });
  const items = question.getByTestId("result-texts").getByRole("listitem");
  await expect(items).toHaveCount(20);
  await expect(items.first()).toHaveText(texts[0]);
  await expect(items.last()).toHaveText(texts[19]);
  await expect(question.getByTestId("total")).toHaveText("전체 23건");
  const pages = question.getByRole("navigation", { name: /주관식 응답 페이지 이동$/ });
  await expect(pages.getByRole("link", { name: "1 페이지" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  await pages.getByRole("link", { name: "2 페이지" }).click();
  await expect(page).toHaveURL(/[?&]tp=2/);
  await expect(items).toHaveCount(3);
  await expect(items).toHaveText(texts.slice(20));
  // the list goes on counting from the first page
  await expect(question.getByTestId("result-texts")).toHaveAttribute("start", "21");
  await expect(pages.getByRole("link", { name: "2 페이지" })).toHaveAttribute("aria-current", "page");
  // the other counts are the whole survey's, whichever page of texts is shown
  await expect(page.getByTestId("result-summary")).toContainText("23");
  await expectNoAxeViolations(page);

  await pages.getByRole("link", { name: "이전 페이지" }).click();
  await expect(items).toHaveCount(20);
  await expect(items.first()).toHaveText(texts[0]);
});
