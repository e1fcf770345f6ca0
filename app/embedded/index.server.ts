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
import { seedActivitiesIfEmpty } from "./db/seed-activities.server";
import { seedAwardsIfEmpty } from "./db/seed-awards.server";
import { seedSeminarsIfEmpty } from "./db/seed-seminars.server";
import { seedCommitteesIfEmpty } from "./db/seed-committees.server";
import { seedSpaceIfEmpty } from "./db/seed-space.server";
import { seedDataFilesIfEmpty } from "./db/seed-data-files.server";
import { seedAnalysisAchievementIfEmpty } from "./db/seed-analysis-achievement.server";
import { seedIfEmpty, syncManual, type SeedResult } from "./db/seed.server";
import { demoDataEnabled } from "./db/seed-data";
import { seedReportsIfEmpty } from "./db/seed-reports.server";
import { seedEvalIndicatorsIfEmpty } from "./db/seed-eval-indicators.server";
import { gatherStatistics, keepStatistics } from "./db/statistics.server";
import type { Pool } from "pg";
import type { ReportDeps } from "./lib/context.server";
import { demoSources } from "./reports/demo-source.server";
import { startSchedule } from "./reports/schedule.server";
import { startJobRunner } from "./lib/jobs.server";
import { backendThread } from "./thread.server";
import { specOnly, specOnlyEnabled } from "./spec-only/mode.server";

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
  /** Seed the demo data set into an empty database (default demoDataEnabled(): env DEMO_DATA, NODE_ENV). */
  demo?: boolean;
  /** Without demo data: the first administrator's password (default env INITIAL_ADMIN_PASSWORD, else generated). */
  initialAdminPassword?: string;
  /** Answer as a legacy server written from the specifications alone (default env SPEC_ONLY=1; spec-only/mode.server.ts). */
  specOnly?: boolean;
}

export interface EmbeddedBackend {
  fetch(req: Request): Promise<Response>;
  close(): Promise<void>;
  db: Db;
  /** Which database is underneath. */
  kind: DbKind;
  /** Whether this start seeded the database. */
  seeded: boolean;
  /** Whether the database is seeded with demo data (when empty) on this start. */
  demo: boolean;
  /**
   * Without demo data, on the start that created the first administrator: its id and, when the
   * password was generated, that password, for the start banner to print once (ADR 0024).
   */
  initialAdmin?: { userId: string; generatedPassword?: string };
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
  const demo = opts?.demo ?? demoDataEnabled();
  let seed: SeedResult = { seeded: false };
  try {
    await opened.withStartupLock(async () => {
      await migrateDatabase(opened);
      seed = await seedIfEmpty(opened.db, { demo, initialAdminPassword: opts?.initialAdminPassword });
      await seedPeopleIfEmpty(opened.db, { records: demo });
      // the demo records (people, scores, surveys, consent forms) only with demo data
      if (demo) {
        await seedMedicalLawIfEmpty(opened.db);
        await seedSurveysIfEmpty(opened.db);
        await seedPrivacyIfEmpty(opened.db);
        await seedPatientSafetyIfEmpty(opened.db);
        await seedRelearningIfEmpty(opened.db);
        await seedActivitiesIfEmpty(opened.db);
        await seedAwardsIfEmpty(opened.db);
        await seedSeminarsIfEmpty(opened.db);
        await seedCommitteesIfEmpty(opened.db);
        await seedSpaceIfEmpty(opened.db);
        await seedDataFilesIfEmpty(opened.db);
        await seedAnalysisAchievementIfEmpty(opened.db);
      }
      await seedReportsIfEmpty(opened.db, reports.sources, reports.now());
      // the demo evaluation indicators, over the evaluation columns seeded above (ADR 0039)
      if (demo) await seedEvalIndicatorsIfEmpty(opened.db);
      await syncManual(opened.db);
    });
  } catch (err) {
    await opened.close().catch(() => undefined);
    throw err;
  }
  // PGlite gathers no planner statistics of its own (PostgreSQL's autovacuum does); an in-memory
  // database started from an image has those of the backend that made it
  let stopStatistics = async () => {};
  if (opened.kind !== "postgres") {
    if (!opts?.image) await gatherStatistics(opened.db);
    stopStatistics = keepStatistics(opened.db);
  }
  const app = createEmbeddedApp(opened.db, reports);
  // the quarterly sync (a slot missed while down runs now); one instance per slot (schedule.server.ts)
  const stopSchedule = opts?.schedule ?? !opts?.memory ? startSchedule(opened.db, reports) : async () => {};
  // link sends' mails (ADR 0030): what a previous run left queued is sent now
  const jobRunner = startJobRunner(opened.db, { exclusive: opened.kind !== "postgres" });
  let closed: Promise<void> | null = null;
  return {
    db: opened.db,
    kind: opened.kind,
    seeded: seed.seeded,
    demo,
    initialAdmin: seed.initialAdmin,
    image: opened.image,
    pool: opened.pool,
    fetch: opts?.specOnly ?? specOnlyEnabled() ? specOnly(async (req) => app.fetch(req), opened.db) : async (req) => app.fetch(req),
    close() {
      closed ??= Promise.all([stopSchedule(), jobRunner.stop(), stopStatistics()]).then(() => opened.close());
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
  // the database has one opener: while the backend's thread holds it, this thread never opens it
  if (backendThread()) return Promise.reject(new Error("the embedded backend runs in its own thread (ADR 0037)"));
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
