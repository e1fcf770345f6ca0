/**
 * PGlite runs no autovacuum, so the embedded backend gathers the planner's statistics itself
 * (ADR 0050): a started backend has them, and E04's list query joins the year's students in one
 * pass instead of scanning them once per score row.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { gatherStatistics, keepStatistics } from "~/embedded/db/statistics.server";
import { memoryBackend } from "../memory-backend";

let backend: EmbeddedBackend;
beforeAll(async () => {
  backend = await memoryBackend();
});
afterAll(() => backend?.close());

const rowsOf = async (query: string) => {
  const r = (await backend.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  return r.rows;
};

/** E04's list of a year as the handler asks it (patient-safety.server.ts, first page). */
const PSS_LIST = `select s.pss_seq, p.id, st.name, count(*) over ()
  from patient_safety_scores s
  inner join persons p on p.us_seq = s.us_seq
  left join students st on st.us_seq = s.us_seq and st.year = s.year and st.del = 'N'
  where s.year = 2026 and s.usyn = 'Y'
  order by p.id asc, s.pss_seq asc limit 20`;

describe("the planner's statistics on PGlite", () => {
  it("a started backend has statistics of the seeded tables", async () => {
    const rows = await rowsOf(`select c.relname, count(*)::int as n from pg_statistic st join pg_class c on c.oid = st.starelid
      where c.relname in ('students', 'persons', 'patient_safety_scores') group by c.relname order by c.relname`);
    expect(rows.map((r) => r.relname)).toEqual(["patient_safety_scores", "persons", "students"]);
    for (const r of rows) expect(Number(r.n)).toBeGreaterThan(0);
  });

  it("E04's list reads the year's students once, not once per score row", async () => {
    const plan = (await rowsOf(`explain (analyze, costs off) ${PSS_LIST}`)).map((r) => String(Object.values(r)[0])).join("\n");
    const scans = [...plan.matchAll(/on students[\s\S]*?loops=(\d+)/g)].map((m) => Number(m[1]));
    expect(scans.length, plan).toBeGreaterThan(0);
    expect(Math.max(...scans), plan).toBe(1);
  });

  it("they are gathered again after a table changed, and the keeper stops", async () => {
    await backend.db.execute(sql`create table stats_probe (n int)`);
    await backend.db.execute(sql`insert into stats_probe select generate_series(1, 500)`);
    await gatherStatistics(backend.db);
    const [row] = await rowsOf(`select reltuples::int as n from pg_class where relname = 'stats_probe'`);
    expect(Number(row.n)).toBe(500);
    const stop = keepStatistics(backend.db, 10);
    await new Promise((r) => setTimeout(r, 50));
    await stop();
  });
});
