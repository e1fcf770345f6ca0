/**
 * Sync sources: one per outside system (the e-portfolio system `ufolio` and the learning-management
 * system `lms`). A source pulls a report's rows as a stream of batches; the sync writes them
 * (reports/sync.server.ts). The embedded backend's default sources generate deterministic demo
 * rows (reports/demo-source.server.ts); ADR 0020 tells how a real system plugs in here.
 */
import type { Db } from "../db/client.server";
import type { CatalogReport, SourceName } from "./catalog.server";

/** A pulled row: its year (null for a report without years) and its wire fields. */
export interface PulledRow {
  year: number | null;
  data: Record<string, unknown>;
}

export interface PullContext {
  /** read-only access to the backend's own records (the demo source reads the seeded students) */
  db: Db;
  /** the sync's clock */
  now: Date;
}

export interface SyncSource {
  readonly name: SourceName;
  /**
   * The report's rows, in batches (a few thousand rows at most each), in the source's order.
   * Anything thrown ends the sync as failed; the report keeps its previous rows.
   */
  pull(report: CatalogReport, ctx: PullContext): AsyncIterable<PulledRow[]>;
}

export type SyncSources = Record<SourceName, SyncSource>;

/** A source's failure with a message staff may read (never a stack trace or a URL with secrets). */
export class SourceError extends Error {}
