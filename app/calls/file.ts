/**
 * Files (spec 000 §7 "Files"; docs/contract.md "Data files"): downloads of stored files and the
 * user manual, the upload templates by name, the previews of stored files (GET, inline), and the
 * data pages' files (P06: list, register or edit, delete).
 */
import { z } from "zod";
import { key, list, messageReply, num, numOr, obj, optNum, text, textOrNull } from "~/legacy/wire";
import { defineCall, noFields, pageFields } from "./define";

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

/** a preview's stored file: `<rovl>/<flnm>` */
const preview = z.object({ filePath: z.string() });

export const FILES = {
  /** a stored file by its name, folder and original name */
  download: defineCall("/api/fileDownload.do", { spec: "spec 000 §7", kind: "download", request: z.object({ fileFlnm: z.string(), fileRovl: z.string(), fileOrn: z.string() }) }),
  /** ours: the user manual */
  manual: defineCall("/api/manualDownload.do", { spec: null, kind: "download", request: noFields }),
  /** ours: where the manual is stored (for a fileDownload.do link); served by the embedded backend, the web tier does not ask */
  manualInfo: defineCall("/api/manualInfo.do", { spec: null, request: noFields }),
  /** an upload template by folder and name (year: the one its examples are of) */
  resource: defineCall("/api/resourceFileDownload.do", { spec: "spec 001 §7", kind: "download", request: z.object({ folderName: z.string(), fileName: z.string(), year: z.number().optional() }) }),
  /** a stored image (also video and audio) inline */
  imgView: defineCall("/view/imgView.do", { spec: "spec 000 §7", kind: "download", request: preview }),
  /** a stored pdf inline */
  pdfView: defineCall("/view/pdfView.do", { spec: "spec 000 §7", kind: "download", request: preview }),
  /** a data page's files of the year whose name or keywords contain the text (seq: the menu; total ours) */
  dataList: defineCall("/api/comm/getCommFileList.do", { spec: "spec 000 §7", request: z.object({ seq: z.number(), year: z.number(), searchText: z.string(), ...pageFields }), reply: obj({ list: list(wireDataFile), total: optNum }) }),
  /**
   * multipart: mode 'insert' with year, menuSeq, keyword and per file file/name/size; mode 'update'
   * with menuSeq and fileInfo (JSON {seq, year, keyword})
   */
  dataSave: defineCall("/api/comm/insertFiles.do", {
    spec: "spec 000 §7",
    kind: "upload",
    request: z.object({ mode: z.string(), year: z.string().optional(), menuSeq: z.string(), keyword: z.string().optional(), file: z.unknown(), name: z.unknown(), size: z.unknown(), fileInfo: z.string().optional() }),
    reply: messageReply,
    whole: true,
  }),
  /** menuSeq (ours, ADR 0062): the data page the file must be on */
  dataRemove: defineCall("/api/comm/delFile.do", { spec: "spec 000 §7", request: z.object({ seq: z.number(), menuSeq: z.number().optional() }) }),
} as const;
