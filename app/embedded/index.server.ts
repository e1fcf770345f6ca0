/**
 * The embedded backend: opens the database (PGlite in `${DATA_DIR}/pglite`, in memory, or
 * PostgreSQL with DATABASE_URL), applies migrations, seeds an empty database (the people records
 * and the high-school directory whenever their tables are empty), stores the user
 * manual in the file storage when it is missing or changed, and answers the
 * `.do` contract through `fetch(Request)`. The legacy gateway calls it in-process when
 * LEGACY_API_URL is unset; `npm run legacy` serves it over HTTP.
 */
import { createEmbeddedApp } from "./app.server";
import { migrateDatabase, openDatabase, type Db, type DbKind, type OpenDbOptions } from "./db/client.server";
import { seedPatientSafetyIfEmpty } from "./db/seed-patient-safety.server";
import { seedPeopleIfEmpty } from "./db/seed-people.server";
import { seedMedicalLawIfEmpty } from "./db/seed-medical-law.server";
import { seedSurveysIfEmpty } from "./db/seed-surveys.server";
import { seedPrivacyIfEmpty } from "./db/seed-privacy.server";
import { seedRelearningIfEmpty } from "./db/seed-relearning.server";
import { seedAnalysisAchievementIfEmpty } from "./db/seed-analysis-achievement.server";
import { seedIfEmpty, syncManual } from "./db/seed.server";
import { seedReportsIfEmpty } from "./db/seed-reports.server";
import type { Pool } from "pg";
import type { ReportDeps } from "./lib/context.server";
import { demoSources } from "./reports/demo-source.server";
import { startSchedule } from "./reports/schedule.server";

export interface EmbeddedBackendOptions {
  /** Data folder (PGlite files go to `${dataDir}/pglite`). Default env DATA_DIR, else ./data. */
  dataDir?: string;
  /** PostgreSQL connection URL. Default env DATABASE_URL. */
  databaseUrl?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** The synced reports' sources and clock (default: the demo sources, the real time). */
  reports?: Partial<ReportDeps>;
  /** Run the quarterly sync schedule (default: yes, except in memory). */
  schedule?: boolean;
  /** With `memory`: start from this image of a migrated, seeded database (`EmbeddedBackend.image`). */
  image?: Blob;
}

export interface EmbeddedBackend {
  fetch(req: Request): Promise<Response>;
  close(): Promise<void>;
  db: Db;
  /** Which database is underneath. */
  kind: DbKind;
  /** Whether this start seeded the demo data. */
  seeded: boolean;
  /** PGlite only: an image of the database, for in-memory backends to start from (the tests share one). */
  image?: () => Promise<Blob>;
  /** PostgreSQL only: the connection pool, shared with the rate limits (app/utils/rate-limit.server.ts). */
  pool?: Pool;
}

function resolveOptions(opts?: EmbeddedBackendOptions): OpenDbOptions {
  if (opts?.memory) return { memory: true, image: opts.image };
  if (opts?.databaseUrl) return { databaseUrl: opts.databaseUrl };
  if (opts?.dataDir) return { dataDir: opts.dataDir };
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { databaseUrl: url };
  return { dataDir: process.env.DATA_DIR?.trim() || "./data" };
}

/** Opens, migrates, seeds (when empty) and answers a ready backend. */
export async function createEmbeddedBackend(opts?: EmbeddedBackendOptions): Promise<EmbeddedBackend> {
  const opened = await openDatabase(resolveOptions(opts));
  const reports: ReportDeps = { sources: opts?.reports?.sources ?? demoSources(), now: opts?.reports?.now ?? (() => new Date()) };
  let seeded = false;
  try {
    await opened.withStartupLock(async () => {
      await migrateDatabase(opened);
      seeded = await seedIfEmpty(opened.db);
      await seedPeopleIfEmpty(opened.db);
      await seedMedicalLawIfEmpty(opened.db);
      await seedSurveysIfEmpty(opened.db);
      await seedPrivacyIfEmpty(opened.db);
      await seedPatientSafetyIfEmpty(opened.db);
      await seedRelearningIfEmpty(opened.db);
      await seedAnalysisAchievementIfEmpty(opened.db);
      await seedReportsIfEmpty(opened.db, reports.sources, reports.now());
      await syncManual(opened.db);
    });
  } catch (err) {
    await opened.close().catch(() => undefined);
    throw err;
  }
  const app = createEmbeddedApp(opened.db, reports);
  // the quarterly sync (a slot missed while down runs now); one instance per slot (schedule.server.ts)
  const stopSchedule = opts?.schedule ?? !opts?.memory ? startSchedule(opened.db, reports) : async () => {};
  let closed: Promise<void> | null = null;
  return {
    db: opened.db,
    kind: opened.kind,
    seeded,
    image: opened.image,
    pool: opened.pool,
    fetch: async (req) => app.fetch(req),
    close() {
      closed ??= stopSchedule().then(() => opened.close());
      return closed;
    },
  };
}

const GLOBAL_KEY = Symbol.for("medu-eval.embedded-backend");
type GlobalWithBackend = typeof globalThis & { [GLOBAL_KEY]?: Promise<EmbeddedBackend> };

/**
 * The process-wide backend configured from the environment (DATABASE_URL, DATA_DIR). The promise
 * is cached on globalThis so that Remix dev reloads do not open PGlite twice; a failed start is
 * forgotten so the next call retries.
 */
export function getEmbeddedBackend(): Promise<EmbeddedBackend> {
  const g = globalThis as GlobalWithBackend;
  if (!g[GLOBAL_KEY]) {
    const p = createEmbeddedBackend();
    g[GLOBAL_KEY] = p;
    p.catch(() => {
      if (g[GLOBAL_KEY] === p) delete g[GLOBAL_KEY];
    });
  }
  return g[GLOBAL_KEY]!;
}

/** Closes the process-wide backend, if one was started (for shutdown hooks). */
export async function closeEmbeddedBackend(): Promise<void> {
  const g = globalThis as GlobalWithBackend;
  const p = g[GLOBAL_KEY];
  delete g[GLOBAL_KEY];
  if (p) await (await p.catch(() => null))?.close();
}

export type { Db } from "./db/client.server";
