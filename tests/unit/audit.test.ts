/**
 * The audit log (issue 17, ADR 0028): masking as in user management, the before → after of the
 * changed fields, that secrets never enter a row, and that the database keeps the table
 * append-only (UPDATE, DELETE and TRUNCATE refused; only rows older than two years may go).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { memoryBackend } from "../memory-backend";
import {
  appendAudit,
  audit,
  auditPages,
  auditStore,
  type AuditStore,
  auditRow,
  diffFields,
  diffText,
  fieldsText,
  formFields,
  maskField,
  searchAudit,
} from "~/utils/audit.server";
import { AUDIT_ADDITIONS_BLOCK } from "~/utils/ddl.server";
import { maskEmail, maskName, maskPhone } from "~/utils/mask";
import { formDataOf } from "./form-helpers";

describe("masking", () => {
  it("masks the second character of a name, the middle of a phone, the last 3 of an e-mail", () => {
    expect(maskName("홍길동")).toBe("홍*동");
    expect(maskName("남궁민수")).toBe("남*민수");
    expect(maskName("김철")).toBe("김*");
    expect(maskPhone("010-1234-5678")).toBe("010-****-5678");
    expect(maskPhone("011-852-3301")).toBe("011-***-3301");
    expect(maskPhone("01012345678")).toBe("010****5678");
    expect(maskEmail("seoyeon.lee@example.com")).toBe("seoyeon.***@example.com");
    expect(maskEmail("ab@x.kr")).toBe("**@x.kr");
  });

  it("masks by field name and drops secrets", () => {
    expect(maskField("userNm", "이서연")).toBe("이*연");
    expect(maskField("name", "김도윤")).toBe("김*윤");
    expect(maskField("usNm", "박지훈")).toBe("박*훈");
    expect(maskField("rows[0].name", "김도윤")).toBe("김*윤");
    expect(maskField("mngrNm", "최민서")).toBe("최*서");
    // the names of departments, courses and subjects are no personal data: as they were
    expect(maskField("dptNm", "내과학교실")).toBe("내과학교실");
    expect(maskField("currNm", "인체구조와기능")).toBe("인체구조와기능");
    expect(maskField("tgetNm", "본과 1학년")).toBe("본과 1학년");
    expect(maskField("telNo", "010-2841-5037")).toBe("010-****-5037");
    expect(maskField("email", "doyun.kim@univ.ac.kr")).toBe("doyun.***@univ.ac.kr");
    for (const k of ["password", "userPw", "newPassword", "accessToken", "codeHash", "file", "csrf"]) expect(maskField(k, "x")).toBeUndefined();
    expect(maskField("grd", "A")).toBe("A");
  });
});

describe("the diff of changed fields", () => {
  it("lists only the fields that changed, before → after, masked, without secrets", () => {
    const before = { id: "2025001", name: "김도윤", attn: "10", grd: "B", userPw: "old-secret" };
    const after = { id: "2025001", name: "김도현", attn: "10", grd: "A", userPw: "new-secret" };
    const d = diffFields(before, after);
    expect(d).toEqual({ name: ["김*윤", "김*현"], grd: ["B", "A"] });
    expect(diffText(d)).toBe("name: 김*윤 → 김*현; grd: B → A");
  });

  it("a new record shows its fields after (없음 before)", () => {
    expect(diffText(diffFields({}, { grd: "A" }))).toBe("grd: (없음) → A");
  });
});

describe("secrets never enter a row", () => {
  it("form fields leave out passwords, tokens, codes, files and the plumbing", () => {
    const form = formDataOf({
      userId: "staff07",
      userPw: "Secret!2026",
      code: "123456",
      accessToken: "eyJ.secret",
      intent: "save",
      __rvfInternalFormId: "x",
      file: new File([new Uint8Array([1, 2, 3])], "a.xlsx"),
      telNo: "010-1111-2222",
    });
    expect(formFields(form)).toEqual({ userId: "staff07", telNo: "010-1111-2222" });
    expect(fieldsText(formFields(form))).toBe("userId=staff07, telNo=010-****-2222");
  });

  it("a detail that names a secret has its value removed", () => {
    const r = auditRow({ userId: "admin" }, { action: "admin", target: "x", detail: "password=Secret!2026, token: abc.def, grd=A" });
    expect(r.detail).toBe("password=[제외], token: [제외], grd=A");
    expect(JSON.stringify(r)).not.toContain("Secret!2026");
  });
});

describe("the store", () => {
  // the migrated, seeded test database (migration 0008 made the table and its triggers)
  let opened: EmbeddedBackend;
  beforeAll(async () => {
    opened = await memoryBackend();
    // what every store runs at its opening (auditStore): the outcome column (ADR 0067)
    await opened.db.execute(sql.raw(AUDIT_ADDITIONS_BLOCK));
  }, 60_000);
  afterAll(() => opened.close());

  it("appends and finds rows newest first by period, user, action and target", async () => {
    await appendAudit(opened.db, { userId: "staff07", address: "10.0.0.1" }, { action: "signInFailed", target: "staff07" });
    await appendAudit(opened.db, { userId: "staff07", address: "10.0.0.1" }, { action: "signIn", target: "staff07" });
    await appendAudit(opened.db, { userId: "admin" }, { action: "excelDownload", target: "/insert/eval/patient-safety", detail: "year=2025" });
    const all = await searchAudit(opened.db, {}, 1, 20);
    expect(all.rows.map((r) => r.action)).toEqual(["excelDownload", "signIn", "signInFailed"]);
    expect((await searchAudit(opened.db, { userId: "STAFF07" }, 1, 20)).total).toBe(2);
    expect((await searchAudit(opened.db, { action: "signIn" }, 1, 20)).rows.map((r) => r.userId)).toEqual(["staff07"]);
    expect((await searchAudit(opened.db, { target: "patient" }, 1, 20)).total).toBe(1);
    expect((await searchAudit(opened.db, { from: "2000-01-01", to: "2000-12-31" }, 1, 20)).total).toBe(0);
    const pages: string[] = [];
    for await (const page of auditPages(opened.db, {}, 2)) pages.push(page.map((r) => r.action).join(","));
    expect(pages).toEqual(["excelDownload,signIn", "signInFailed"]);
  });

  it("refuses UPDATE, DELETE and TRUNCATE; lets only rows older than two years be purged", async () => {
    await appendAudit(opened.db, { userId: "admin" }, { action: "admin", target: "t" });
    // the database's own refusal (Drizzle wraps it: the cause is PostgreSQL's error)
    const refusal = (q: Promise<unknown>) => q.then(() => "done", (e: Error & { cause?: Error }) => e.cause?.message ?? e.message);
    expect(await refusal(opened.db.execute(sql`UPDATE "audit_log" SET "detail" = 'changed'`))).toBe("audit_log is append-only");
    expect(await refusal(opened.db.execute(sql`DELETE FROM "audit_log"`))).toBe("audit_log is append-only");
    expect(await refusal(opened.db.execute(sql`TRUNCATE "audit_log"`))).toBe("audit_log is append-only");
    expect((await searchAudit(opened.db, {}, 1, 100)).rows.every((r) => r.detail !== "changed")).toBe(true);
    // a row written three years ago (as it would be after a restore) may be purged
    await opened.db.execute(sql`INSERT INTO "audit_log" ("at", "action") VALUES (now() - interval '3 years', 'signIn')`);
    const before = (await searchAudit(opened.db, {}, 1, 100)).total;
    await opened.db.execute(sql`DELETE FROM "audit_log" WHERE "at" < now() - interval '2 years'`);
    expect((await searchAudit(opened.db, {}, 1, 100)).total).toBe(before - 1);
  });
});

describe("with a real legacy server (LEGACY_API_URL): the web tier's own store", () => {
  const KEY = Symbol.for("medu-eval.audit-store");
  const g = globalThis as { [KEY]?: Promise<AuditStore> };
  const saved = { url: process.env.LEGACY_API_URL, dataDir: process.env.DATA_DIR, db: process.env.DATABASE_URL };
  let dataDir: string;
  let previous: Promise<AuditStore> | undefined;
  beforeAll(() => {
    previous = g[KEY];
    delete g[KEY];
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-audit-"));
    process.env.LEGACY_API_URL = "http://legacy.invalid";
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    await (await g[KEY])?.close?.();
    if (previous) g[KEY] = previous;
    else delete g[KEY];
    for (const [k, v] of [["LEGACY_API_URL", saved.url], ["DATA_DIR", saved.dataDir], ["DATABASE_URL", saved.db]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the rows in a PGlite folder of its own under DATA_DIR, append-only, and finds them after a reopen", async () => {
    await audit({ userId: "entry01", address: "10.0.0.9" }, { action: "signIn", target: "entry01" });
    await audit({ userId: "entry01" }, { action: "excelDownload", target: "/insert/student/document", detail: "year=2026" });
    const store = await auditStore();
    expect(fs.existsSync(path.join(dataDir, "audit-pglite"))).toBe(true);
    const refused = await store.db.execute(sql`DELETE FROM "audit_log"`).then(
      () => "done",
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(refused).toBe("audit_log is append-only");
    // closed and opened again (a restart): the same rows, the statements applied again without harm
    await store.close?.();
    delete g[KEY];
    const again = await auditStore();
    const found = await searchAudit(again.db, { userId: "entry01" }, 1, 20);
    expect(found.rows.map((r) => r.action)).toEqual(["excelDownload", "signIn"]);
    expect(found.rows[1].address).toBe("10.0.0.9");
  }, 60_000);
});
