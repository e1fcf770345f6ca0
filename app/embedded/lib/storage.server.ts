/**
 * File storage behind a small interface, kept in the database (table stored_files) so that every
 * instance on one PostgreSQL sees the same files and nothing is ever read from the file system
 * on a user's say-so. A file is addressed by `rovl` (an opaque folder key such as 'manual' or
 * '2026/03') and `flnm` (a generated name: uuid + extension); `orn` is the original name.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { storedFiles } from "../db/schema";
import { formatWireDate } from "./time";

export interface PutMeta {
  /** The original file name (shown in downloads). */
  orn: string;
  /** The MIME type answered as Content-Type. */
  mime: string;
  /** The folder key; default the current month in Asia/Seoul ('2026/03'). */
  rovl?: string;
}

export interface StoredFile {
  bytes: Uint8Array;
  orn: string;
  mime: string;
}

export interface FileStorage {
  put(bytes: Uint8Array, meta: PutMeta): Promise<{ flnm: string; rovl: string }>;
  /** The file, or null when the key is unknown or malformed. */
  get(rovl: string, flnm: string): Promise<StoredFile | null>;
}

/** Folder keys: one or more segments of letters, digits, '_' and '-', joined by single '/'. */
const ROVL_RE = /^[A-Za-z0-9_-]{1,40}(?:\/[A-Za-z0-9_-]{1,40}){0,3}$/;
/** Stored names: letters, digits, '_' and '-' (a uuid), optionally one extension. */
const FLNM_RE = /^[A-Za-z0-9_-]{1,80}(?:\.[A-Za-z0-9]{1,10})?$/;

export const isValidRovl = (rovl: string) => rovl.length <= 100 && ROVL_RE.test(rovl);
export const isValidFlnm = (flnm: string) => flnm.length <= 100 && FLNM_RE.test(flnm);

/** The default folder key: 'yyyy/MM' of now in Asia/Seoul. */
export function monthRovl(now: Date = new Date()): string {
  return formatWireDate(now)!.slice(0, 7).replace("-", "/");
}

/** The lower-case extension of an original name ('.pdf'), or '' when it has none worth keeping. */
export function extensionOf(orn: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(orn);
  return m ? `.${m[1].toLowerCase()}` : "";
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** An original name fit for storing: no control characters or path parts, at most 255 characters. */
export function cleanOriginalName(orn: string): string {
  const base = orn.replace(/[\u0000-\u001f\u007f]/g, "").split(/[\\/]/).pop() ?? "";
  return [...base.trim()].slice(0, 255).join("") || "file";
}

/** The database-backed storage (works inside a transaction too). */
export function dbStorage(db: Db | Tx): FileStorage {
  return {
    async put(bytes, meta) {
      const rovl = meta.rovl ?? monthRovl();
      if (!isValidRovl(rovl)) throw new Error(`invalid storage folder key: ${rovl}`);
      const orn = cleanOriginalName(meta.orn);
      const flnm = `${randomUUID()}${extensionOf(orn)}`;
      await db.insert(storedFiles).values({
        rovl,
        flnm,
        orn,
        mime: meta.mime || "application/octet-stream",
        flsz: bytes.byteLength,
        sha256: sha256Hex(bytes),
        content: bytes,
      });
      return { flnm, rovl };
    },

    async get(rovl, flnm) {
      if (!isValidRovl(rovl) || !isValidFlnm(flnm)) return null;
      const [row] = await db
        .select({ content: storedFiles.content, orn: storedFiles.orn, mime: storedFiles.mime })
        .from(storedFiles)
        .where(and(eq(storedFiles.rovl, rovl), eq(storedFiles.flnm, flnm)))
        .limit(1);
      return row ? { bytes: row.content, orn: row.orn, mime: row.mime } : null;
    },
  };
}

export interface StoredFileInfo {
  rovl: string;
  flnm: string;
  orn: string;
  mime: string;
  flsz: number;
  sha256: string;
}

/** The newest file of a folder (e.g. the current manual in 'manual'), without its content. */
export async function latestIn(db: Db | Tx, rovl: string): Promise<StoredFileInfo | null> {
  const [row] = await db
    .select({
      rovl: storedFiles.rovl,
      flnm: storedFiles.flnm,
      orn: storedFiles.orn,
      mime: storedFiles.mime,
      flsz: storedFiles.flsz,
      sha256: storedFiles.sha256,
    })
    .from(storedFiles)
    .where(eq(storedFiles.rovl, rovl))
    .orderBy(desc(storedFiles.regDt), desc(storedFiles.flnm))
    .limit(1);
  return row ?? null;
}
