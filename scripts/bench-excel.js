/**
 * Excel figures (printed as JSON; figures, not assertions):
 * - import: a generated 5,000-row student workbook uploaded through /api/student/excelUpload.do of
 *   the in-process embedded backend on an in-memory PGlite (multipart parsing, streamed reading,
 *   row-by-row validation with the form's schema, one upsert transaction) — first as new records,
 *   then again as updates of the same records;
 * - export: 50,000 rows through the streaming writer of app/utils/excel.server.ts, read to the end.
 * Each phase runs in its own child process so that its peak memory (resourceUsage().maxRSS and
 * sampled process.memoryUsage().rss) is its own.
 *
 *   node scripts/bench-excel.js            # both phases
 *   BENCH_IMPORT_ROWS=5000 BENCH_EXPORT_ROWS=50000 node scripts/bench-excel.js
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measured, round, runPhase } from "./bench-lib.js";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50000);

async function importPhase() {
  const { tsImport } = await import("tsx/esm/api");
  const { createEmbeddedBackend } = await tsImport(path.join(root, "app/embedded/index.server.ts"), here);
  const { xlsxBytes } = await tsImport(path.join(root, "app/utils/excel.server.ts"), here);

  const YEAR = 2030;
  const headers = ["학번", "이름", "입학년도", "학적상태", "학년", "졸업년도", "생년월일", "출신지역", "출신고교", "고교졸업년도", "입학전형", "연락처", "이메일", "이메일 도메인", "코호트동의"];
  const surnames = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
  const given = ["민준", "서연", "도윤", "하은", "지호", "수아", "예준", "지유", "시우", "채원"];
  const towns = ["서울", "부산", "대구", "인천", "광주", "대전", "경기", "강원", "전남", "경남"];
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const grade = (i % 6) + 1;
    return [
      `${YEAR}8${String(i).padStart(5, "0")}`,
      surnames[i % 10] + given[(i * 7) % 10],
      String(YEAR - grade + 1),
      "재학",
      `${grade}학년`,
      "",
      `${YEAR - grade - 18}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      towns[i % 10],
      "경기고등학교",
      String(YEAR - grade),
      "정시",
      `010-${String(2000 + (i % 8000)).padStart(4, "0")}-${String(i % 10000).padStart(4, "0")}`,
      `student${i}`,
      "gmail.com",
      i % 3 ? "Y" : "N",
    ];
  });
  const workbook = await xlsxBytes({ columns: headers.map((header, c) => ({ header, value: (r) => r[c] })), rows });

  const backend = await createEmbeddedBackend({ memory: true });
  const base = "http://embedded.invalid";
  const login = await (
    await backend.fetch(
      new Request(`${base}/api/login.do`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId: "admin", userPass: process.env.DEMO_PASSWORD || "Demo1234!", autoLogin: "N" }),
      }),
    )
  ).json();
  const token = login.result.userInfo.accessToken;
  const upload = async () => {
    const form = new FormData();
    form.set("year", String(YEAR));
    form.append("file", new Blob([workbook]), "students.xlsx");
    const res = await backend.fetch(new Request(`${base}/api/student/excelUpload.do`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form }));
    const body = await res.json();
    if (body.status !== 200) throw new Error(`upload failed: ${JSON.stringify(body).slice(0, 300)}`);
    return { successCount: body.successCount, faildCount: body.faildCount };
  };
  const inserted = await measured(upload);
  const updated = await measured(upload);
  await backend.close();
  return {
    rows: IMPORT_ROWS,
    workbookKB: round(workbook.byteLength / 1024),
    insert: { ...inserted.value, ms: inserted.ms, rowsPerSecond: round((IMPORT_ROWS / inserted.ms) * 1000, 0), rssIdleMB: inserted.rssIdleMB, rssPeakMB: inserted.rssPeakMB },
    update: { ...updated.value, ms: updated.ms, rowsPerSecond: round((IMPORT_ROWS / updated.ms) * 1000, 0), rssIdleMB: updated.rssIdleMB, rssPeakMB: updated.rssPeakMB },
    maxRssMB: round((process.resourceUsage().maxRSS * 1024) / MB),
  };
}

async function exportPhase() {
  const { tsImport } = await import("tsx/esm/api");
  const { xlsxStream } = await tsImport(path.join(root, "app/utils/excel.server.ts"), here);
  const columns = [
    { header: "학번", value: (r) => r.id },
    { header: "이름", value: (r) => r.name },
    { header: "입학년도", value: (r) => r.admsYear },
    { header: "학적상태", value: () => "재학" },
    { header: "학년", value: (r) => r.grade },
    { header: "생년월일", value: (r) => r.brde },
    { header: "출신고교", value: () => "서울과학고등학교" },
    { header: "연락처", value: (r) => r.telNo },
    { header: "이메일", value: (r) => r.email },
    { header: "메모", value: (r) => r.note },
  ];
  async function* pages() {
    for (let start = 0; start < EXPORT_ROWS; start += 1000) {
      const page = [];
      for (let i = start; i < Math.min(start + 1000, EXPORT_ROWS); i++) {
        page.push({
          id: `2026${String(i).padStart(6, "0")}`,
          name: `학생${i}`,
          admsYear: 2020 + (i % 7),
          grade: `${(i % 6) + 1}학년`,
          brde: `2005-${String((i % 12) + 1).padStart(2, "0")}-15`,
          telNo: `010-${String(i % 10000).padStart(4, "0")}-5678`,
          email: `student${i}@example.ac.kr`,
          note: i % 100 === 0 ? "=HYPERLINK(\"http://x\")" : "비고 없음",
        });
      }
      yield page;
    }
  }
  const result = await measured(async () => {
    const reader = xlsxStream({ sheetName: "학생목록", columns, pages: pages() }).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    return bytes;
  });
  return {
    rows: EXPORT_ROWS,
    workbookMB: round(result.value / MB, 2),
    ms: result.ms,
    rowsPerSecond: round((EXPORT_ROWS / result.ms) * 1000, 0),
    rssIdleMB: result.rssIdleMB,
    rssPeakMB: result.rssPeakMB,
    maxRssMB: round((process.resourceUsage().maxRSS * 1024) / MB),
  };
}

const phase = process.argv[2];
if (phase === "--import") {
  console.log(JSON.stringify(await importPhase()));
} else if (phase === "--export") {
  console.log(JSON.stringify(await exportPhase()));
} else {
  const run = (flag) => {
    const r = runPhase(root, here, flag);
    if (r.error) throw new Error(`${flag} failed:\n${r.error}`);
    return r;
  };
  const out = { node: process.version, import: run("--import"), export: run("--export") };
  console.log(JSON.stringify(out, null, 2));
}
