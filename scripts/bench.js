/**
 * `npm run bench`: serves the production build on loopback and prints, as JSON,
 * - requests/s of the sign-in page and of a bare route (/healthz) measured in the same run
 *   with autocannon, and their ratio;
 * - for the sign-in page, the dashboard, the student list, the patient-safety list and one
 *   evaluation page (signed in as admin): requests/s under 10 connections, and the latency of
 *   one connection asking one request at a time, the pages taking turns (p50, p99 of 200 each after
 *   20 rounds of warm-up), with the
 *   list and dashboard p50 as a multiple of the sign-in page's (the goals of
 *   docs/decisions/0015-page-speed.md);
 * - the gzipped bytes of JavaScript and CSS each page loads;
 * - the public survey answer page's total transfer (HTML + CSS, gzipped) and its JavaScript
 *   bytes (goal: 0), on the seeded survey 1;
 * - from scripts of their own, each with its own server or database: Excel import and export
 *   (bench-excel.js), synced reports (bench-reports.js), a mixed load of 20 users (bench-mixed.js),
 *   a people list of 5,000 students and a survey of 2,000 answer sheets on PGlite and PostgreSQL
 *   (bench-growth.js); BENCH_EXCEL=0, BENCH_REPORTS=0, BENCH_MIXED=0, BENCH_GROWTH=0 leave one out.
 * Figures, not assertions: machines are noisy, compare ratios from one run.
 */
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { signedInCookie, startServer } from "./bench-lib.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const WARM_UP = 20;
const base = `http://127.0.0.1:${PORT}`;
/** what a browser asks for: the pages are measured compressed, as they are served */
const ACCEPT = { "Accept-Encoding": "gzip, deflate, br" };

// BUILD_DIR (see remix.config.js): server.js serves that build when the variable is set
const buildDir = process.env.BUILD_DIR ? path.resolve(root, process.env.BUILD_DIR) : path.join(root, "build");
if (!fs.existsSync(path.join(buildDir, "index.js"))) execSync("npx remix build", { cwd: root, stdio: "inherit" });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-bench-"));
const { stop } = await startServer({ root, port: PORT, dataDir });

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: DURATION, headers: { ...ACCEPT, ...headers } }, (err, r) => {
      if (err) return reject(err);
      // a page that failed or redirected (to sign-in) would be measured as fast
      if (r.non2xx || r.errors) return reject(new Error(`${url}: ${r.non2xx} answers not 2xx, ${r.errors} errors`));
      resolve(r);
    });
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** One request's time to its whole body; any answer but 200 stops the bench (a page that redirects to the sign-in page would be measured as fast). */
async function timed(url, headers) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { ...ACCEPT, ...headers }, redirect: "manual" });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return ms;
}

/**
 * One connection, one request at a time (fetch keeps the connection alive): the time to the
 * whole body of each, after warm-up requests.
 * - `turns`: the pages take turns, one request each per round, so a machine that slows down or
 *   speeds up during the run weighs on every page alike and the ratios between them hold
 *   (measured page after page, the ratios of two runs of one build differed by a fifth). Each page
 *   then also runs after the others, with colder caches: the sign-in page, the smallest, loses
 *   most, so these ratios come out about a tenth lower than page after page.
 * - `pageByPage`: each page's requests all together, one page after the other.
 */
async function sequential(pages, order) {
  const names = Object.keys(pages);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  if (order === "turns") {
    for (let turn = 0; turn < WARM_UP + SEQUENTIAL; turn++) {
      // each page in turn, starting one further each round (no page always follows the same one)
      for (let k = 0; k < names.length; k++) {
        const name = names[(turn + k) % names.length];
        const ms = await timed(...pages[name]);
        if (turn >= WARM_UP) times[name].push(ms);
      }
    }
  } else {
    for (const name of names) {
      for (let i = 0; i < WARM_UP + SEQUENTIAL; i++) {
        const ms = await timed(...pages[name]);
        if (i >= WARM_UP) times[name].push(ms);
      }
    }
  }
  const round = (v) => Number(v.toFixed(1));
  const stats = (t) => {
    t.sort((a, b) => a - b);
    return { p50: round(quantile(t, 0.5)), p99: round(quantile(t, 0.99)), mean: round(t.reduce((a, b) => a + b, 0) / t.length) };
  };
  return Object.fromEntries(names.map((n) => [n, stats(times[n])]));
}

/** A seeded evaluation of the patient-safety scores (evaluation 1, menu 34), this year's. */
const EVAL_PAGE = `/insert/eval/patient-safety/1/34/${new Date().getFullYear()}`;

async function assets(pagePath, headers = {}) {
  const html = await (await fetch(`${base}${pagePath}`, { headers })).text();
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"[^>]*>/g)) {
    const tag = m[0];
    const href = m[1];
    if (href.endsWith(".js") && (tag.startsWith("<script") || /modulepreload/.test(tag))) js.add(href);
    if (href.endsWith(".css") && /stylesheet/.test(tag)) css.add(href);
  }
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["']([^"']+\.js)["']/g)) js.add(m[1]);
  const size = async (list) => {
    let raw = 0;
    let gz = 0;
    for (const href of list) {
      const buf = Buffer.from(await (await fetch(new URL(href, base))).arrayBuffer());
      raw += buf.length;
      gz += gzipSync(buf).length;
    }
    return { files: list.size, bytes: raw, gzipBytes: gz };
  };
  return { js: await size(js), css: await size(css), htmlGzipBytes: gzipSync(Buffer.from(html)).length };
}

/** A personal consent link (R14) from the outbox of the first consent form that has one. */
async function consentLink(cookie) {
  const list = await (await fetch(`${base}/management/privacy`, { headers: { Cookie: cookie } })).text();
  for (const [, seq] of list.matchAll(/href="\/management\/privacy\/send\/(\d+)"/g)) {
    const page = await (await fetch(`${base}/management/privacy/send/${seq}`, { headers: { Cookie: cookie } })).text();
    const m = page.match(/\/send\/privacyAgree\/\d+\/\d+\?sig=[A-Za-z0-9._-]+/);
    if (m) return m[0];
  }
  return null;
}

/**
 * A benchmark script of its own (bench-excel.js, bench-reports.js, bench-mixed.js), run in a child
 * process with its own server or database: the JSON it prints, or the end of its error output.
 */
function childReport(script) {
  const r = spawnSync(process.execPath, [path.join(root, "scripts", script)], { cwd: root, encoding: "utf8", env: process.env, maxBuffer: 16 * 1024 * 1024 });
  try {
    return JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
  } catch {
    return { error: (r.stderr || r.stdout).slice(-500) };
  }
}

/** A line on stderr as each part starts (the JSON comes at the end, after some minutes of children). */
const began = Date.now();
const step = (what) => process.stderr.write(`[bench] ${Math.round((Date.now() - began) / 1000)} s: ${what}\n`);

try {
  step("requests/s of six pages, 10 connections");
  await run(`${base}/healthz`); // warm-up
  const bare = await run(`${base}/healthz`);
  const signin = await run(`${base}/`);
  const cookie = await signedInCookie(base);
  const dashboard = await run(`${base}/dashboard`, { Cookie: cookie });
  const studentList = await run(`${base}/insert/student/document`, { Cookie: cookie });
  const scoreList = await run(`${base}/insert/eval/patient-safety`, { Cookie: cookie });
  const evalPage = await run(`${base}${EVAL_PAGE}`, { Cookie: cookie });
  // single-connection latency (nothing else runs meanwhile): the pages taking turns, then page by page
  const withCookie = { Cookie: cookie };
  const pages = {
    signInPage: [`${base}/`, {}],
    dashboard: [`${base}/dashboard`, withCookie],
    studentList: [`${base}/insert/student/document`, withCookie],
    patientSafetyList: [`${base}/insert/eval/patient-safety`, withCookie],
    evaluationPage: [`${base}${EVAL_PAGE}`, withCookie],
  };
  step(`one connection, ${SEQUENTIAL} requests a page`);
  const single = await sequential(pages, "turns");
  const pageByPage = await sequential(pages, "pageByPage");
  const toSignIn = (of) => ({
    dashboard: Number((of.dashboard.p50 / of.signInPage.p50).toFixed(2)),
    studentList: Number((of.studentList.p50 / of.signInPage.p50).toFixed(2)),
    patientSafetyList: Number((of.patientSafetyList.p50 / of.signInPage.p50).toFixed(2)),
    evaluationPage: Number((of.evaluationPage.p50 / of.signInPage.p50).toFixed(2)),
  });
  step("each page's scripts and styles");
  const report = {
    seconds: DURATION,
    connections: 10,
    requestsPerSecond: {
      bareRoute: Math.round(bare.requests.average),
      signInPage: Math.round(signin.requests.average),
      dashboard: Math.round(dashboard.requests.average),
      studentList: Math.round(studentList.requests.average),
      patientSafetyList: Math.round(scoreList.requests.average),
      evaluationPage: Math.round(evalPage.requests.average),
    },
    signInToBareRatio: Number((signin.requests.average / bare.requests.average).toFixed(3)),
    studentListToBareRatio: Number((studentList.requests.average / bare.requests.average).toFixed(4)),
    latencyP99Ms: {
      bareRoute: bare.latency.p99,
      signInPage: signin.latency.p99,
      dashboard: dashboard.latency.p99,
      studentList: studentList.latency.p99,
      patientSafetyList: scoreList.latency.p99,
      evaluationPage: evalPage.latency.p99,
    },
    singleConnection: {
      requests: SEQUENTIAL,
      evaluationPage: EVAL_PAGE,
      order: "the pages taking turns",
      latencyMs: single,
      p50ToSignInPage: toSignIn(single),
      pageByPage: { latencyMs: pageByPage, p50ToSignInPage: toSignIn(pageByPage) },
    },
    pageAssets: {
      "/": await assets("/"),
      "/dashboard": await assets("/dashboard", { Cookie: cookie }),
      "/insert/student/document": await assets("/insert/student/document", { Cookie: cookie }),
      "/insert/eval/patient-safety": await assets("/insert/eval/patient-safety", { Cookie: cookie }),
      "/management/privacy/add": await assets("/management/privacy/add", { Cookie: cookie }),
      "/survey/ask/1": await assets("/survey/ask/1"),
    },
  };
  // P14 the public answer page (a seeded survey): what a phone downloads, and its JavaScript (goal 0)
  const ask = report.pageAssets["/survey/ask/1"];
  report.publicAnswerPage = {
    path: "/survey/ask/1",
    totalTransferredGzipBytes: ask.htmlGzipBytes + ask.css.gzipBytes + ask.js.gzipBytes,
    htmlGzipBytes: ask.htmlGzipBytes,
    cssGzipBytes: ask.css.gzipBytes,
    jsBytes: ask.js.bytes,
  };
  // R14 the public consent page: a seeded personal link from a send page's outbox, as a phone gets it
  const consentPath = await consentLink(cookie);
  if (consentPath) {
    const consent = await assets(consentPath);
    report.publicConsentPage = {
      path: consentPath.replace(/sig=.*/, "sig=…"),
      totalTransferredGzipBytes: consent.htmlGzipBytes + consent.css.gzipBytes + consent.js.gzipBytes,
      htmlGzipBytes: consent.htmlGzipBytes,
      cssGzipBytes: consent.css.gzipBytes,
      jsBytes: consent.js.bytes,
    };
  }
  /** A bench of its own (its own server or database), unless its variable says 0. */
  const child = (variable, script) => {
    if (process.env[variable] === "0") return undefined;
    step(script);
    return childReport(script);
  };
  // Excel: 5,000-row student import and 50,000-row export (time and peak memory)
  report.excel = child("BENCH_EXCEL", "bench-excel.js");
  // synced reports (issue 12): a 50,000-row sync (time, peak memory) and a report page over 50,000 rows
  report.syncedReports = child("BENCH_REPORTS", "bench-reports.js");
  // mixed load (issue 18): 20 signed-in users for 30 s (lists, saves, downloads): requests/s, p99, errors, peak memory
  report.mixedLoad = child("BENCH_MIXED", "bench-mixed.js");
  // data a few years deep (issue 39): 5,000 students' list pages and search, a 2,000-sheet survey's result and Excel
  report.dataGrowth = child("BENCH_GROWTH", "bench-growth.js");
  step("done");
  console.log(JSON.stringify(report, null, 2));
} finally {
  stop();
}
