/**
 * P06 data list pages (spec 000 §2 "Data list page", §3 "File", §5 "File upload", §7 "Files";
 * docs/contract.md "Data files"; ADR 0038), on the table kit:
 * - POST /api/comm/getCommFileList.do {seq (the menu), year, searchText, page?, size?, sort?} ->
 *   {list, total}: the menu's live files of the year whose name or keywords contain the text, each
 *   {seq, orn, flnm, rovl, fnen, flsz, keyword, year, userNm, regDt}. A menu that is not of type
 *   DATA is 404 '자료실 메뉴가 아닙니다.'.
 * - POST /api/comm/insertFiles.do multipart {mode: insert, year, menuSeq, file (one or more), name,
 *   size, keyword}, or {mode: update, menuSeq, fileInfo: JSON {seq, year, keyword}}: the dialog's
 *   rules again (year from 2024, at most 5 keywords; each file of the nine extensions by name and
 *   signature, at most 10 MB; at most 5 files a post), one record per file.
 * - POST /api/comm/delFile.do {seq, menuSeq? (ours)}: marks the file usyn N ('삭제 성공하였습니다.'); a file
 *   of another menu than the one named is 404 '해당 파일이 없습니다.' (ADR 0062).
 * - GET /view/pdfView.do?filePath=<rovl>/<flnm>: a stored pdf, inline (images: file.server's imgView.do).
 */
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { DATA_FILE_EXTENSIONS, DATA_MAX_FILES, dataFileOrder, dataFileSchemaOf, fileExtension, keywordText } from "../../routes/_app.data.$menuSeq+/__schema";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import type { Db, Tx } from "../db/client.server";
import { dataFiles, menus, users } from "../db/schema";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { FILES } from "../../calls/file";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { jsonText, likePattern, listYear, optionalSeq, searchText, seqField } from "../lib/people.server";
import { dbStorage } from "../lib/storage.server";
import { TOTAL, markDeleted, tableRoutes, type Table } from "../lib/table-routes.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { MAX_FILE_BYTES, checkAttachments } from "../lib/upload.server";
import { storedFileResponse } from "./file.server";

const live = eq(dataFiles.usyn, "Y");

/** A menu of type DATA, or 404. */
async function requireDataMenu(db: Db | Tx, menuSeq: number): Promise<undefined> {
  const [m] = await db.select({ menuTy: menus.menuTy }).from(menus).where(and(eq(menus.menuSeq, menuSeq), eq(menus.usyn, "Y"))).limit(1);
  if (m?.menuTy !== "DATA") throw new ApiError(fail(404, OWN_MSG.dataMenuNotFound));
  return undefined;
}

const Filter = { seq: seqField, year: listYear, searchText };

const KEYS = {
  seq: dataFiles.seq,
  orn: dataFiles.orn,
  flnm: dataFiles.flnm,
  rovl: dataFiles.rovl,
  fnen: dataFiles.fnen,
  flsz: dataFiles.flsz,
  keyword: dataFiles.keyword,
  year: dataFiles.year,
  regDt: dataFiles.regDt,
};

type Row = { [K in keyof typeof KEYS]: (typeof KEYS)[K]["_"]["data"] } & { userNm: string | null };

const table: Table<typeof Filter, Record<string, unknown>, undefined> = {
  filter: Filter,
  context: async (db, f) => requireDataMenu(db, f.seq),
  rows: (db, f) =>
    db
      .select({ ...KEYS, userNm: users.userNm, _total: TOTAL })
      .from(dataFiles)
      .leftJoin(users, eq(users.userSeq, dataFiles.userSeq))
      .where(
        and(
          live,
          eq(dataFiles.menuSeq, f.seq),
          eq(dataFiles.year, f.year),
          f.searchText ? or(ilike(dataFiles.orn, likePattern(f.searchText)), ilike(dataFiles.keyword, likePattern(f.searchText))) : undefined,
        ),
      )
      .$dynamic(),
  // the newest first
  order: [desc(dataFiles.regDt), desc(dataFiles.seq)],
  sortable: { orn: dataFiles.orn, keyword: dataFiles.keyword, flsz: dataFiles.flsz, userNm: users.userNm, regDt: dataFiles.regDt },
  views: (_db, rows: Row[]) => rows.map((r) => ({ ...r, userNm: r.userNm ?? "", regDt: formatWireDate(r.regDt) })),
};

// ---------------------------------------------------------------------------------------------
// insertFiles.do
// ---------------------------------------------------------------------------------------------

const SaveBody = z.object({ mode: z.enum(["insert", "update"]), menuSeq: seqField });
const s = (v: unknown) => (v === undefined || v === null || typeof v === "object" ? "" : String(v));

async function save(ctx: CallContext): Promise<Envelope> {
  const auth = requireAuth(ctx);
  const { mode, menuSeq } = parseInput(SaveBody, ctx.body, ["mode", "menuSeq"]);
  await requireDataMenu(ctx.db, menuSeq);
  const info = mode === "update" ? jsonText(ctx.body.fileInfo) : ctx.body;
  if (!info || typeof info !== "object" || Array.isArray(info)) return fail(400, OWN_MSG.badRequest);
  const rec = info as Record<string, unknown>;
  const parsed = dataFileSchemaOf(seoulYear()).safeParse({ seq: mode === "update" ? s(rec.seq) : "", year: s(rec.year), keyword: s(rec.keyword) });
  if (!parsed.success) return fail(400, firstMessage(parsed.error.issues, dataFileOrder) ?? OWN_MSG.badRequest);
  const d = parsed.data;
  const values = { year: Number(d.year), keyword: keywordText(d.keyword) };

  if (mode === "update") {
    if (!d.seq) return fail(400, OWN_MSG.badRequest);
    const done = await ctx.db
      .update(dataFiles)
      .set({ ...values, uptDt: sql`now()` })
      .where(and(eq(dataFiles.seq, Number(d.seq)), eq(dataFiles.menuSeq, menuSeq), live))
      .returning({ seq: dataFiles.seq });
    return done.length ? ok({ seq: done[0].seq }, MSG.updated) : fail(404, OWN_MSG.dataFileNotFound);
  }

  const chosen = ctx.files.file ?? [];
  if (!chosen.length) return fail(400, MSG.dataFileRequired);
  const files = await checkAttachments(chosen, { extensions: DATA_FILE_EXTENSIONS, room: DATA_MAX_FILES, tooMany: OWN_MSG.dataTooManyFiles, badType: MSG.activityFileType });
  const seqs = await ctx.db.transaction(async (tx) => {
    const storage = dbStorage(tx);
    const made: number[] = [];
    for (const f of files) {
      const put = await storage.put(f.bytes, { orn: f.name, mime: f.mime, rovl: `data/${menuSeq}/${values.year}` });
      const [row] = await tx
        .insert(dataFiles)
        .values({ menuSeq, ...values, rovl: put.rovl, flnm: put.flnm, orn: f.name, fnen: fileExtension(f.name), flsz: f.bytes.byteLength, userSeq: auth.user.userSeq })
        .returning({ seq: dataFiles.seq });
      made.push(row.seq);
    }
    return made;
  });
  return ok({ seqs }, MSG.registered);
}

// ---------------------------------------------------------------------------------------------
// pdfView.do
// ---------------------------------------------------------------------------------------------

/** GET /view/pdfView.do?filePath=<rovl>/<flnm>: a stored pdf inline; any other path or file is 404. */
async function pdfView(ctx: CallContext): Promise<Response> {
  return storedFileResponse(ctx, (mime) => mime === "application/pdf");
}

const screen = tableRoutes(table, {
  list: FILES.dataList,
  remove: {
    path: FILES.dataRemove,
    // menuSeq (our extension, ADR 0062): when the caller names its data page, a file of another page is not there
    key: z.object({ seq: seqField, menuSeq: optionalSeq }),
    run: async (db, { seq, menuSeq }) =>
      (await markDeleted(db, dataFiles, and(eq(dataFiles.seq, seq), live, menuSeq ? eq(dataFiles.menuSeq, menuSeq) : undefined))) ? { seq } : null,
    missing: OWN_MSG.dataFileNotFound,
    done: MSG.deleted,
  },
});

export const dataFileRoutes: RouteDef[] = [
  ...screen.routes,
  // multipart: at most 5 files of 10 MB and their fields (one file's limit is the other uploads')
  route(FILES.dataSave, "required", save, { multipartMaxBytes: DATA_MAX_FILES * MAX_FILE_BYTES + 256 * 1024 }),
];
export const dataFileGetRoutes: GetRouteDef[] = [getRoute(FILES.pdfView, "required", pdfView)];
