/**
 * Issue 18 "Every action refuses bad input with a message, never a 500". The sweep discovers the
 * product itself: signed in as admin it walks the links from the dashboard (menus, lists, their
 * dialogs), GETs every page with junk query parameters, and posts every `<form method="post">` it
 * finds with hostile variants of its fields: empty, overlong, markup, SQL-looking, NUL, absurd
 * numbers and dates, an unknown intent, and a junk file for file inputs. New screens are covered
 * without new code. Every answer must be below 500 and show no stack trace nor Remix's
 * 'Unexpected Server Error'. Raw HTTP, no browser: project js only.
 *
 * Left alone: the forms that would change what other tests rely on (logout, the profile and
 * password forms, sign-in, a report's sync); deletes are posted only with junk keys (every field of a variant is
 * junk, the CSRF token aside).
 */
import { expect, test, type APIRequestContext } from "./fixtures";
import { DEMO_PASSWORD, postSignIn } from "./helpers";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "raw HTTP: a browser without JavaScript changes nothing");
});

/** at most this many pages are walked (the product has about 60 screens and their dialogs) */
const MAX_PAGES = 120;

/** runs `work` on every item, three at a time (the server has two cores) */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

const JUNK_QUERY = "page=-1&size=1e9&sort=%3Bdrop&order=%27%20OR%201%3D1%20--&year=abcd&dialog=..%2F..%2Fetc&key=%00&q=%3Cscript%3E";

/** a server error a user must never see */
function expectNoServerError(what: string, status: number, body: string) {
  expect(status, `${what}: status`).toBeLessThan(500);
  expect(body, `${what}: Remix's error page`).not.toContain("Unexpected Server Error");
  expect(/\n\s+at .+\.(ts|js|tsx|mjs):\d+/.test(body), `${what}: a stack trace`).toBe(false);
}

interface Field {
  name: string;
  type: string;
  value: string;
}
interface FoundForm {
  page: string;
  action: string;
  multipart: boolean;
  fields: Field[];
  /** the values of its submit buttons named `intent` (one post per intent) */
  intents: string[];
}

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return m ? m[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">") : undefined;
};

/** The post forms of a page: action, enctype, named fields, the intents of its buttons. */
function formsOf(page: string, html: string): FoundForm[] {
  const forms: FoundForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const open = `<form${m[1]}>`;
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = attr(open, "action") ?? page;
    const fields: Field[] = [];
    const intents: string[] = [];
    for (const t of m[2].matchAll(/<(input|textarea|select|button)\b[^>]*>/gi)) {
      const tag = t[0];
      const name = attr(tag, "name");
      if (!name) continue;
      const kind = t[1].toLowerCase();
      const type = kind === "input" ? (attr(tag, "type") ?? "text").toLowerCase() : kind;
      if (kind === "button" || type === "submit") {
        if (name === "intent" && attr(tag, "value")) intents.push(attr(tag, "value")!);
        continue;
      }
      fields.push({ name, type, value: attr(tag, "value") ?? "" });
    }
    forms.push({ page, action, multipart: /multipart\/form-data/i.test(attr(open, "enctype") ?? ""), fields, intents: [...new Set(intents)] });
  }
  return forms;
}

/** forms the sweep leaves alone (see the header) */
function leftAlone(f: FoundForm): boolean {
  const path = new URL(f.action, "http://x").pathname;
  if (["/logout", "/profile", "/myProfile"].includes(path) || path === "/") return true;
  if (f.fields.some((x) => x.type === "password")) return true;
  // a report's sync has no input to spoil, and one that went through would hold that report's
  // button for 10 minutes, where reports.spec presses it (reports.spec and the contract tests post it);
  // the header's 'mark all read' has only its way back, which web-hardening posts hostile, and
  // would mark the administrator's messages read
  return [...f.intents, ...f.fields.filter((x) => x.name === "intent").map((x) => x.value)].some((i) => /password|logout|login|^sync$|^readAll$/i.test(i));
}

const LONG = "가".repeat(10_000);
/** each variant: the value of every field, by its type */
const VARIANTS: { name: string; value: (type: string) => string }[] = [
  { name: "empty", value: () => "" },
  { name: "overlong", value: () => LONG },
  { name: "markup", value: () => '<script>alert(1)</script><img src=x onerror=alert(1)>"\'' },
  { name: "sql", value: () => "' OR 1=1 --" },
  { name: "nul", value: () => "a\u0000b" },
  { name: "numbers", value: (type) => (type === "date" ? "1e309" : type === "number" ? "99999999999" : "-1") },
  { name: "dates", value: () => "9999-99-99" },
];

async function signInAdmin(request: APIRequestContext, baseURL: string) {
  // the password and the demo administrator's second factor (helpers.ts postSignIn)
  const res = await postSignIn(request, baseURL, "admin", DEMO_PASSWORD);
  expect(res.status(), "admin signs in").toBe(302);
}

/** same-origin page links worth walking: no assets, no logout; one per path, plus each dialog */
function linksOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/href="(\/[^"#]*)"/g)) {
    const href = m[1].replace(/&amp;/g, "&");
    const u = new URL(href, "http://x");
    if (/^\/(build|favicon|logout)|\.(css|js|svg|png|ico)$/.test(u.pathname)) continue;
    const dialog = u.searchParams.get("dialog");
    out.push(dialog ? `${u.pathname}?dialog=${encodeURIComponent(dialog)}` : u.pathname);
  }
  return out;
}

test("every page and every form of the product refuses hostile input with a message, never a 500", async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  await signInAdmin(request, baseURL!);

  // ---- discovery: the pages reachable from the dashboard, and their forms
  const seen = new Set<string>(["/dashboard"]);
  const queue = ["/dashboard"];
  const forms: FoundForm[] = [];
  const formKeys = new Set<string>();
  while (queue.length && seen.size <= MAX_PAGES) {
    const path = queue.shift()!;
    const res = await request.get(path, { maxRedirects: 0 });
    const body = await res.text();
    expectNoServerError(`GET ${path}`, res.status(), body);
    if (res.status() !== 200 || !/text\/html/.test(res.headers()["content-type"] ?? "")) continue;
    for (const f of formsOf(path, body)) {
      const key = `${f.action} ${f.multipart} ${f.fields.map((x) => x.name).sort().join(",")} ${f.intents.join(",")}`;
      if (formKeys.has(key) || leftAlone(f)) continue;
      formKeys.add(key);
      forms.push(f);
    }
    for (const link of linksOf(body)) {
      if (seen.has(link) || seen.size > MAX_PAGES) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  // the walk reached the product, not only the dashboard
  expect(seen.size, "pages found").toBeGreaterThan(20);
  expect(forms.length, "forms found").toBeGreaterThan(10);

  // ---- every page with junk query parameters (a page's dialog link keeps its dialog)
  await inParallel([...seen], async (path) => {
    const url = `${path}${path.includes("?") ? "&" : "?"}${JUNK_QUERY}`;
    const res = await request.get(url, { maxRedirects: 0 });
    expectNoServerError(`GET ${url}`, res.status(), await res.text());
  });

  // ---- every form, posted with each variant (the CSRF token of its page kept)
  for (const f of forms) {
    const intents = f.intents.length ? f.intents : [f.fields.find((x) => x.name === "intent")?.value ?? ""];
    const posts: { what: string; intent: string; value: (type: string) => string; file?: boolean }[] = [];
    // every variant with the form's first intent; its other intents (a list's delete, copy …) get
    // the markup one (junk keys), which keeps the sweep within its time on two busy cores
    intents.forEach((intent, i) => {
      for (const v of i === 0 ? VARIANTS : VARIANTS.filter((x) => x.name === "markup")) posts.push({ what: v.name, intent, value: v.value });
    });
    posts.push({ what: "unknown intent", intent: "nonsense", value: () => "1" });
    if (f.fields.some((x) => x.type === "file")) posts.push({ what: "junk file", intent: intents[0], value: () => "1", file: true });
    await inParallel(posts, async (p) => {
      const data: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
      for (const field of f.fields) {
        if (field.name === "_csrf") data[field.name] = field.value;
        else if (field.name === "intent") continue;
        else if (field.type === "file") {
          // a junk file of 300 KB: over the form limit, so a multipart form's path must be an upload
          // path (app/utils/body-limit.server.ts) or this post is the 413
          if (p.file) data[field.name] = { name: "junk.xlsx", mimeType: "application/octet-stream", buffer: Buffer.alloc(300 * 1024, 0x41) };
        } else data[field.name] = p.value(field.type);
      }
      if (p.intent) data.intent = p.intent;
      const what = `POST ${f.action} (${f.page}) ${p.what} intent=${p.intent}`;
      const headers = { Origin: baseURL! };
      const res = f.multipart
        ? await request.post(f.action, { multipart: data, headers, maxRedirects: 0 })
        : await request.post(f.action, { form: Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === "string")), headers, maxRedirects: 0 });
      const body = await res.text();
      expectNoServerError(what, res.status(), body);
      if (p.file) expect(res.status(), `${what}: the upload path takes a file over 256 KB`).not.toBe(413);
    });
  }
  test.info().annotations.push({ type: "swept", description: `${seen.size} pages, ${forms.length} forms` });
});
