/**
 * The synced reports' calls (spec 000 §7 "Synced reports", spec 001 §7, spec 002 §7; docs/contract.md
 * "Synced reports"): per report its sync call (REPORT_SYNC), its data call (REPORT_DATA) and its
 * Excel download (REPORT_EXCEL), keyed as the embedded backend's catalog keys them; the lists of a
 * select filter from their own call (REPORT_LISTS) and the sync state (REPORT_STATE, ours). Several
 * reports share a call (the comprehensive evaluations' ceType 1 to 3, the exams' one download):
 * one definition per path, the report definition (app/reports/catalog-*.ts) adding its own fields.
 */
import { z, type ZodTypeAny } from "zod";
import { bool, code, list, maybeNum, maybeText, numberList, obj, evalRow, replyColumns, text } from "~/legacy/wire";
import { defineCall, evalFields, noFields, pageFields, type CallDef } from "./define";

/** A sync history entry (spec 000 §3: regDt, userNm, codeNm, apiSe; the rest ours). */
const wireSyncEntry = obj({
  regDt: text,
  userNm: text,
  codeNm: text,
  apiSe: text,
  rsltCd: maybeText,
  rowCnt: maybeNum,
  message: maybeText,
});

/** A sync's reply: the history, newest first, and the rows pulled. */
const syncReply = obj({ htList: list(wireSyncEntry), rowCnt: maybeNum });

const syncInfoReply = obj({
  htList: list(wireSyncEntry),
  now: maybeText,
  running: obj({ since: maybeText }).nullish(),
  lastSuccessDt: maybeText,
  syncableDt: maybeText,
  schedule: obj({
    lastSlot: maybeText,
    nextSlot: maybeText,
    state: maybeText,
    message: maybeText,
    stale: bool(),
  }).nullish(),
});
export type WireSyncInfo = z.infer<typeof syncInfoReply>;

const dataReply = obj({
  // R18's reply has no list (chartData and stCntList: ReportDef.fromReply)
  list: list(evalRow),
  total: maybeNum,
  yearList: numberList.optional(),
  columns: replyColumns,
}).catchall(z.unknown());
export type WireReportData = z.infer<typeof dataReply>;

/** A select filter's lists (grdList, currList …): read by name (optionsOf), whatever else is sent. */
const listsReply = z.record(z.unknown());

/** The lists of a data reply a select filter offers (currList, grdList …). */
export function optionsOf(reply: WireReportData, name: string) {
  const parsed = list(code).safeParse(reply[name]);
  return parsed.success ? parsed.data.map((o) => ({ id: o.id, text: o.text })) : [];
}

/** A list of rows of a data reply (E10 cardList, E14 sumList); anything else is none. */
export function rowsOf(reply: WireReportData | null, name: string): Record<string, unknown>[] {
  const parsed = list(evalRow).safeParse(reply?.[name]);
  return parsed.success ? parsed.data : [];
}

// ---- requests ---------------------------------------------------------------------------------

/** The sync button's body: the page's menu (none when the menu is not known). */
const syncRequest = z.object({ menuSeq: z.number().optional() });
/** The comprehensive evaluations' sync, data and download single the report out by ceType (1 basic and clinical, 2 basic, 3 national exam). */
const ceType = { ceType: z.number() };

/** The search text and evaluation mode's ids of every data and Excel call. */
const filterFields = { searchTxt: z.string(), ...evalFields };
/** A year filter: one year (the wire's `year`). */
const oneYear = { year: z.number() };
/** A multi-year filter: the years ticked, or '' for every year. */
const years = { year: z.union([z.array(z.number()), z.literal("")]) };
/** A select filter's value ('' for all). */
const choice = z.string();

/** A data call's body: the filter, paging and sort, and the report's own fields. */
const dataRequest = <S extends z.ZodRawShape>(own: S) => z.object({ ...filterFields, ...pageFields, ...own });
/** An Excel download's fields: the list's filter and sort, and the report's own fields. */
const excelRequest = <S extends z.ZodRawShape>(own: S) => z.object({ ...filterFields, sort: z.string().optional(), ...own });

// ---- the calls ----------------------------------------------------------------------------------

/** Each report's sync call (the button and the schedule): {menuSeq} → {htList, rowCnt}. */
export const REPORT_SYNC = {
  grcm: defineCall("/api/ufolio/getGrcmList.do", { spec: "spec 000 §7", request: syncRequest, reply: syncReply }),
  weekendExam: defineCall("/api/lms/getWeekEndExam.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  tmbs: defineCall("/api/ufolio/getTmbsPrfrList.do", { spec: "spec 000 §7", request: syncRequest, reply: syncReply }),
  endExam: defineCall("/api/lms/getCurrEndExam.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  /** E08, E09, E10 by ceType */
  comprehensive: defineCall("/api/ufolio/getBasicmdEvalList.do", { spec: "spec 002 §7", request: syncRequest.extend(ceType), reply: syncReply }),
  osceCpx: defineCall("/api/ufolio/getOsceCpxList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  peerEval: defineCall("/api/ufolio/getClgEvalList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  doctorScientist: defineCall("/api/ufolio/getDoctorBscrsList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  endSurvey: defineCall("/api/lms/getCurrEndSurveyResult.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  completion: defineCall("/api/ufolio/getEduactCmplList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  interview: defineCall("/api/ufolio/getStInterviewList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  counseling: defineCall("/api/ufolio/getCounselingList.do", { spec: "spec 001 §7", request: syncRequest, reply: syncReply }),
  pfGuidance: defineCall("/api/ufolio/getPfGdnList.do", { spec: "spec 001 §7", request: syncRequest, reply: syncReply }),
  reflectionJournal: defineCall("/api/ufolio/getSelfrflJrnList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  /** E05: spec 002 gives no calls for it; ours, named as the e-portfolio's */
  reflectionSummary: defineCall("/api/ufolio/getRflcSmryList.do", { spec: null, request: syncRequest, reply: syncReply }),
  grdtSelfEval: defineCall("/api/ufolio/getGrdtSelfEvalList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  grcmSelfEval: defineCall("/api/ufolio/getGrcmSelfEvalList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  currEval: defineCall("/api/lms/getCurrEval.do", { spec: "spec 001 §7", request: syncRequest, reply: syncReply }),
  finalReport: defineCall("/api/ufolio/getFinalReportList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
  /** E20: 'calls: not shown' (spec 002 §7); ours, named as the rotation survey's */
  operSatisfaction: defineCall("/api/ufolio/getOperSatisfactionList.do", { spec: null, request: syncRequest, reply: syncReply }),
  operSurvey: defineCall("/api/ufolio/getOperSurveyList.do", { spec: "spec 002 §7", request: syncRequest, reply: syncReply }),
} as const;

/** Each report's rows: {searchTxt, year, its selects, page, size, sort, eiSeq, menuSeq} → {list, total, yearList, columns, …its own lists}. */
export const REPORT_DATA = {
  grcm: defineCall("/api/ufolio/getGrcmData.do", { spec: "spec 000 §7", request: dataRequest({}), reply: dataReply }),
  weekendExam: defineCall("/api/lms/getWeekenExamList.do", { spec: "spec 002 §7", request: dataRequest(years), reply: dataReply }),
  tmbs: defineCall("/api/ufolio/getTmbsPrfrData.do", { spec: "spec 000 §7", request: dataRequest({}), reply: dataReply }),
  endExam: defineCall("/api/lms/getCurrEndExamList.do", { spec: "spec 002 §7", request: dataRequest(years), reply: dataReply }),
  /** E08, E09, E10 by ceType (E10's reply also has cardList) */
  comprehensive: defineCall("/api/ufolio/getBasicmdEvalData.do", { spec: "spec 002 §7", request: dataRequest({ ...oneYear, ...ceType }), reply: dataReply }),
  osceCpx: defineCall("/api/ufolio/getOsceCpxData.do", { spec: "spec 002 §7", request: dataRequest({ examType: choice }), reply: dataReply }),
  /** → list, currList */
  peerEval: defineCall("/api/ufolio/getClgEvalData.do", { spec: "spec 002 §7", request: dataRequest({ ...years, currSeq: choice }), reply: dataReply }),
  doctorScientist: defineCall("/api/ufolio/getDoctorBscrsData.do", { spec: "spec 002 §7", request: dataRequest(oneYear), reply: dataReply }),
  endSurvey: defineCall("/api/lms/getCurrEndSurveyResultList.do", { spec: "spec 002 §7", request: dataRequest({ ...oneYear, grdSeq: choice, currSeq: choice }), reply: dataReply }),
  completion: defineCall("/api/ufolio/getEduactCmplData.do", { spec: "spec 002 §7", request: dataRequest(oneYear), reply: dataReply }),
  interview: defineCall("/api/ufolio/getStInterviewData.do", { spec: "spec 002 §7", request: dataRequest({}), reply: dataReply }),
  /** R18: the years up to the chosen one → chartData, stCntList (no list) */
  counseling: defineCall("/api/ufolio/getCounselingData.do", { spec: "spec 001 §7", request: dataRequest(oneYear), reply: dataReply }),
  /** R19: the years up to the chosen one, a row a year in each of three tables (se) */
  pfGuidance: defineCall("/api/ufolio/getPfGdnData.do", { spec: "spec 001 §7", request: dataRequest(oneYear), reply: dataReply }),
  /** → list, grdList, sumList */
  reflectionJournal: defineCall("/api/ufolio/getSelfrflJrnData.do", { spec: "spec 002 §7", request: dataRequest({ ...oneYear, grdSeq: choice }), reply: dataReply }),
  reflectionSummary: defineCall("/api/ufolio/getRflcSmryData.do", { spec: null, request: dataRequest(oneYear), reply: dataReply }),
  /** the open tab's (tabNum 1 or 2) → tab1List or tab2List */
  grdtSelfEval: defineCall("/api/ufolio/getGrdtSelfEvalData.do", { spec: "spec 002 §7", request: dataRequest({ ...years, tabNum: z.number() }), reply: dataReply }),
  /** → list1 (the averages), list2 (the students) */
  grcmSelfEval: defineCall("/api/ufolio/getGrcmSelfEvalData.do", { spec: "spec 002 §7", request: dataRequest(years), reply: dataReply }),
  currEval: defineCall("/api/lms/getCurrEvalList.do", { spec: "spec 001 §7", request: dataRequest(oneYear), reply: dataReply }),
  /** → list, currList */
  finalReport: defineCall("/api/ufolio/getFinalReportData.do", { spec: "spec 002 §7", request: dataRequest({ ...oneYear, currSeq: choice }), reply: dataReply }),
  /** → list, dtList */
  operSatisfaction: defineCall("/api/ufolio/getOperSatisfactionData.do", { spec: null, request: dataRequest({ ...oneYear, dtSeq: choice }), reply: dataReply }),
  /** → list, dtList */
  operSurvey: defineCall("/api/ufolio/getOperSurveyData.do", { spec: "spec 002 §7", request: dataRequest({ ...years, dtSeq: choice }), reply: dataReply }),
} as const;

/** Each report's workbook of the list's filter (the file name in Content-Disposition). */
export const REPORT_EXCEL = {
  grcm: defineCall("/api/ufolio/grcmExcelDown.do", { spec: null, kind: "postDownload", request: excelRequest({}) }),
  /** GET, both exams (spec 002 §7): assessmentMethods 03 the weekend exam, 04 the end-of-course exam */
  exam: defineCall("/api/lms/getEndExamExcelDown.do", { spec: "spec 002 §7", kind: "download", request: excelRequest({ ...years, assessmentMethods: z.string() }) }),
  tmbs: defineCall("/api/ufolio/tmbsPrfrExcelDown.do", { spec: null, kind: "postDownload", request: excelRequest({}) }),
  /** E08, E09, E10 by ceType */
  comprehensive: defineCall("/api/ufolio/BasicmdEvalListExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ ...oneYear, ...ceType }) }),
  osceCpx: defineCall("/api/ufolio/osceCpxExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ examType: choice }) }),
  peerEval: defineCall("/api/ufolio/clgEvalExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ ...years, currSeq: choice }) }),
  doctorScientist: defineCall("/api/ufolio/doctorBscrsListExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest(oneYear) }),
  endSurvey: defineCall("/api/lms/getCurrEndSrvyRsltExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ ...oneYear, grdSeq: choice, currSeq: choice }) }),
  completion: defineCall("/api/ufolio/eduactCmplExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest(oneYear) }),
  interview: defineCall("/api/ufolio/stInterviewExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({}) }),
  counseling: defineCall("/api/ufolio/getCounselingDataExcelDown.do", { spec: "spec 001 §7", kind: "postDownload", request: excelRequest(oneYear) }),
  pfGuidance: defineCall("/api/ufolio/getPfGdnExcelDown.do", { spec: "spec 001 §7", kind: "postDownload", request: excelRequest(oneYear) }),
  /** both tables and the column sums */
  reflectionJournal: defineCall("/api/ufolio/selfrflJrnExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ ...oneYear, grdSeq: choice }) }),
  reflectionSummary: defineCall("/api/ufolio/rflcSmryExcelDown.do", { spec: null, kind: "postDownload", request: excelRequest(oneYear) }),
  /** the open tab's (tabNum) */
  grdtSelfEval: defineCall("/api/ufolio/grdtSelfEvalExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ ...years, tabNum: z.number() }) }),
  grcmSelfEval: defineCall("/api/ufolio/grcmSelfEvalExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest(years) }),
  currEval: defineCall("/api/lms/getCurrEvalListExcelDown.do", { spec: "spec 001 §7", kind: "postDownload", request: excelRequest(oneYear) }),
  finalReport: defineCall("/api/ufolio/finalReportExcelDown.do", { spec: null, kind: "postDownload", request: excelRequest({ ...oneYear, currSeq: choice }) }),
  operSatisfaction: defineCall("/api/ufolio/operSatisfactionExcelDown.do", { spec: null, kind: "postDownload", request: excelRequest({ ...oneYear, dtSeq: choice }) }),
  operSurvey: defineCall("/api/ufolio/operSurveyExcelDown.do", { spec: "spec 002 §7", kind: "postDownload", request: excelRequest({ ...years, dtSeq: choice }) }),
} as const;

/** The lists of a report's select filters from their own call. */
export const REPORT_LISTS = {
  /** E19: {} → grdList, currList */
  endSurvey: defineCall("/api/lms/getCurrEndSrvyRsltSelectList.do", { spec: "spec 002 §7", request: noFields, reply: listsReply }),
} as const;

export const REPORT_STATE = {
  /** ours: {syncUrl, …the sync call's own fields} → the history, whether a sync runs, the button rule's time, the schedule's state */
  syncInfo: defineCall("/api/sync/getSyncInfo.do", { spec: null, request: z.object({ syncUrl: z.string(), ceType: z.number().optional() }), reply: syncInfoReply }),
} as const;

/** A report definition's calls (ReportDef.sync, .data, .excel, a select's `from`): one of the groups above. */
export type ReportSyncCall = CallDef<ZodTypeAny, typeof syncReply, "json">;
export type ReportDataCall = CallDef<ZodTypeAny, typeof dataReply, "json">;
export type ReportExcelCall = CallDef<ZodTypeAny, ZodTypeAny, "download" | "postDownload">;
export type ReportListsCall = CallDef<ZodTypeAny, typeof listsReply, "json">;
