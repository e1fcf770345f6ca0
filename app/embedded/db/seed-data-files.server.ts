/**
 * Demo files of the data list pages (P06, menus 61 and 62 of type DATA): a few small PDFs and one
 * PNG per menu and seed year from 2025 (the list's first year), with keywords, registered by the
 * data-entry accounts. Only when the table is empty; the menus and users are seeded first.
 */
import { count, inArray } from "drizzle-orm";
import { dbStorage } from "../lib/storage.server";
import type { Db } from "./client.server";
import { dataFiles, menus, users } from "./schema";
import { tinyPdf } from "./seed-activities.server";
import { SEED_YEARS } from "./seed-data";

/** A 1×1 PNG. */
const TINY_PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));

const FILES: Record<number, readonly [orn: string, keyword: string, userId: string][]> = {
  61: [
    ["교육과정 운영계획서.pdf", "교육과정, 운영계획", "entry01"],
    ["교과목 편성표.pdf", "교과목, 편성", "entry02"],
    ["교육과정 구성도.png", "교육과정, 구성도", "entry01"],
  ],
  62: [
    ["자체평가 보고서.pdf", "자체평가, 인증", "admin"],
    ["평가인증 준비 일정.pdf", "평가인증, 일정", "entry03"],
    ["자체평가 위원 명단.png", "자체평가, 위원", "admin"],
  ],
};

/** Answers how many files it seeded (0 when the table had some or the menus are absent). */
export async function seedDataFilesIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(dataFiles);
    if (Number(row?.n ?? 0) > 0) return 0;
    const found = await tx.select({ menuSeq: menus.menuSeq }).from(menus).where(inArray(menus.menuSeq, Object.keys(FILES).map(Number)));
    const people = new Map((await tx.select({ userId: users.userId, userSeq: users.userSeq }).from(users)).map((u) => [u.userId, u.userSeq]));
    const storage = dbStorage(tx);
    let n = 0;
    for (const { menuSeq } of found) {
      for (const year of SEED_YEARS.filter((y) => y >= 2025)) {
        for (const [i, [orn, keyword, userId]] of FILES[menuSeq].entries()) {
          const png = orn.endsWith(".png");
          const bytes = png ? TINY_PNG : tinyPdf(`data ${menuSeq} ${year} ${i + 1}`);
          const put = await storage.put(bytes, { orn, mime: png ? "image/png" : "application/pdf", rovl: `data/${menuSeq}/${year}` });
          const regDt = new Date(Date.UTC(year, 2 + i * 2, 10 + i, 1, 30));
          await tx.insert(dataFiles).values({
            menuSeq,
            year,
            rovl: put.rovl,
            flnm: put.flnm,
            orn,
            fnen: png ? "png" : "pdf",
            flsz: bytes.byteLength,
            keyword,
            userSeq: people.get(userId) ?? null,
            regDt: regDt > new Date() ? new Date() : regDt,
          });
          n += 1;
        }
      }
    }
    return n;
  });
}

