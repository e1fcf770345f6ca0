/**
 * Every action of a user's screens meeting a business error (issue 33; tests/e2e/spec-only.spec.ts):
 * the spec-only server answers every call of its SPEC_ONLY_FAIL_USER a business error (body status
 * 500, FAULT_MESSAGE) but signing in, the session and the menus.
 *
 * 1. The faulty user's screens: its side menu and menu pages (`checkScreens` of legacy-check).
 * 2. Their forms, as a user the server answers sees them: each screen, its dialogs (`?dialog=…`,
 *    one of each kind) and the pages its main area links to (a record's detail, a registration
 *    page: one per path pattern), opened without JavaScript; every `<form method=post>` with the
 *    values a browser would post (FormData), once per submit button, a small .xlsx in a file
 *    input of an Excel upload.
 * 3. Each posted as the faulty user (its CSRF token), as a script posts it (`_data`: the action's
 *    own reply, without the page's loaders), and the first form of each screen also as a browser
 *    without JavaScript does (the whole page). A dialog's step for each of its rows is posted for
 *    the first row only; an empty message text gets one (FILL), a list's selection its first row.
 * What is asked of every post: a status below 500 and no error page; the action's reply carries
 * the server's message (`reached`), or is the form's own refusal of its input before any call
 * (the values shown to the other user are not always valid to post again), or a redirect whose
 * page shows the message.
 */
import ExcelJS from "exceljs";
import type { APIRequestContext, APIResponse, Browser } from "@playwright/test";
import { DEMO_TOTP_SECRET, postSignIn } from "../helpers";
import { checkScreens } from "../../../scripts/legacy-check.mjs";

export interface SweptPost {
  /** the screen of the faulty user's menu the form belongs to */
  screen: string;
  /** the page the form was found on (the screen, one of its dialogs, a page it links to) */
  page: string;
  action: string;
  intent: string;
  /** how it was posted: the action alone (`data`) or as a page without JavaScript (`document`) */
  as: "data" | "document";
  status: number;
  /** the server's message is in the reply (or, after a redirect, on the page it leads to) */
  reached: boolean;
  /** what went wrong: a server error, an error page */
  error?: string;
}

interface FoundForm {
  screen: string;
  page: string;
  action: string;
  multipart: boolean;
  entries: [string, string | { file: true; accept: string }][];
  submitters: [string, string][];
}

/** What an empty field gets, so that its form reaches the server (a message's text). */
const FILL: Record<string, string> = { msg: "업무 오류 시험 메시지" };

const ERROR_PAGE = /Unexpected Server Error|Application Error|\n\s+at .+\.(ts|js|tsx|mjs):\d+/;

async function signedIn(request: APIRequestContext, origin: string, userId: string, password: string): Promise<string> {
  // the password, and the second factor of a demo administrator (helpers.ts postSignIn)
  const res = await postSignIn(request, origin, userId, password);
  if (res.status() !== 302) throw new Error(`sign-in as ${userId}: HTTP ${res.status()}`);
  const page = await (await request.get("/dashboard")).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`no CSRF token on ${userId}'s dashboard`);
  return token;
}

/** A small .xlsx of a header row and one row (an upload's file is checked before it is sent). */
async function smallWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet1");
  ws.addRow(["년도", "학번", "이름"]);
  ws.addRow([2026, "2026001", "가"]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The leaf route of a page (its `_data` id), from the page's Remix context. */
function leafRoute(html: string): string | null {
  const ctx = /window\.__remixContext = (\{[\s\S]*?\});<\/script>/.exec(html)?.[1];
  if (!ctx) return null;
  try {
    const parsed = JSON.parse(ctx) as { state?: { loaderData?: Record<string, unknown>; errors?: Record<string, unknown> | null } };
    const ids = Object.keys({ ...(parsed.state?.loaderData ?? {}), ...(parsed.state?.errors ?? {}) });
    return ids.filter((id) => id.startsWith("routes/")).pop() ?? null;
  } catch {
    return null;
  }
}

/** A link's pattern: its path with numbers as `:n`, and its dialog. */
/** one page per pattern: numbers of the path, and a record's key in the query (`?seq=`, `?cmmnCd=`: an
 * edit page besides its empty registration page) by name only */
const patternOf = (u: URL) => {
  const keys = [...u.searchParams.keys()].filter((k) => /(seq|cd|id)$/i.test(k)).sort();
  const dialog = u.searchParams.get("dialog");
  return `${u.pathname.replace(/\/\d+(?=\/|$)/g, "/:n")}${dialog ? `?dialog=${dialog}` : ""}${keys.length ? `#${keys.join(",")}` : ""}`;
};

export async function sweepActions(opts: {
  browser: Browser;
  origin: string;
  /** a user whose calls the server answers, who sees at least the faulty user's screens */
  healthy: string;
  faulty: string;
  password: string;
  faultMessage: string;
  /** the healthy user's request context (signed in here) and the faulty user's */
  healthyRequest: APIRequestContext;
  faultyRequest: APIRequestContext;
  /** only these of the faulty user's screens (an administrator's: the settings pages the other sweeps leave out) */
  only?: (screen: string) => boolean;
}): Promise<{ screens: string[]; walked: { page: string; state: string; found?: boolean }[]; posts: SweptPost[] }> {
  const { origin, faultMessage } = opts;
  // 1. the faulty user's screens (the walk signs in and out with a client of its own)
  const only = opts.only ?? (() => true);
  const walked = (await checkScreens(origin, opts.faulty, opts.password, () => [], { find: faultMessage, totpSecret: DEMO_TOTP_SECRET })).filter((r: { page: string }) => only(r.page));
  const screens = walked.map((r: { page: string }) => r.page).filter((p: string) => !p.startsWith("/menu/") && p !== "/dashboard");

  // 2. their forms as the healthy user sees them, without JavaScript
  await signedIn(opts.healthyRequest, origin, opts.healthy, opts.password);
  const state = await opts.healthyRequest.storageState();
  const ctx = await opts.browser.newContext({ baseURL: origin, javaScriptEnabled: false, locale: "ko-KR", timezoneId: "Asia/Seoul", storageState: state });
  const forms: FoundForm[] = [];
  const routeOf = new Map<string, string | null>();
  try {
    const page = await ctx.newPage();
    const seenPatterns = new Set<string>(screens.map((s: string) => patternOf(new URL(s, origin))));
    for (const screen of screens) {
      const queue = [screen];
      for (let i = 0; i < queue.length && i < 12; i++) {
        const url = queue[i];
        // a link may be a download (an evidence workbook): not a page
        const res = await page.goto(url).catch(() => null);
        if (!res || res.status() >= 300 || !(res.headers()["content-type"] ?? "").includes("text/html")) continue;
        routeOf.set(new URL(url, origin).pathname, leafRoute(await res.text()));
        const found = await page.evaluate(() => {
          const out: { action: string; multipart: boolean; entries: [string, string | { file: true; accept: string }][]; submitters: [string, string][] }[] = [];
          for (const form of Array.from(document.forms)) {
            if (form.method.toLowerCase() !== "post") continue;
            // a list's selection takes its first row, a group of choices its first choice
            for (const name of ["selected", "authTyList"]) {
              const boxes = Array.from(form.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name="${name}"]`));
              if (boxes.length && !boxes.some((b) => b.checked)) boxes[0].checked = true;
            }
            const entries: [string, string | { file: true; accept: string }][] = [];
            for (const [k, v] of new FormData(form).entries()) {
              if (typeof v === "string") entries.push([k, v]);
              else {
                const input = form.querySelector<HTMLInputElement>(`input[type=file][name="${CSS.escape(k)}"]`);
                entries.push([k, { file: true, accept: input?.accept ?? "" }]);
              }
            }
            const buttons = Array.from(document.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button, input[type=submit]")).filter(
              (b) => b.form === form && (b instanceof HTMLInputElement ? b.type === "submit" : b.type === "submit") && !b.disabled,
            );
            const submitters = [...new Map(buttons.filter((b) => b.name).map((b) => [`${b.name}=${b.value}`, [b.name, b.value] as [string, string]])).values()];
            const action = new URL(form.action || location.href);
            out.push({ action: action.pathname + action.search, multipart: form.enctype === "multipart/form-data", entries, submitters });
          }
          const links = Array.from(document.querySelectorAll<HTMLAnchorElement>("main a[href^='/']")).map((a) => a.getAttribute("href")!);
          return { forms: out, links };
        });
        for (const f of found.forms) forms.push({ screen, page: url, ...f });
        for (const href of found.links) {
          const u = new URL(href, origin);
          const pattern = patternOf(u);
          if (seenPatterns.has(pattern) || /^\/(menu|logout|build)\b|\.(xlsx|pdf|png|jpg)$|excel|download|evidence|file/i.test(u.pathname)) continue;
          // a dialog of this screen, or a page under the screen's section (a detail, a registration)
          const section = screen.split("/").slice(0, screen.split("/").length > 3 ? 3 : 2).join("/");
          if (u.pathname !== new URL(url, origin).pathname && !u.pathname.startsWith(`${section}/`) && !u.pathname.startsWith(`${section}_`)) continue;
          seenPatterns.add(pattern);
          queue.push(u.pathname + u.search);
        }
      }
    }
  } finally {
    await ctx.close();
  }

  // 3. each posted by the faulty user
  const token = await signedIn(opts.faultyRequest, origin, opts.faulty, opts.password);
  const workbook = await smallWorkbook();
  const posts: SweptPost[] = [];
  const keys = new Set<string>();
  const documentPosted = new Set<string>();
  for (const f of forms) {
    const path = new URL(f.action, origin).pathname;
    if (path === "/logout" || path === "/") continue;
    const submitters: [string, string][] = f.submitters.length ? f.submitters : [["", ""]];
    for (const [name, value] of submitters) {
      // a dialog's step for each of its rows (`lookup:3`, `removeRow:2`): the first row's is enough
      if (/^(login|logout|sync)$/.test(value) || /:[1-9]\d*$/.test(value)) continue;
      const key = `${f.action} ${name}=${value} ${f.entries.map(([k]) => k).join(",")}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
      const pairs: [string, string][] = [];
      for (const [k, v] of f.entries) {
        if (k === "_csrf") pairs.push([k, token]);
        else if (typeof v === "string") pairs.push([k, v === "" && Object.hasOwn(FILL, k) ? FILL[k] : v]);
        else if (/xlsx|spreadsheet|excel/i.test(v.accept) || /upload/i.test(value)) fields[k] = { name: "upload.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook };
      }
      if (name) pairs.push([name, value]);
      const send = async (url: string): Promise<APIResponse> => {
        const headers = { Origin: origin };
        if (f.multipart) {
          const fd = new FormData();
          for (const [k, v] of pairs) fd.append(k, v);
          for (const [k, v] of Object.entries(fields)) if (typeof v !== "string") fd.append(k, new Blob([new Uint8Array(v.buffer)], { type: v.mimeType }), v.name);
          return opts.faultyRequest.post(url, { multipart: fd, headers, maxRedirects: 0 });
        }
        return opts.faultyRequest.post(url, { data: new URLSearchParams(pairs).toString(), headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
      };
      const intent = value || f.entries.find(([k]) => k === "intent")?.[1]?.toString() || "(none)";
      // the action alone, as the scripts post it
      const route = routeOf.get(path);
      if (route) {
        const u = new URL(f.action, origin);
        u.searchParams.set("_data", route);
        const res = await send(u.pathname + u.search);
        const body = await res.text();
        let reached = body.includes(faultMessage);
        const redirect = res.headers()["x-remix-redirect"];
        if (!reached && redirect) reached = (await (await opts.faultyRequest.get(redirect)).text()).includes(faultMessage);
        const error = res.status() >= 500 ? `HTTP ${res.status()}: ${body.slice(0, 300)}` : ERROR_PAGE.test(body) ? "an error page" : undefined;
        posts.push({ screen: f.screen, page: f.page, action: f.action, intent, as: "data", status: res.status(), reached, error });
      }
      // the whole page, as a browser without JavaScript posts it (once per screen)
      if (!documentPosted.has(f.screen)) {
        documentPosted.add(f.screen);
        const res = await send(f.action);
        let body = await res.text();
        let status = res.status();
        if (status >= 300 && status < 400 && res.headers().location) {
          const next = await opts.faultyRequest.get(res.headers().location, { maxRedirects: 0 });
          body = await next.text();
          status = next.status() >= 300 && next.status() < 400 ? status : next.status();
        }
        const error = status >= 500 ? `HTTP ${status}` : ERROR_PAGE.test(body) ? "an error page" : undefined;
        posts.push({ screen: f.screen, page: f.page, action: f.action, intent, as: "document", status, reached: body.includes(faultMessage), error });
      }
    }
  }
  return { screens, walked, posts };
}
