/**
 * The high-school directory behind the student form's school search (spec 001 §2, §7): the public
 * school-info service (NEIS open API, schoolInfo: KEY, Type json, pSize 10, SCHUL_KND_SC_NM
 * 고등학교, SCHUL_NM, pIndex) when SCHOOL_API_KEY is set, else — and whenever the service fails or
 * is slow — the directory shipped with the backend (files/high-schools.json, table high_schools).
 *
 * Environment: SCHOOL_API_KEY (no key: directory only), SCHOOL_API_URL (default the NEIS
 * endpoint), SCHOOL_API_TIMEOUT_MS (default 3000).
 */
import { asc, count, ilike } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../db/client.server";
import { highSchools } from "../db/schema";
import { likePattern } from "./people.server";

/** Spec 001 §9: the school dialog shows 10 rows. */
export const SCHOOL_PAGE_SIZE = 10;
export const NEIS_SCHOOL_INFO_URL = "https://open.neis.go.kr/hub/schoolInfo";

export interface School {
  eduOffice: string;
  schoolName: string;
}

export interface SchoolSearchResult {
  list: School[];
  total: number;
  page: number;
  /** Where the rows came from. */
  source: "service" | "directory";
}

export interface SchoolServiceOptions {
  key?: string;
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function schoolServiceOptions(env: Readonly<Record<string, string | undefined>> = process.env): SchoolServiceOptions {
  return {
    key: env.SCHOOL_API_KEY?.trim() || undefined,
    url: env.SCHOOL_API_URL?.trim() || NEIS_SCHOOL_INFO_URL,
    timeoutMs: Number(env.SCHOOL_API_TIMEOUT_MS) > 0 ? Number(env.SCHOOL_API_TIMEOUT_MS) : 3000,
  };
}

/** The shipped directory: names containing `name` (case-insensitive), by name. */
export async function searchDirectory(db: Db | Tx, name: string, page: number): Promise<SchoolSearchResult> {
  const where = name ? ilike(highSchools.schoolName, likePattern(name)) : undefined;
  const [list, [{ n }]] = await Promise.all([
    db
      .select({ eduOffice: highSchools.eduOffice, schoolName: highSchools.schoolName })
      .from(highSchools)
      .where(where)
      .orderBy(asc(highSchools.schoolName), asc(highSchools.eduOffice))
      .limit(SCHOOL_PAGE_SIZE)
      .offset((page - 1) * SCHOOL_PAGE_SIZE),
    db.select({ n: count() }).from(highSchools).where(where),
  ]);
  return { list, total: Number(n), page, source: "directory" };
}

const resultCode = z.object({ CODE: z.string(), MESSAGE: z.string().optional() }).passthrough();
const neisReply = z
  .object({
    schoolInfo: z
      .tuple([
        z.object({ head: z.array(z.object({ list_total_count: z.coerce.number().optional(), RESULT: resultCode.optional() }).passthrough()) }),
        z.object({ row: z.array(z.object({ ATPT_OFCDC_SC_NM: z.string(), SCHUL_NM: z.string() }).passthrough()) }),
      ])
      .optional(),
    RESULT: resultCode.optional(),
  })
  .passthrough();

/** NEIS: INFO-000 is success, INFO-200 'no data'; anything else (key, quota, server) is a failure. */
export async function searchService(name: string, page: number, opts: SchoolServiceOptions): Promise<SchoolSearchResult> {
  const url = new URL(opts.url ?? NEIS_SCHOOL_INFO_URL);
  url.searchParams.set("KEY", opts.key ?? "");
  url.searchParams.set("Type", "json");
  url.searchParams.set("pIndex", String(page));
  url.searchParams.set("pSize", String(SCHOOL_PAGE_SIZE));
  url.searchParams.set("SCHUL_KND_SC_NM", "고등학교");
  url.searchParams.set("SCHUL_NM", name);
  const res = await (opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 3000), headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const reply = neisReply.parse(await res.json());
  if (reply.RESULT?.CODE === "INFO-200") return { list: [], total: 0, page, source: "service" };
  if (!reply.schoolInfo) throw new Error(`school-info service: ${reply.RESULT?.CODE ?? "no schoolInfo"} ${reply.RESULT?.MESSAGE ?? ""}`);
  const [head, body] = reply.schoolInfo;
  const code = head.head.find((h) => h.RESULT)?.RESULT?.CODE;
  if (code && code !== "INFO-000") throw new Error(`school-info service: ${code}`);
  const total = head.head.find((h) => h.list_total_count !== undefined)?.list_total_count ?? body.row.length;
  return {
    list: body.row.map((r) => ({ eduOffice: r.ATPT_OFCDC_SC_NM, schoolName: r.SCHUL_NM })),
    total,
    page,
    source: "service",
  };
}

/** The service when a key is configured and a name is given, else (or on any failure) the directory. */
export async function searchSchools(
  db: Db | Tx,
  name: string,
  page: number,
  opts: SchoolServiceOptions = schoolServiceOptions(),
  directory: typeof searchDirectory = searchDirectory,
): Promise<SchoolSearchResult> {
  if (opts.key && name) {
    try {
      return await searchService(name, page, opts);
    } catch (err) {
      console.warn(`[embedded] school-info service failed, using the shipped directory: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return directory(db, name, page);
}
