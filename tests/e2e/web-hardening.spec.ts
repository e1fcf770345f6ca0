/**
 * Issue 17 "Redirects, content policy, caching", attacked from outside: open redirects after
 * sign-in, the Content-Security-Policy with per-request script nonces (every representative page
 * still hydrates and reports no violation), Cache-Control of pages and `?_data=` replies, and a
 * path with a malformed '%' sequence. docs/decisions/0022-csp-nonces.md.
 */
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { DEMO_PASSWORD, jsEnabled, onlyWithoutJavaScript, ready, signIn } from "./helpers";

const onceIsEnough = "HTTP only, no browser involved: once is enough";

/** The sign-in page's CSRF token (and the session cookie that goes with it, kept by the context). */
async function csrfOf(request: APIRequestContext, path = "/"): Promise<string> {
  const html = await (await request.get(path)).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token, `CSRF token on ${path}`).toBeTruthy();
  return token!;
}

/** Where a browser on `origin` goes with this Location header (WHATWG URL, as Chrome). */
const landsOn = (location: string | undefined, origin: string) => new URL(location ?? "", `${origin}/`);

// -------------------------------------------------------------------------------------------------
// open redirect

/** What an attacker puts in `redirectTo` (already decoded from the query, as the server reads it). */
const ATTACKS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/%2F%2Fevil.example",
  "/%09/evil.example",
  "%2F%2Fevil.example",
  "https://evil.example/dashboard",
  "javascript:alert(document.domain)",
];

test("sign-in never follows a redirectTo off this origin (tab, backslash, '//', encoded, schemes)", async ({ playwright, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), onceIsEnough);
  const origin = new URL(baseURL!).origin;
  for (const attack of ATTACKS.slice(0, 6)) {
    // a visitor not signed in yet (a context of its own each time)
    const request = await playwright.request.newContext({ baseURL });
    // the page a victim is sent to does not even put the target in its form
    const page = await request.get(`/?redirectTo=${encodeURIComponent(attack)}`);
    expect(await page.text()).not.toContain("evil.example");
    // the post itself (the hidden field is the attacker's to fill in a crafted link as well)
    const csrf = await csrfOf(request);
    const res = await request.post("/?index", {
      form: { intent: "login", userId: "entry01", userPass: DEMO_PASSWORD, redirectTo: attack, _csrf: csrf },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(res.status(), attack).toBe(302);
    const to = landsOn(res.headers().location, origin);
    expect(to.origin, `${JSON.stringify(attack)} → ${res.headers().location}`).toBe(origin);
    expect(to.pathname).toBe("/dashboard");
    await request.dispose();
  }
});

test("the header's 'mark all read' goes back only to a path of this site, whatever redirectTo it posts", async ({ page, baseURL, login }, testInfo) => {
  test.skip(!jsEnabled(testInfo), onceIsEnough);
  const origin = new URL(baseURL!).origin;
  // a user of the test's own: the posts mark the user's messages read (ADR 0089)
  await login();
  const csrf = await csrfOf(page.request, "/dashboard");
  for (const attack of ATTACKS) {
    const res = await page.request.post("/messenger", {
      form: { intent: "readAll", redirectTo: attack, _csrf: csrf },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(res.status(), attack).toBe(302);
    const to = landsOn(res.headers().location, origin);
    expect(to.origin, `${JSON.stringify(attack)} → ${res.headers().location}`).toBe(origin);
    expect(to.pathname).toBe("/messenger");
  }
  // a path of this site is still where it goes back to
  const back = await page.request.post("/messenger", {
    form: { intent: "readAll", redirectTo: "/insert/eval/patient-safety?page=2", _csrf: csrf },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(back.headers().location).toBe("/insert/eval/patient-safety?page=2");
});

test("a user who signs in from a link with redirectTo=/%09/evil.example lands on the dashboard", async ({ page, baseURL }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await page.goto("/?redirectTo=/%09/evil.example");
  await ready(page, testInfo);
  await page.getByLabel("아이디").fill("entry01");
  await page.getByLabel("비밀번호", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(`${new URL(baseURL!).origin}/dashboard`);
  await expect(page.getByTestId("user-name")).toContainText("님");
});

// -------------------------------------------------------------------------------------------------
// Content-Security-Policy

function nonceOf(csp: string | undefined): string {
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1];
  expect(nonce, `nonce in ${csp}`).toBeTruthy();
  return nonce!;
}

test("every page carries the full policy with a fresh nonce, and every script tag that nonce", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), onceIsEnough);
  await signIn(page, testInfo, "admin");
  const seen = new Set<string>();
  for (const path of ["/dashboard", "/dashboard", "/insert/eval/patient-safety?dialog=add", "/survey/registration"]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    const policies = res.headersArray().filter((h) => h.name.toLowerCase() === "content-security-policy");
    expect(policies, path).toHaveLength(1);
    const csp = policies[0].value;
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp, path).toContain(directive);
    }
    expect(/script-src[^;]*'unsafe-inline'/.test(csp), "no 'unsafe-inline' for scripts").toBe(false);
    const nonce = nonceOf(csp);
    expect(Buffer.from(nonce, "base64").length, "128-bit nonce").toBeGreaterThanOrEqual(16);
    expect(seen.has(nonce), `nonce ${nonce} used twice`).toBe(false);
    seen.add(nonce);
    const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, `${path}: Remix's scripts`).toBeGreaterThanOrEqual(3);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});

test("an editor image keeps its own sandboxing policy on top of the site's", async ({ page, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), onceIsEnough);
  await signIn(page, testInfo, "admin");
  const csrf = await csrfOf(page.request, "/management/privacy/add");
  // a 1×1 PNG, as the consent editor uploads it
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const up = await page.request.post("/management/privacy/media", {
    multipart: { _csrf: csrf, file: { name: "dot.png", mimeType: "image/png", buffer: png } },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(up.status()).toBe(200);
  const { link } = (await up.json()) as { link: string };
  const image = await page.request.get(link);
  expect(image.status()).toBe(200);
  const policies = image
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "content-security-policy")
    .map((h) => h.value);
  expect(policies).toContain("default-src 'none'; sandbox");
  expect(policies.some((p) => p.includes("frame-ancestors 'none'"))).toBe(true);
});

/** Pages a signed-in administrator opens: each kind of screen the product has. */
const SIGNED_IN_PAGES = [
  "/dashboard",
  "/insert/eval/patient-safety",
  "/insert/eval/patient-safety?dialog=add",
  "/insert/student/add?year=2026",
  "/survey/registration",
  "/management/privacy/add",
  "/messenger",
  "/eval/monitor/analysis",
];

/** Records every CSP violation of the page: console reports and `securitypolicyviolation` events. */
async function watchViolations(page: Page): Promise<{ all: () => Promise<string[]> }> {
  const fromConsole: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    all: async () => {
      const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
      return [...fromConsole, ...events];
    },
  };
}

test("with the policy on, every kind of page hydrates and reports no violation", async ({ context, browser, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "hydration and violation reports need JavaScript");
  test.setTimeout(120_000);
  // a page of its own: the recorder's init script stays with the page it is added to
  const page = await context.newPage();
  const violations = await watchViolations(page);

  // the sign-in page, signed out
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await violations.all(), "/").toEqual([]);

  await signIn(page, testInfo, "admin");
  for (const path of SIGNED_IN_PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(await violations.all(), path).toEqual([]);
  }

  // client-side navigations after hydration: a dialog of the list, then another screen (route
  // modules and the lazy route manifest come from 'self')
  await page.goto("/insert/eval/patient-safety");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("link", { name: "성적 등록" }).click();
  await expect(page).toHaveURL(/dialog=add/);
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.goto("/dashboard");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("link", { name: "메신저", exact: true }).click();
  await expect(page).toHaveURL(/\/messenger$/);
  await expect(page.getByRole("heading", { level: 1, name: "메신저" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations.all(), "client-side navigation").toEqual([]);

  // the public pages (served without scripts): no violation either, on a phone-sized window
  const publicLinks = await publicPages(page);
  const ctx = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: "ko-KR" });
  const phone = await ctx.newPage();
  const phoneViolations = await watchViolations(phone);
  for (const link of publicLinks) {
    const res = await phone.goto(link);
    expect(res?.status(), link).toBe(200);
    await phone.waitForLoadState("load");
    expect(await phoneViolations.all(), link).toEqual([]);
  }
  await ctx.close();
});

test("the policy is really enforced: an inline script without the nonce does not run and is reported", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "needs JavaScript");
  const violations = await watchViolations(page);
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const ran = await page.evaluate(async () => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = true";
    document.body.append(s);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.all()).toContainEqual(expect.stringContaining("script-src"));
});

/** A public survey answer page in use and a personal consent link, as the demo data has them. */
async function publicPages(page: Page): Promise<string[]> {
  const links: string[] = [];
  const surveys = await (await page.request.get("/survey")).text();
  for (const seq of new Set([...surveys.matchAll(/registration\?seq=(\d+)/g)].map((m) => m[1]))) {
    if ((await page.request.get(`/survey/ask/${seq}`)).status() === 200) {
      links.push(`/survey/ask/${seq}`);
      break;
    }
  }
  const forms = await (await page.request.get("/management/privacy")).text();
  for (const seq of new Set([...forms.matchAll(/\/management\/privacy\/send\/(\d+)/g)].map((m) => m[1]))) {
    const send = await (await page.request.get(`/management/privacy/send/${seq}`)).text();
    const link = /(\/send\/privacyAgree\/\d+\/\d+\?sig=[^"<\s]+)/.exec(send)?.[1]?.replaceAll("&amp;", "&");
    // a form another test set to 미사용 answers its links 404: the first form whose link opens
    if (link && (await page.request.get(link)).status() === 200) {
      links.push(link);
      break;
    }
  }
  expect(links, "a public survey page and a consent link in the demo data").toHaveLength(2);
  return links;
}

// -------------------------------------------------------------------------------------------------
// caching

test("pages and ?_data= replies are never stored; build assets stay immutable", async ({ page, request }, testInfo) => {
  test.skip(!jsEnabled(testInfo), onceIsEnough);
  await signIn(page, testInfo, "admin");
  const noStore = (res: { headers(): Record<string, string> }, what: string) => expect(res.headers()["cache-control"] ?? "", what).toContain("no-store");

  const data = [
    "/dashboard?_data=root",
    "/dashboard?_data=routes%2F_app",
    "/dashboard?_data=routes%2F_app.dashboard",
    `/insert/eval/patient-safety?_data=${encodeURIComponent("routes/_app.insert.eval.patient-safety+/_route")}`,
    `/messenger?_data=${encodeURIComponent("routes/_app.messenger+/_route")}`,
    `/survey?_data=${encodeURIComponent("routes/_app.survey+/_index")}`,
  ];
  for (const path of data) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain("application/json");
    noStore(res, path);
  }
  // a redirect answered to a script (signed out: to sign-in) too
  const guarded = await request.get("/dashboard?_data=routes%2F_app.dashboard", { maxRedirects: 0 });
  expect(guarded.headers()["x-remix-redirect"]).toBe("/?redirectTo=%2Fdashboard");
  noStore(guarded, "redirect to sign-in");

  for (const path of ["/dashboard", "/insert/eval/patient-safety", "/messenger", ...(await publicPages(page))]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    noStore(res, path);
  }
  const signInPage = await request.get("/");
  noStore(signInPage, "/ signed out");

  const asset = /<script[^>]+src="(\/build\/[^"]+\.js)"/.exec(await signInPage.text())?.[1] ?? /href="(\/build\/[^"]+\.css)"/.exec(await signInPage.text())?.[1];
  expect(asset, "a build asset").toBeTruthy();
  const cached = await page.request.get(asset!);
  expect(cached.status()).toBe(200);
  expect(cached.headers()["cache-control"]).toContain("immutable");
  expect(cached.headers()["cache-control"]).toContain("max-age=31536000");
});

// -------------------------------------------------------------------------------------------------
// malformed paths

test("a path with a malformed '%' sequence is a plain Korean 400 page, never a 500", async ({ request, page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  for (const path of ["/insert/eval/%E0%A4%A", "/%", "/%E0%A4%A", "/build/%", "/survey/ask/%ZZ", "/send/privacyAgree/1/%"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(res.headers()["content-type"], path).toContain("text/html");
    const html = await res.text();
    expect(html, path).toContain('<html lang="ko">');
    expect(html, path).toContain("주소에 잘못된 문자가 있습니다. 주소를 확인한 뒤 다시 시도하세요.");
    expect(html, path).not.toMatch(/Bad Request|URIError/);
  }
  // what a user sees, and the way back
  await page.goto("/insert/eval/%E0%A4%A");
  await expect(page.getByRole("heading", { level: 1, name: "알림" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("주소에 잘못된 문자가 있습니다. 주소를 확인한 뒤 다시 시도하세요.");
  await page.getByRole("link", { name: "처음 화면으로 이동" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "로그인" })).toBeVisible();
});

// -------------------------------------------------------------------------------------------------
// issue 37 item 9: TRACE

test("TRACE answers 405 with a plain Korean page, TRACK 400 from the HTTP parser; never a 500", async ({ request }, testInfo) => {
  test.skip(!jsEnabled(testInfo), onceIsEnough);
  // TRACK never reaches the app: Node's HTTP parser refuses a method it does not know (400)
  expect((await request.fetch("/", { method: "TRACK" })).status()).toBe(400);
  for (const method of ["TRACE"]) {
    const res = await request.fetch("/", { method });
    expect(res.status(), method).toBe(405);
    expect(res.headers().allow).toBe("GET, HEAD, POST");
    const body = await res.text();
    expect(body).toContain('<p role="alert">허용되지 않는 요청 방식입니다.</p>');
    expect(body).not.toMatch(/at .*\.js:\d+/);
  }
});
