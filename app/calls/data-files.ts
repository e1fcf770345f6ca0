/**
 * P06 data files (spec 000 §7 "Files"; docs/contract.md "Data files"): the list, the save, the
 * delete and the previews, with wire schemas in the spec's shape (seq, orn, flnm, rovl, fnen, flsz,
 * keyword, year, userNm, regDt). The previews (/view/imgView.do, /view/pdfView.do) are GET
 * downloads, and also the web tier's own resource routes of the same path.
 */
import { z } from "zod";
import { key, list, messageReply, num, numOr, obj, optNum, text, textOrNull } from "~/legacy/wire";
import { defineCall, pageFields } from "./define";

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

/** A preview's query: the stored file as <rovl>/<flnm>. */
const preview = z.object({ filePath: z.string() });

export const DATA_FILES = {
  /** the menu's (seq) files of the year whose name or keywords contain the text */
  list: defineCall("/api/comm/getCommFileList.do", { spec: "spec 000 §7", request: z.object({ seq: z.number(), year: z.number(), searchText: z.string(), ...pageFields }), reply: obj({ list: list(wireDataFile), total: optNum }) }),
  /**
   * multipart, mode insert: year, menuSeq, keyword and per file file/name/size; mode update:
   * menuSeq and fileInfo (the file's seq, year and keyword as JSON)
   */
  save: defineCall("/api/comm/insertFiles.do", {
    spec: "spec 000 §7",
    kind: "upload",
    request: z.object({ mode: z.string(), year: z.string().optional(), menuSeq: z.string(), keyword: z.string().optional(), file: z.unknown(), name: z.unknown(), size: z.unknown(), fileInfo: z.string().optional() }),
    reply: messageReply,
    whole: true,
  }),
  /** menuSeq: the data page the file must be on (our extension; ADR 0062) */
  remove: defineCall("/api/comm/delFile.do", { spec: "spec 000 §7", request: z.object({ seq: z.number(), menuSeq: z.number() }) }),
  /** a stored image, video or audio inline */
  imgView: defineCall("/view/imgView.do", { spec: "spec 000 §7", kind: "download", request: preview }),
  /** a stored pdf inline */
  pdfView: defineCall("/view/pdfView.do", { spec: "spec 000 §7", kind: "download", request: preview }),
} as const;
