/**
 * Seeds the demo data set (seed-data.ts) into an empty database, in one transaction.
 * "Empty" means: no users yet. Running it again on a seeded database does nothing.
 */
import { count } from "drizzle-orm";
import { hashPassword } from "../crypto.server";
import type { Db } from "./client.server";
import { commCodeGroups, commCodes, menuDepts, menus, users } from "./schema";
import { SEED_CODE_GROUPS, SEED_MENUS, SEED_USERS, SEED_YEARS, codeId, demoPassword } from "./seed-data";

async function usersCount(db: Pick<Db, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** Seeds when the users table is empty; answers whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await usersCount(db)) > 0) return false;

  const password = demoPassword();
  const hashes = await Promise.all(SEED_USERS.map(() => hashPassword(password)));

  return db.transaction(async (tx) => {
    if ((await usersCount(tx)) > 0) return false;

    await tx
      .insert(commCodeGroups)
      .values(SEED_CODE_GROUPS.map((g, i) => ({ cmmnCd: g.cmmnCd, cmmnNm: g.cmmnNm, sort: i + 1 })))
      .onConflictDoNothing();

    const codeRows = SEED_CODE_GROUPS.flatMap((g) =>
      SEED_YEARS.flatMap((year) =>
        g.items
          .map((codeNm, i) => ({ codeNm, i }))
          .filter(({ i }) => (g.since?.[i] ?? 0) <= year)
          .map(({ codeNm, i }) => ({
            cmmnCd: g.cmmnCd,
            code: codeId(g.cmmnCd, i + 1),
            year,
            codeNm,
            lvl: 1,
            prtKey: null,
            sort: i + 1,
          })),
      ),
    );
    await tx.insert(commCodes).values(codeRows).onConflictDoNothing();

    const ordered = [...SEED_MENUS].sort((a, b) => a.menuLvl - b.menuLvl || a.menuSeq - b.menuSeq);
    await tx
      .insert(menus)
      .values(
        ordered.map((m) => ({
          menuSeq: m.menuSeq,
          upprMenuSeq: m.upprMenuSeq,
          menuLvl: m.menuLvl,
          menuTy: m.menuTy,
          menuNm: m.menuNm,
          menuUrl: m.menuUrl,
          sort: m.sort,
          authTy: m.authTy,
        })),
      )
      .onConflictDoNothing();
    const deptRows = SEED_MENUS.flatMap((m) => (m.depts ?? []).map((dptCd) => ({ menuSeq: m.menuSeq, dptCd })));
    if (deptRows.length) await tx.insert(menuDepts).values(deptRows).onConflictDoNothing();

    const now = new Date();
    await tx.insert(users).values(
      SEED_USERS.map((u, i) => ({
        ...u,
        passHash: hashes[i],
        aprDt: u.aprYn === "Y" ? now : null,
      })),
    );
    return true;
  });
}
