/**
 * `npm run legacy-check -- <legacy server url>`: can this product run in front of that server?
 * (issue 33; docs/contract.md "Checking a legacy server").
 *
 * It starts the product (the production build; built first when missing) pointed at the server
 * with LEGACY_API_URL, signs in with a test account (LEGACY_CHECK_USER, LEGACY_CHECK_PASSWORD, and
 * LEGACY_CHECK_TOTP_SECRET, the secret of its second factor, when it has one or must: ADR 0068),
 * opens every screen the account's side menu reaches, one after another, and prints, screen by
 * screen:
 * - works;
 * - works without an extension: the screen says in Korean what this server does not give (one of
 *   our calls the spec does not name, docs/contract.md "Inventory"), and the calls it made;
 * - broken: a server error, or '오류가 발생하였습니다.' on the page, with the reasons the gateway
 *   logged for its calls (a missing call, a reply it could not read, an error).
 * It exits 1 when a screen is broken, 2 when it could not check at all. It only reads: the
 * screens' loaders make the read calls of the inventory, never a save (the account signs in and
 * out, nothing else).
 *
 * `checkScreens(webOrigin, user, password)` does the walk against a product already running (the
 * end-to-end tests use it on their two servers); `opts.find` marks the screens whose text has it.
 */
import { spawn, execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateTOTP } from "@epic-web/totp";
import { freePort } from "./free-port.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GENERIC = "오류가 발생하였습니다.";
/** the notes of app/schemas/messages.ko.ts OWN_MSG.extensionMissing, callMissing, surveyAskUnavailable */
const MISSING = /연결된 서버가 (.{1,40}?) ?기능을 제공하지 않아|연결된 서버가 이 기능을 제공하지 않아|이 주소에서 응답할 수 없습니다/g;

/** A cookie jar and the three requests the walk needs. */
function client(origin) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0];
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  return {
    get: async (p) => keep(await fetch(origin + p, { headers: { cookie: cookie() }, redirect: "manual" })),
    post: async (p, form) =>
      keep(await fetch(origin + p, { method: "POST", body: new URLSearchParams(form), headers: { cookie: cookie(), origin, "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" })),
  };
}

const textOf = (html) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The alert region's words (the page's own message), if any. */
const alertOf = (html) => textOf(/data-testid="alert-region"[\s\S]*?<\/div>\s*<\/div>/.exec(html)?.[0] ?? "").trim();

/**
 * Walks the screens of a running product. `logSince()` (optional) answers the gateway's log lines
 * written since the last call: the reasons of a screen's failures.
 */
export async function checkScreens(origin, user, password, logSince = () => [], opts = {}) {
  const c = client(origin);
  const signInPage = await (await c.get("/")).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(signInPage)?.[1];
  if (!csrf) throw new Error(`${origin}/ is not the product's sign-in page`);
  let signedIn = await c.post("/?index", { intent: "login", userId: user, userPass: password, _csrf: csrf });
  // the second factor (ADR 0068): the code of the account's secret, with the same CSRF token
  const totpSecret = opts.totpSecret ?? process.env.LEGACY_CHECK_TOTP_SECRET;
  if (signedIn.status === 302 && totpSecret && /\/sign-in\/otp$/.test(signedIn.headers.get("location") ?? "")) {
    const { otp } = await generateTOTP({ secret: totpSecret, period: 30 });
    signedIn = await c.post("/sign-in/otp", { intent: "totp", code: otp, _csrf: csrf });
  }
  if (signedIn.status !== 302 || !/\/dashboard|\/change-password/.test(signedIn.headers.get("location") ?? "")) {
    throw new Error(`sign-in as ${user} failed: ${alertOf(await signedIn.text()) || `HTTP ${signedIn.status}`} ${logSince().join("; ")}`);
  }
  logSince();
  const dashboard = await (await c.get("/dashboard")).text();
  const nav = /id="side-menu"[\s\S]*?<\/nav>/.exec(dashboard)?.[0] ?? "";
  const hrefs = [...nav.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]);
  const menus = hrefs.filter((h) => h.startsWith("/menu/"));
  const screens = new Set(hrefs.filter((h) => !h.startsWith("/menu/")));
  for (let i = 0; i < menus.length; i++) {
    const main = /<main[\s\S]*<\/main>/.exec(await (await c.get(menus[i])).text())?.[0] ?? "";
    for (const [, h] of main.matchAll(/href="(\/[^"?#]*)[^"]*"/g)) {
      if (!h.startsWith("/menu/")) screens.add(h);
      else if (!menus.includes(h)) menus.push(h);
    }
  }
  logSince();
  const pages = [...new Set(["/dashboard", "/myProfile", "/messenger", ...menus, ...screens])].filter((p) => !p.includes(".do"));
  const results = [];
  for (const page of pages) {
    const res = await c.get(page);
    const html = res.status < 300 ? await res.text() : "";
    const log = logSince();
    const missing = [...new Set([...textOf(html).matchAll(MISSING)].map((m) => (m[1] && m[1] !== "이" ? m[1].trim() : "이 화면의 자료")))];
    const reasons = log.map((l) => l.replace(/^\[legacy\] /, ""));
    let verdict;
    if (res.status >= 500) verdict = { state: "broken", why: [`HTTP ${res.status}`, ...reasons] };
    else if (res.status >= 300) verdict = { state: "broken", why: [`HTTP ${res.status} → ${res.headers.get("location")}`, alertOf(html)].filter(Boolean) };
    else if (!html.includes('id="side-menu"')) verdict = { state: "broken", why: ["the page has no frame", ...reasons] };
    else if (html.includes(GENERIC)) verdict = { state: "broken", why: [GENERIC, ...reasons] };
    else if (missing.length) verdict = { state: "without", why: [...missing.map((m) => `없음: ${m}`), ...reasons] };
    else verdict = { state: "works", why: [] };
    results.push({ page, ...verdict, ...(opts.find ? { found: textOf(html).includes(opts.find) } : {}) });
  }
  await c.get("/logout");
  return results;
}

export function report(results) {
  const label = { works: "works", without: "works without an extension", broken: "BROKEN" };
  const lines = results.map((r) => `${label[r.state].padEnd(28)} ${r.page}${r.why.length ? `\n${" ".repeat(29)}${r.why.join("\n" + " ".repeat(29))}` : ""}`);
  const count = (s) => results.filter((r) => r.state === s).length;
  lines.push("", `${results.length} screens: ${count("works")} work, ${count("without")} work without an extension, ${count("broken")} broken`);
  return lines.join("\n");
}

async function main() {
  const target = process.argv[2];
  const user = process.env.LEGACY_CHECK_USER;
  const password = process.env.LEGACY_CHECK_PASSWORD;
  if (!target || !/^https?:\/\//.test(target) || !user || !password) {
    console.error("usage: LEGACY_CHECK_USER=<id> LEGACY_CHECK_PASSWORD=<password> npm run legacy-check -- <https://legacy.example>");
    process.exit(2);
  }
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) execSync("npx remix build", { cwd: ROOT, stdio: "inherit" });
  const port = await freePort();
  const log = [];
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LEGACY_API_URL: target, SESSION_SECRET: randomBytes(32).toString("base64"), COOKIE_SECURE: "false", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) {
    let rest = "";
    stream.on("data", (d) => {
      const lines = (rest + d).split("\n");
      rest = lines.pop() ?? "";
      for (const l of lines) if (l.startsWith("[legacy]")) log.push(l);
    });
  }
  const stop = () => server.kill("SIGTERM");
  process.on("exit", stop);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("the product did not start");
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 600) throw new Error("the product did not start within a minute");
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`checking ${target} as ${user} (the product on ${origin})\n`);
  const results = await checkScreens(origin, user, password, () => log.splice(0));
  console.log(report(results));
  stop();
  process.exit(results.some((r) => r.state === "broken") ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`legacy-check: ${e instanceof Error ? e.message : e}`);
    process.exit(2);
  });
}
