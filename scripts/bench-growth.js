/**
 * Data a few years deep (issue 39 item 4; printed as JSON; figures, not assertions): a people list
 * of BENCH_STUDENTS (5,000) students in this year and a survey of BENCH_ANSWERS (2,000) answer
 * sheets, on a production server (server.js, the built app), signed in as admin. One request at a
 * time, p50/p99 of BENCH_GROWTH_SEQUENTIAL (40) after the first (whose time is given apart):
 * - the student list (/insert/student/document, 20 rows a page): page 1 sorted by name, the last
 *   page sorted by name (page 250 of 5,000), and a search by name (a part of a name);
 * - the survey's result page (/survey/result/{srSeq}: every question's counts and means, overall
 *   and per lecture, counted by the database, and the first 20 free texts of each text question)
 *   and the answers' Excel download (every sheet, one row each).
 * The list pages, sorts and searches in the database (lib/table-routes.server.ts: ORDER BY, LIMIT,
 * OFFSET, ILIKE); the result is counted with GROUP BY (handlers/survey-result.server.ts) and the
 * download reads the survey's answers in the database's order (ADR 0072).
 *
 * The rows are added to the demo data before the server opens the database (as bench-reports.js
 * fills its report): students copied from the year's demo records with new numbers and names,
 * answer sheets for the demo's lecture survey with choices and texts. Runs on a PGlite folder, and
 * again on a throw-away PostgreSQL (scripts/with-postgres.sh) when PostgreSQL's binaries are on the
 * machine (BENCH_POSTGRES=0 leaves it out).
 *
 *   node scripts/bench-growth.js
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { round, signedInCookie, startServer } from "./bench-lib.js";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 2_000);
const PORT = Number(process.env.BENCH_GROWTH_PORT ?? 3212);
const SEQUENTIAL = Number(process.env.BENCH_GROWTH_SEQUENTIAL ?? 40);
const SURVEY_NAME = "%강의 만족도 조사";

/** The year the list opens on (Asia/Seoul), as the server's seoulYear. */
const thisYear = () => Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));

/**
 * Adds students to this year up to STUDENTS, and answer sheets to the lecture survey up to ANSWERS,
 * on the database the server will open (DATABASE_URL, else the PGlite folder `dataDir`).
 */
async function prefill(dataDir) {
  const { tsImport } = await import("tsx/esm/api");
  const { createEmbeddedBackend } = await tsImport(path.join(root, "app/embedded/index.server.ts"), here);
  const { sql } = await import("drizzle-orm");
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const backend = await createEmbeddedBackend({ ...(databaseUrl ? { databaseUrl } : { dataDir }), demo: true, schedule: false });
  const db = backend.db;
  const rows = async (q) => {
    const r = await db.execute(q);
    return Array.isArray(r) ? r : r.rows;
  };
  const year = thisYear();
  const [{ n: have }] = await rows(sql`select count(*)::int as n from students where year = ${year} and del = 'N'`);
  const add = Math.max(0, STUDENTS - have);
  // new people, each a copy of one of the year's demo records (valid codes), with its own number and name
  await db.execute(sql`
    with tmpl as (select row_number() over (order by st_seq) as k, s.* from students s where year = ${year} and del = 'N'),
    cnt as (select count(*) as c from tmpl),
    gen as (select g, 'B' || lpad(g::text, 7, '0') as id from generate_series(1, ${add}) g),
    p as (insert into persons (us_ty, id) select '1', id from gen returning us_seq, id)
    insert into students (us_seq, year, id, name, adms_year, attn_cd, grde_cd, grdtn_year, brde, birth_place, high_school, hs_grdtn_year, adms_slctn, email, email_cd, tel_no)
    select p.us_seq, t.year, p.id,
      (array['김','이','박','최','정','강','조','윤','장','임','한','오','서','신','권'])[1 + gen.g % 15]
        || (array['민준','서연','도윤','하은','시우','지우','예준','수아','주원','지호','하준','서윤','지민','채원','건우','유진','현우','다은','준서','소율'])[1 + (gen.g / 15) % 20]
        || (array['','','','a','b'])[1 + (gen.g / 300) % 5],
      t.adms_year, t.attn_cd, t.grde_cd, t.grdtn_year, t.brde, t.birth_place, t.high_school, t.hs_grdtn_year, t.adms_slctn,
      'bench' || gen.g, t.email_cd, t.tel_no
    from p join gen on gen.id = p.id
    join tmpl t on t.k = 1 + gen.g % (select c from cnt)`);
  const [survey] = await rows(sql`select sr_seq from surveys where sr_name like ${SURVEY_NAME} and del = 'N' order by sr_seq limit 1`);
  const srSeq = survey.sr_seq;
  const [{ n: answered }] = await rows(sql`select count(*)::int as n from survey_responses where sr_seq = ${srSeq}`);
  const sheets = Math.max(0, ANSWERS - answered);
  // public sheets, each about one of the survey's lectures, spread over the last weeks
  await db.execute(sql`
    with l as (select row_number() over (order by sort, sl_seq) as k, sl_seq from survey_lectures where sr_seq = ${srSeq} and del = 'N'),
    lc as (select greatest(count(*), 1) as c from l)
    insert into survey_responses (sr_seq, sl_seq, submit_key, reg_dt)
    select ${srSeq}, (select sl_seq from l where l.k = 1 + g % (select c from lc)), 'bench-' || g, now() - make_interval(mins => g * 7)
    from generate_series(1, ${sheets}) g`);
  // one choice per single-answer question, every other item of a multiple-answer one, a text on six sheets in ten
  await db.execute(sql`
    with r as (select rs_seq from survey_responses where sr_seq = ${srSeq} and submit_key like 'bench-%'),
    q as (select sq_seq, sq_type, multi_ans from survey_questions where sr_seq = ${srSeq} and del = 'N' and sq_type in (1, 2)),
    i as (select sq_seq, si_seq, row_number() over (partition by sq_seq order by sort, si_seq) as k, count(*) over (partition by sq_seq) as c from survey_items where del = 'N')
    insert into survey_answers (rs_seq, sq_seq, si_seq, text)
    select r.rs_seq, q.sq_seq, i.si_seq, null from r cross join q join i on i.sq_seq = q.sq_seq
      where q.sq_type = 1 and ((q.multi_ans = 'N' and i.k = 1 + (r.rs_seq * 7 + q.sq_seq) % i.c) or (q.multi_ans = 'Y' and (i.k + r.rs_seq) % 2 = 0))
    union all
    select r.rs_seq, q.sq_seq, null, '실습과 연결되어 이해가 쉬웠습니다. (' || r.rs_seq || ')' from r cross join q
      where q.sq_type = 2 and (r.rs_seq + q.sq_seq) % 10 < 6`);
  const [{ n: students }] = await rows(sql`select count(*)::int as n from students where year = ${year} and del = 'N'`);
  const [{ n: responses }] = await rows(sql`select count(*)::int as n from survey_responses where sr_seq = ${srSeq}`);
  const [{ n: answers }] = await rows(sql`select count(*)::int as n from survey_answers a join survey_responses r using (rs_seq) where r.sr_seq = ${srSeq}`);
  await backend.close();
  console.log(JSON.stringify({ year, srSeq, students, responses, answers }));
}

async function pagePhase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-bench-growth-"));
  const filled = spawnSync(process.execPath, [here, "--prefill", dataDir], { cwd: root, encoding: "utf8", env: process.env });
  if (filled.status !== 0) throw new Error(`prefill failed:\n${filled.stderr.slice(-2000)}`);
  const data = JSON.parse(filled.stdout.trim().split("\n").filter((l) => l.startsWith("{")).pop());
  const { base, stop } = await startServer({ root, port: PORT, dataDir });
  try {
    const cookie = await signedInCookie(base);
    const lastPage = Math.ceil(data.students / 20);
    /** one request at a time: the first's time, then p50/p99 of SEQUENTIAL; `check` proves the answer is the page asked for */
    const oneByOne = async (url, check) => {
      let last = null;
      const ask = async () => {
        const t0 = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { Cookie: cookie } });
        const body = Buffer.from(await res.arrayBuffer());
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        last = body;
        return ms;
      };
      const firstMs = await ask();
      const problem = check(last);
      if (problem) throw new Error(`${url}: ${problem}`);
      const times = [];
      for (let i = 0; i < SEQUENTIAL; i++) times.push(await ask());
      times.sort((a, b) => a - b);
      const at = (q) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))], 0);
      return { firstMs: round(firstMs, 0), p50Ms: at(0.5), p99Ms: at(0.99), bytes: last.length };
    };
    const total = (html) => Number((/data-testid="total"[^>]*>전체 <b>([\d,]+)</.exec(html)?.[1] ?? "").replace(/,/g, ""));
    const listOf = (expect) => (buf) => {
      const html = buf.toString("utf8");
      const n = total(html);
      return expect(n, html);
    };
    const year = data.year;
    return {
      database: process.env.DATABASE_URL?.trim() ? "postgres" : "pglite",
      data,
      requests: SEQUENTIAL,
      studentList: {
        page1SortedByName: await oneByOne(`/insert/student/document?year=${year}&sort=name:asc`, listOf((n) => (n === data.students ? null : `total ${n}, not ${data.students}`))),
        [`page${lastPage}SortedByName`]: await oneByOne(`/insert/student/document?year=${year}&page=${lastPage}&sort=name:asc`, listOf((n) => (n === data.students ? null : `total ${n}`))),
        searchByName: await oneByOne(`/insert/student/document?year=${year}&value=${encodeURIComponent("민준")}`, listOf((n) => (n > 0 && n < data.students ? null : `search total ${n}`))),
      },
      survey: {
        resultPage: await oneByOne(`/survey/result/${data.srSeq}`, (buf) => (buf.toString("utf8").includes(data.responses.toLocaleString("en")) || buf.toString("utf8").includes(String(data.responses)) ? null : "the answer count is not on the page")),
        answersExcel: await oneByOne(`/survey/result/${data.srSeq}/excel`, (buf) => (buf.subarray(0, 2).toString() === "PK" ? null : "not an xlsx file")),
      },
      machineLoadAverage: os.loadavg().map((x) => round(x, 1)),
    };
  } finally {
    stop();
  }
}

const phase = process.argv[2];
if (phase === "--prefill") await prefill(process.argv[3]);
else if (phase === "--page") console.log(JSON.stringify(await pagePhase()));
else {
  const lastJson = (out) => JSON.parse(out.trim().split("\n").filter((l) => l.startsWith("{")).pop());
  const onPglite = () => {
    const r = spawnSync(process.execPath, [here, "--page"], { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: "" }, maxBuffer: 16 * 1024 * 1024 });
    return r.status === 0 ? lastJson(r.stdout) : { error: r.stderr.slice(-800) };
  };
  const hasPostgres = spawnSync("bash", ["-c", "command -v initdb || ls /usr/lib/postgresql/*/bin/initdb"], { encoding: "utf8" }).status === 0;
  const onPostgres = () => {
    const r = spawnSync("bash", [path.join(root, "scripts/with-postgres.sh"), process.execPath, here, "--page"], { cwd: root, encoding: "utf8", env: process.env, maxBuffer: 16 * 1024 * 1024 });
    return r.status === 0 ? lastJson(r.stdout) : { error: r.stderr.slice(-800) };
  };
  console.log(JSON.stringify({ node: process.version, pglite: onPglite(), postgres: process.env.BENCH_POSTGRES !== "0" && hasPostgres ? onPostgres() : undefined }, null, 2));
}
