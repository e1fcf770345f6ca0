/**
 * P06 data files (spec 000 §7 "Files"; docs/contract.md "Data files"): typed calls with wire
 * schemas in the spec's shape (seq, orn, flnm, rovl, fnen, flsz, keyword, year, userNm, regDt).
 * The previews (imgView.do, pdfView.do) are GET downloads (app/calls/file.ts). Stays here, outside
 * the screen's folder (app/routes/_app.data.$menuSeq+, ADR 0073): the preview routes
 * (utils/preview.server.ts) call `previewFile` for people's photos too.
 */
import { FILES } from "~/calls/file";
import type { PreviewKind } from "~/routes/_app.data.$menuSeq+/__schema";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { ListQuery } from "../wire";

export interface DataFileFilter extends ListQuery {
  /** the menu */
  seq: number;
  year: number;
  searchText: string;
}

/** The menu's files of the year whose name or keywords contain the text. */
export function listDataFiles(session: TokenHolder, filter: DataFileFilter) {
  return callLegacy(FILES.dataList, filter, { session });
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
  const r = await callLegacy(FILES.dataSave, fd, { session, timeoutMs: 60_000 });
  return r.message;
}

/** Edits a file's year and keywords (multipart: mode update, menuSeq, fileInfo JSON). */
export async function updateDataFile(session: TokenHolder, input: { menuSeq: number; seq: number; year: number; keyword: string }): Promise<string> {
  const fd = new FormData();
  fd.set("mode", "update");
  fd.set("menuSeq", String(input.menuSeq));
  fd.set("fileInfo", JSON.stringify({ seq: input.seq, year: input.year, keyword: input.keyword }));
  const r = await callLegacy(FILES.dataSave, fd, { session });
  return r.message;
}

/** `menuSeq`: the data page the file must be on (our extension; ADR 0062). */
export function deleteDataFile(session: TokenHolder, seq: number, menuSeq: number) {
  return callLegacy(FILES.dataRemove, { seq, menuSeq }, { session });
}

/** A stored file for a preview: pdf through pdfView.do, images, video and audio through imgView.do. */
export function previewFile(session: TokenHolder, kind: PreviewKind, filePath: string) {
  return downloadLegacy(kind === "pdf" ? FILES.pdfView : FILES.imgView, { filePath }, { session });
}
