/**
 * Ownership across parents (issue 35 class 5, ADR 0058): a post forged on one parent's page about a
 * record of another parent (a term of committee A from committee B's detail page, indicator 1 of
 * page 81 from page 82) is refused with a Korean message, and nothing changed after reload. The
 * posts are the pages' own forms (their CSRF token and Origin), sent with the session cookie.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { ready, signIn } from "./helpers";

const YEAR = new Date().getFullYear();

/** Posts `form` to `url` as that page's own form would, answering status and body text. */
async function forge(page: Page, testInfo: TestInfo, url: string, form: Record<string, string>) {
  await page.goto(url);
  await ready(page, testInfo);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const res = await page.request.post(url, { form: { _csrf: csrf, ...form }, headers: { Origin: String(testInfo.project.use.baseURL) }, maxRedirects: 0 });
  return { status: res.status(), text: await res.text() };
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "js", "forged posts are plain requests: sent once, from the project without JavaScript");
});

test("committee: a term of committee A posted from committee B's detail page is refused, and A's terms are unchanged", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  await page.goto("/insert/commission/CommissionList");
  await ready(page, testInfo);
  const details = [...new Set(await page.locator('a[href*="/insert/commission/CommissionDetail/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname)))];
  expect(details.length).toBeGreaterThan(2);
  // committee A: the first with a term
  let a = "";
  let terms: string[] = [];
  for (const d of details) {
    await page.goto(d);
    await ready(page, testInfo);
    terms = await page.locator('a[href*="term="]').evaluateAll((as) => [...new Set(as.map((x) => new URL((x as HTMLAnchorElement).href).searchParams.get("term")!))]);
    if (terms.length) {
      a = d;
      break;
    }
  }
  expect(a).not.toBe("");
  const b = details.find((d) => d !== a)!;
  const ctSeq = terms[0];
  const cmtB = b.split("/").pop()!;
  const refusal = "해당 기수가 없습니다.";
  const forms: Record<string, string>[] = [
    { confirm: "delete", intent: "delete", ctSeq },
    { confirm: "copy", intent: "copy", ctSeq },
    { intent: "save", cmtSeq: cmtB, ctSeq, ctNm: "가로챈 기수", operStdt: "2024-03-01", operEndt: "2025-02-28", operStdtWas: "", operEndtWas: "" },
    { confirm: "delete", intent: "delete", ctSeq, usSeq: "1" },
    { intent: "memberSave", cmtSeq: cmtB, ctSeq, "rows[0].usSeq": "1", "rows[0].q": "x" },
  ];
  for (const form of forms) {
    const r = await forge(page, testInfo, b, form);
    expect(r.status, JSON.stringify(form)).toBe(404);
    expect(r.text, JSON.stringify(form)).toContain(refusal);
  }
  // the URL's committee named in the post must be the page's too
  const other = await forge(page, testInfo, b, { intent: "save", cmtSeq: a.split("/").pop()!, ctNm: "가로챈 기수", operStdt: "2024-03-01", operEndt: "2025-02-28" });
  expect(other.status).toBe(404);
  expect(other.text).toContain("해당 위원회가 없습니다.");
  // after reload: committee A has the same terms, none renamed or copied; B has none of them
  await page.goto(`${a}?term=${ctSeq}`);
  await ready(page, testInfo);
  const after = await page.locator('a[href*="term="]').evaluateAll((as) => [...new Set(as.map((x) => new URL((x as HTMLAnchorElement).href).searchParams.get("term")!))]);
  expect(after).toEqual(terms);
  await expect(page.getByText("가로챈 기수")).toHaveCount(0);
  await expect(page.getByText("(복사)")).toHaveCount(0);
  await page.goto(b);
  await ready(page, testInfo);
  await expect(page.getByText("가로챈 기수")).toHaveCount(0);
});

test("indicator: indicator 1 of page 81 posted from page 82 is refused (save, delete, add data, delete a card), and is unchanged", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const refusal = "해당 평가지표가 없습니다.";
  const forms: Record<string, string>[] = [
    { intent: "save", confirm: "save", eiSeq: "1", evalIndctNm: "가로챈 지표", evalStnd: "가로챈 준거", years: String(YEAR) },
    { intent: "delete", confirm: "delete", eiSeq: "1" },
    { intent: "addMenu", eiSeq: "1", menuSeq: "12", clms: "year" },
    { intent: "deleteMenu", eiSeq: "1", m: "11" },
  ];
  for (const form of forms) {
    const r = await forge(page, testInfo, "/eval/indicator/82", form);
    expect(r.status, JSON.stringify(form)).toBe(404);
    expect(r.text, JSON.stringify(form)).toContain(refusal);
  }
  await page.goto("/eval/indicator/81?ei=1");
  await ready(page, testInfo);
  await expect(page.getByTestId("indicator-list")).toContainText("1.1 교육과정 운영과 학생 성취");
  await expect(page.getByText("가로챈 지표")).toHaveCount(0);
  await expect(page.getByTestId("indicator-card").filter({ hasText: "학생 관리" })).toHaveCount(1);
});
