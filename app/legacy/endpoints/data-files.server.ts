/**
 * P06 data files (spec 000 §7 "Files"; docs/contract.md "Data files"): typed calls with wire
 * schemas in the spec's shape (seq, orn, flnm, rovl, fnen, flsz, keyword, year, userNm, regDt).
 * The previews (/view/imgView.do, /view/pdfView.do) are GET downloads.
 */
import { DATA_CALLS, type PreviewKind } from "~/schemas/data-files";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { nothing, type ListQuery, obj, text, textOrNull, key, num, numOr, optNum, list, messageReply } from "../wire";

export const wireDataFile = obj({
  seq: num,
  orn: text,
  flnm: key,
  rovl: key,
  fnen: text,
  flsz: numOr(0),
  keyword: text,
  year: num,
  userNm: text,
  regDt: textOrNull,
});

const listReply = obj({ list: list(wireDataFile), total: optNum });

export interface DataFileFilter extends ListQuery {
  /** the menu */
  seq: number;
  year: number;
  searchText: string;
}

/** The menu's files of the year whose name or keywords contain the text. */
export function listDataFiles(session: TokenHolder, filter: DataFileFilter) {
  return legacyPost(DATA_CALLS.list, filter, listReply, { session });
}


/** Registers files (multipart: mode insert, year, menuSeq, per file file/name/size, keyword); answers the server's message. */
export async function insertDataFiles(session: TokenHolder, input: { menuSeq: number; year: number; keyword: string; files: readonly File[] }): Promise<string> {
  const fd = new FormData();
  fd.set("mode", "insert");
  fd.set("year", String(input.year));
  fd.set("menuSeq", String(input.menuSeq));
  fd.set("keyword", input.keyword);
  for (const f of input.files) {
    fd.append("file", f, f.name);
    fd.append("name", f.name);
    fd.append("size", String(f.size));
  }
  const r = await legacyPost(DATA_CALLS.save, fd, messageReply, { session, whole: true, timeoutMs: 60_000 });
  return r.message;
}

/** Edits a file's year and keywords (multipart: mode update, menuSeq, fileInfo JSON). */
export async function updateDataFile(session: TokenHolder, input: { menuSeq: number; seq: number; year: number; keyword: string }): Promise<string> {
  const fd = new FormData();
  fd.set("mode", "update");
  fd.set("menuSeq", String(input.menuSeq));
  fd.set("fileInfo", JSON.stringify({ seq: input.seq, year: input.year, keyword: input.keyword }));
  const r = await legacyPost(DATA_CALLS.save, fd, messageReply, { session, whole: true });
  return r.message;
}

/** `menuSeq`: the data page the file must be on (our extension; ADR 0062). */
export function deleteDataFile(session: TokenHolder, seq: number, menuSeq: number) {
  return legacyPost(DATA_CALLS.remove, { seq, menuSeq }, nothing, { session });
}

/** A stored file for a preview: pdf through pdfView.do, images, video and audio through imgView.do. */
export function previewFile(session: TokenHolder, kind: PreviewKind, filePath: string) {
  return legacyDownload(kind === "pdf" ? DATA_CALLS.pdfView : DATA_CALLS.imgView, { filePath }, { session });
}
