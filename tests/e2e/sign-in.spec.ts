/** P01 sign-in, logout, keep-me-logged-in, the session cookie, 404 and CSRF: JavaScript on and off. */
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, expectNoAxeViolations, jsEnabled, onlyWithoutJavaScript, ready, signIn } from "./helpers";

test("the sign-in page passes axe and asks for the id and password", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "로그인" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page.getByText("아이디를 입력하세요.").first()).toBeVisible();
  await expect(page.getByText("비밀번호를 입력하세요.").first()).toBeVisible();
  await expect(page.getByLabel("아이디")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("the first failing field takes the focus, and with JavaScript its message goes when it is edited", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  await page.getByRole("button", { name: "로그인" }).click();
  const id = page.getByLabel("아이디");
  const password = page.getByLabel("비밀번호", { exact: true });
  await expect(id).toHaveAccessibleDescription("아이디를 입력하세요.");
  await expect(password).toHaveAccessibleDescription("비밀번호를 입력하세요.");
  await expect(id).toBeFocused();
  if (!jsEnabled(testInfo)) return;
  await id.pressSequentially("adm");
  await expect(id).toHaveAccessibleDescription("");
  await expect(id).toHaveAttribute("aria-invalid", "false");
  await expect(password).toHaveAccessibleDescription("비밀번호를 입력하세요.");
  // a second submit answers again, under each field still failing
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription("비밀번호를 입력하세요.");
  await expect(id).toHaveValue("adm");
});

test("a wrong password shows the server's message and keeps the id", async ({ page, insertNewUser }, testInfo) => {
  // an account of the test's own: a failure counts against the account (ADR 0089)
  const { userId } = await insertNewUser();
  await signIn(page, testInfo, userId, "Wrong-password1");
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();
  await expect(page.getByLabel("아이디")).toHaveValue(userId);
  await expect(page).not.toHaveURL(/dashboard/);
});

test("an account waiting for approval cannot sign in", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "applicant01", DEMO_PASSWORD, { ui: true });
  await expect(page.getByRole("alert").filter({ hasText: "관리자 승인 대기 중인 계정입니다." })).toBeVisible();
});

test("admin signs in, sees the dashboard, and logs out", async ({ page, context }, testInfo) => {
  await signIn(page, testInfo, "admin", DEMO_PASSWORD, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-name")).toContainText("님");
  await expectNoAxeViolations(page);

  // the session cookie reveals nothing when decoded
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name.endsWith("medu_session"));
  expect(session, "session cookie").toBeTruthy();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
  const decoded = Buffer.from(session!.value.replace(/^v1\./, ""), "base64url").toString("latin1");
  for (const visible of ["admin", "eyJ", "userSeq", "accessToken"]) expect(decoded).not.toContain(visible);

  // signed in and at '/': back to the dashboard
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);

  await ready(page, testInfo);
  await page.getByRole("button", { name: "로그아웃" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("alert").filter({ hasText: "로그아웃 되었습니다." })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fdashboard$/);
});

test("a requested page is reached after sign-in", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/redirectTo=%2Fdashboard/);
  await ready(page, testInfo);
  await page.getByLabel("아이디").fill("entry01");
  await page.getByLabel("비밀번호", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("keep-me-logged-in signs in again after the session cookie is gone", async ({ page, context }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "committee01", DEMO_PASSWORD, { keep: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  const cookies = await context.cookies();
  const auto = cookies.find((c) => c.name.endsWith("medu_auto"));
  expect(auto, "auto-login cookie").toBeTruthy();
  expect(auto!.expires).toBeGreaterThan(Date.now() / 1000 + 20 * 86400);
  // the browser forgets the session (closed, or idle past 30 minutes)
  await context.clearCookies({ name: cookies.find((c) => c.name.endsWith("medu_session"))!.name });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-name")).toBeVisible();
});

test("a broken auto-login cookie is an anonymous visitor, not an error", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.setExtraHTTPHeaders({ Cookie: "__Host-medu_auto=v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; __Host-medu_session=v1.tampered" });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/redirectTo/);
  await expect(page.getByRole("heading", { name: "로그인" })).toBeVisible();
});

test("an unknown path is 'Page Not Found!' with HTTP 404", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found!" })).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);
});

test("a cross-site or token-less post is refused", async ({ request, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const res = await request.post("/?index", {
    form: { intent: "login", userId: "admin", userPass: DEMO_PASSWORD, _csrf: "forged" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  const same = await request.post("/?index", {
    form: { intent: "login", userId: "admin", userPass: DEMO_PASSWORD },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(same.status()).toBe(403);
});

test("server-rendered Korean pages carry no stray NUL bytes (react#31134)", async ({ request }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  for (const path of ["/", "/?dialog=signup", "/?dialog=find", "/no/such/page"]) {
    const res = await request.get(path);
    const bytes = await res.body();
    expect(bytes.includes(0), path).toBe(false);
  }
  const html = (await (await request.get("/?dialog=signup")).body()).toString("utf8");
  expect(html).toContain('aria-label="이메일 아이디"');
});
