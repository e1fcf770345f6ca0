/**
 * Seeds an empty database in one transaction: the codes and menus, then either the demo users and
 * messages (seed-data.ts) or, without demo data (demoDataEnabled, ADR 0024), one administrator
 * who must change the password at the first sign-in. "Empty" means: no users yet. Running it
 * again on a seeded database does nothing.
 * The user manual (files/manual.pdf) is synced into the file storage on every start instead
 * (syncManual), so that databases seeded before it existed, or an updated manual, are covered.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { joinAuthorities, splitAuthorities } from "../../schemas/rules";
import { sanitizeRichHtml } from "../../utils/sanitize.server";
import { isValidPassword, PASSWORD_MAX_LENGTH } from "../../schemas/rules";
import { isCommonPassword } from "../../utils/common-passwords.server";
import { hashPassword } from "../crypto.server";
import { dbStorage, latestIn, sha256Hex } from "../lib/storage.server";
import { formatWireDate } from "../lib/time";
import type { Db, Tx } from "./client.server";
import { commCodeGroups, commCodes, menuDepts, menus, messageHeaders, messageReceipts, users } from "./schema";
import {
  MANUAL_ORN,
  MANUAL_ROVL,
  SEED_CODE_GROUPS,
  SEED_MENUS,
  SEED_MESSAGES,
  SEED_USERS,
  SEED_YEARS,
  INITIAL_ADMIN,
  codeId,
  demoPassword,
} from "./seed-data";

async function usersCount(db: Pick<Db, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

export interface SeedOptions {
  /** The demo users, messages and records (default demoDataEnabled()). */
  demo: boolean;
  /** Without demo data: the first administrator's password (default env INITIAL_ADMIN_PASSWORD, else generated). */
  initialAdminPassword?: string;
}

export interface SeedResult {
  seeded: boolean;
  /** Without demo data, on the start that created the first administrator: its id and, when generated, the password (printed once). */
  initialAdmin?: { userId: string; generatedPassword?: string };
}

/** A password that meets every rule (spec 000 §5, at most 64, not a common one). */
export function acceptablePassword(pw: string): boolean {
  return isValidPassword(pw) && pw.length <= PASSWORD_MAX_LENGTH && !isCommonPassword(pw);
}

/** 20 random characters (base64url: letters, digits, '-' and '_') that meet the password rule. */
export function generatePassword(): string {
  for (;;) {
    const pw = randomBytes(15).toString("base64url");
    if (acceptablePassword(pw)) return pw;
  }
}

/** Seeds when the users table is empty. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedResult> {
  if ((await usersCount(db)) > 0) return { seeded: false };

  let passHash: string;
  let initialAdmin: SeedResult["initialAdmin"];
  if (opts.demo) {
    // one hash of the public demo password for every demo account: at OWASP's cost a hash takes
    // about a second and 128 MiB, and separate salts would protect nothing that is not printed
    passHash = await hashPassword(demoPassword());
  } else {
    const given = opts.initialAdminPassword ?? process.env.INITIAL_ADMIN_PASSWORD ?? "";
    if (given && !acceptablePassword(given)) {
      // the value itself is never printed
      throw new Error("INITIAL_ADMIN_PASSWORD does not meet the password rule: 8 to 64 characters, no spaces, two letters, a digit, a special character or both cases, and not a common password");
    }
    const password = given || generatePassword();
    passHash = await hashPassword(password);
    initialAdmin = { userId: INITIAL_ADMIN.userId, ...(given ? {} : { generatedPassword: password }) };
  }

  const seeded = await db.transaction(async (tx) => {
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
      // a menu's row is its entry; its departments go to menu_depts below
      .values(ordered.map(({ depts: _depts, ...menu }) => menu))
      .onConflictDoNothing();
    const deptRows = SEED_MENUS.flatMap((m) => (m.depts ?? []).map((dptCd) => ({ menuSeq: m.menuSeq, dptCd })));
    if (deptRows.length) await tx.insert(menuDepts).values(deptRows).onConflictDoNothing();

    const now = new Date();
    if (!opts.demo) {
      // no department, phone or address yet: the administrator fills them in on the profile
      await tx.insert(users).values({ ...INITIAL_ADMIN, usyn: "Y", aprYn: "Y", aprDt: now, adminYn: "Y", pwChangeYn: "Y", passHash });
      return true;
    }
    const inserted = await tx
      .insert(users)
      .values(
        SEED_USERS.map((u) => ({
          ...u,
          passHash,
          aprDt: u.aprYn === "Y" ? now : null,
        })),
      )
      .returning({ userSeq: users.userSeq, userId: users.userId, authTy: users.authTy, usyn: users.usyn, aprYn: users.aprYn });
    await seedMessages(tx, inserted, now);
    return true;
  });
  return seeded ? { seeded, initialAdmin } : { seeded };
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];

/** `daysAgo` days before today in Asia/Seoul, at 'HH:mm' there. */
function seoulDaysAgo(now: Date, daysAgo: number, at: string): Date {
  const [y, m, d] = formatWireDate(now)!.slice(0, 10).split("-").map(Number);
  const [hh, mm] = at.split(":").map(Number);
  return new Date(Date.UTC(y, m - 1, d - daysAgo, hh, mm) - SEOUL_OFFSET_MS);
}

/** Fills `{D+n}` ('3월 14일(금)') and `{AY}` (academic year, from March) for a message sent at `sent`. */
export function fillSeedMessage(html: string, sent: Date): string {
  const seoul = (t: number) => new Date(t + SEOUL_OFFSET_MS);
  const s = seoul(sent.getTime());
  const academicYear = s.getUTCMonth() >= 2 ? s.getUTCFullYear() : s.getUTCFullYear() - 1;
  return html
    .replace(/\{D\+(\d+)\}/g, (_m, n: string) => {
      const d = seoul(sent.getTime() + Number(n) * DAY_MS);
      return `${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일(${WEEKDAYS[d.getUTCDay()]})`;
    })
    .replace(/\{AY\}/g, String(academicYear));
}

/** Whether a seeded receipt starts read: older than 14 days, except about one in five. */
function seedReceiptRead(index: number, userId: string, daysAgo: number): boolean {
  if (daysAgo <= 14) return false;
  const h = [...userId].reduce((acc, ch) => acc + ch.charCodeAt(0), index * 31);
  return h % 5 !== 0;
}

type SeededUser = { userSeq: number; userId: string; authTy: string; usyn: string; aprYn: string };

/**
 * The demo messages, in time order (so mhSeq grows with regDt). Recipients follow add.do's rule:
 * approved, in-use holders of any target authority, except the sender.
 */
async function seedMessages(tx: Tx, seeded: SeededUser[], now: Date): Promise<void> {
  const byId = new Map(seeded.map((u) => [u.userId, u]));
  const plan = SEED_MESSAGES.map((m, index) => ({ m, index, regDt: seoulDaysAgo(now, m.daysAgo, m.at) })).sort(
    (a, b) => a.regDt.getTime() - b.regDt.getTime() || a.index - b.index,
  );
  const receipts: (typeof messageReceipts.$inferInsert)[] = [];
  for (const { m, index, regDt } of plan) {
    const sender = byId.get(m.from);
    if (!sender) throw new Error(`seed message sender ${m.from} missing`);
    const recipients = seeded.filter(
      (u) =>
        u.userSeq !== sender.userSeq &&
        u.usyn === "Y" &&
        u.aprYn === "Y" &&
        splitAuthorities(u.authTy).some((a) => (m.to as readonly string[]).includes(a)),
    );
    const [header] = await tx
      .insert(messageHeaders)
      .values({
        senderSeq: sender.userSeq,
        msg: sanitizeRichHtml(fillSeedMessage(m.html, regDt)),
        authTyList: joinAuthorities(m.to),
        rcptCnt: recipients.length,
        regDt,
      })
      .returning({ mhSeq: messageHeaders.mhSeq });
    for (const u of recipients) {
      const read = seedReceiptRead(index, u.userId, m.daysAgo);
      receipts.push({
        mhSeq: header.mhSeq,
        userSeq: u.userSeq,
        readYn: read ? "Y" : "N",
        readDt: read ? new Date(Math.min(regDt.getTime() + ((index % 20) + 1) * 60 * 60 * 1000, now.getTime())) : null,
      });
    }
  }
  if (receipts.length) await tx.insert(messageReceipts).values(receipts);
}

// ---------------------------------------------------------------------------------------------
// The user manual
// ---------------------------------------------------------------------------------------------

/** Files shipped with the backend (the manual): resolved from the working directory, as migrations. */
export function embeddedFilesFolder(): string {
  return path.resolve(process.cwd(), process.env.EMBEDDED_FILES_DIR ?? "app/embedded/files");
}

/**
 * Stores files/manual.pdf in the file storage (folder 'manual') when the storage has no manual
 * yet or an older one (compared by SHA-256). Answers whether it stored one. A missing PDF is
 * reported and skipped: manualDownload.do then answers 404.
 */
export async function syncManual(db: Db): Promise<boolean> {
  const file = path.join(embeddedFilesFolder(), "manual.pdf");
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    console.warn(`[embedded] user manual not found at ${file}: /api/manualDownload.do will answer 404`);
    return false;
  }
  const current = await latestIn(db, MANUAL_ROVL);
  if (current?.sha256 === sha256Hex(bytes)) return false;
  await dbStorage(db).put(new Uint8Array(bytes), { orn: MANUAL_ORN, mime: "application/pdf", rovl: MANUAL_ROVL });
  return true;
}
