/**
 * What the specifications list for each `.do` reply, as data: the strict fake of
 * tests/unit/strict-replies.test.ts strips every reply of the embedded backend down to exactly
 * these fields, so that the web tier is run against replies shaped as a legacy server gives them
 * (docs/decisions/0014-spec-shaped-replies.md).
 *
 * Where the lists come from:
 * - the keys of a reply: §7 of the spec that names the call ('-> result.list, columns');
 * - the fields of a record or a row inside it: the entity of §3 ('Student: usSeq, stSeq, …');
 * - a list column the screen shows (§2) that no §3 field carries: kept under our wire name and
 *   marked SHOWN, because a legacy server must send it in some form for the screen to show it, and
 *   the spec does not name it (docs/contract.md gives our names).
 * Keys the spec names without their inside ('-> chartData', 'result.subj') are kept as they are.
 * A call the spec names no result for ('edit.do', 'delete.do') answers the envelope only.
 */

/** How a value is stripped. */
export type Shape =
  /** kept as it is (the spec names the key, not what is inside) */
  | "value"
  /** an object: only these keys, each shaped */
  | { fields: Readonly<Record<string, Shape>> }
  /** a list: every item shaped */
  | { each: Shape }
  /** JSON text ('users as JSON text'): parsed, shaped, written again */
  | { jsonText: Shape };

export interface CallSpec {
  /** the spec section that lists the reply */
  cite: string;
  /** the shape of `result`; null: the spec names no result, so the reply is the envelope only */
  result: Shape | null;
  /** the shape of `result` when the request carries eiSeq and menuSeq (evaluation mode) */
  evalResult?: Shape;
  /** keys the spec gives beside `status` at the top of the body (the uploads' counts) */
  top?: readonly string[];
}

/** The envelope every reply keeps (spec 000 §7 'Every response carries a status field'; §8 errorCode, errorMessage, the message shown). */
export const ENVELOPE = ["status", "message", "errorCode", "errorMessage"] as const;

const obj = (...names: string[]): Shape => ({ fields: Object.fromEntries(names.map((n) => [n, "value" as const])) });
const withFields = (base: Shape, extra: Record<string, Shape>): Shape => {
  if (typeof base === "string" || !("fields" in base)) throw new Error("withFields needs an object shape");
  return { fields: { ...base.fields, ...extra } };
};
const list = (item: Shape): Shape => ({ each: item });

// ---- entities (§3) ----

/** spec 001 §3 'Common code option: id, text' (spec 000 §3 'Common code: id and text'). */
const CODE = obj("id", "text");
/** spec 001 §3 'Evaluation column config: clm, clmNm'. */
const COLUMN = obj("clm", "clmNm");
/** spec 000 §3 User. */
const USER = obj("userSeq", "userId", "userNm", "dptCd", "dptNm", "telNo", "email", "emailCd", "authTy", "authTyCd", "usyn", "aprYn", "regDt", "uptDt", "userPass", "accessToken");
/** spec 000 §3 Menu. */
const MENU = obj("menuSeq", "upprMenuSeq", "menuLvl", "menuTy", "menuNm", "menuUrl", "cmpltCnt", "upprMenuNm", "upMenuNm");
/** spec 001 §3 Student. */
const STUDENT = obj(
  "usSeq", "stSeq", "id", "name", "year", "admsYear", "attnCd", "grdeCd", "grdtnYear", "brde", "birthPlace", "highSchool", "hsGrdtnYear",
  "admsSlctn", "email", "emailCd", "telNo", "cohortYn", "imgSrc", "imgFile", "regDt", "dayWeek", "status", "txt",
);
/** spec 001 §3 Professor ('The detail response also has pfSeq, pfId, year'). */
const PROFESSOR_FIELDS = ["usSeq", "id", "name", "gndr", "emplyDate", "emplyCd", "rsgntDate", "jobCd", "dptCd", "school", "trngAgcy", "telNo", "email", "emailCd", "imgSrc", "imgFile", "regDt", "dayWeek", "year"];
const PROFESSOR_DETAIL = obj(...PROFESSOR_FIELDS, "pfSeq", "pfId");
/** SHOWN: spec 001 §2 'Each row shows status, id, name and a descriptive text' (the Student entity's names status, txt). */
const PROFESSOR_ROW = obj(...PROFESSOR_FIELDS, "status", "txt");
/** spec 001 §3 Achievement score. */
const ARCHIVE = obj("year", "dept", "score");
/** spec 002 §3 Patient safety score. */
const PSS = obj("pssSeq", "year", "id", "name", "usSeq", "attn", "quiz", "rcgnSrvy", "ptntSftyRprt", "group1", "group2", "prtcDgr", "total", "grd", "usyn", "regDt");
/** spec 002 §3 Medical law score set: users (usSeq, id, name, score, status); §7 detail.do 'users as JSON text'. */
const LAW_USER = obj("usSeq", "id", "name", "score", "status");
const LAW = withFields(obj("hlSeq", "year", "smst", "tgetSt", "subj", "totalScore"), { users: { jsonText: list(LAW_USER) } });
/**
 * SHOWN: spec 002 §2 item 6 'List shows year, term/round, target grades, subject code name, number
 * of users, average, total score': the names of the targets and the subject, the count and the
 * average (tgetNm, subjNm, userCnt, avgScore) are not §3 fields.
 */
const LAW_ROW = withFields(LAW, { tgetNm: "value", subjNm: "value", userCnt: "value", avgScore: "value" });
/** spec 002 §3 Medical law 'Preview rows: grdeNm, id, name, subjNm, smst, score'. */
const LAW_PREVIEW = obj("grdeNm", "id", "name", "subjNm", "smst", "score");
/** spec 002 §3 Re-learner: subj (list of subjCd, reYn Y/N, subjNm); §7 'subj as JSON text'. */
const RELEARNER = withFields(obj("rlSeq", "year", "usSeq", "usyn", "id", "name", "status"), { subj: { jsonText: list(obj("subjCd", "reYn", "subjNm")) } });
/** spec 002 §3 Exam analysis (the list's type, mean±deviation, difficulty and discrimination texts are derived by the web tier). */
const ANALYSIS = obj(
  "eqaSeq", "year", "currNm", "eqaSe", "period", "qestCnt", "totalScore", "avgStdevSt", "avgStdevEn", "minScore", "maxScore",
  "grdSt", "grdEn", "grdSe", "dscpSt", "dscpEn", "dscpSe", "qestRate", "regDt",
);

/** spec 001 §3 'dbFileList items (flnm, rovl, orn, usyn Y or N, file sequence id)': the id is our fileSeq. */
const ACTIVITY_FILE = obj("flnm", "rovl", "orn", "usyn", "fileSeq");
/** spec 001 §3 Volunteer record ('vaTel (and three parts)': the parts are our vaTel1 … vaTel3). */
const VOLUNTEER = withFields(
  obj("vaSeq", "id", "name", "stSeq", "year", "vaStde", "vaEnde", "vaTime", "vaPlace", "vaCntnt", "vaEval", "vaOrg", "vaTel", "vaTel1", "vaTel2", "vaTel3", "vaMngrPstn", "vaMngrNm", "regDt", "grdeNm"),
  { dbFileList: list(ACTIVITY_FILE) },
);
/** spec 001 §3 Health-care activity record ('files as above'). */
const MEDICAL_ACTIVITY = withFields(
  obj("gaSeq", "id", "name", "stSeq", "year", "gaStde", "gaEnde", "gaTime", "gaCountry", "gaSchool", "gaCntnt", "gaEval", "gaOrg", "gaTel", "gaTel1", "gaTel2", "gaTel3", "gaMngrPstn", "gaMngrNm", "regDt", "grdeNm"),
  { dbFileList: list(ACTIVITY_FILE) },
);

/**
 * spec 001 §3 Award or participation program, its users list (id, name, usSeq, paSeq, rsrchSbj,
 * status). SHOWN: the program's name (prgmNm, our wire name; the list shows which program it is).
 */
const AWARD_USER = obj("id", "name", "usSeq", "paSeq", "rsrchSbj", "status");
const AWARD_PROGRAM = withFields(
  obj("paSeq", "paSeCd", "paSeType", "year", "awardDate", "prgmStde", "prgmEnde", "prgmDate", "placeCd", "placeNm", "place", "file", "fileName", "orn", "flnm", "rovl", "userCount", "regDt", "prgmNm"),
  { users: list(AWARD_USER) },
);
/** spec 001 §3 Seminar users[] (smSeq, usSeq, id, name, status flag for verified). */
const SEMINAR_USER = obj("smSeq", "usSeq", "id", "name", "status");
/**
 * spec 001 §3 Seminar (users only in the detail, as JSON text: §7). SHOWN: the category's name
 * (smSeNm), as spec 001 §2 'Seminars' lists the category and a list shows a code's name.
 */
/** spec 001 §3 "Committee" and "Committee term" (no terms' count, no members' count: ours). */
const COMMITTEE = obj("cmtSeq", "cmtNm", "year", "oprStt", "oprSttNm", "regDt");
const TERM = obj("ctSeq", "ctNm", "operStdt", "operEndt");
const TERM_MEMBER = obj("usSeq", "id", "name", "gndr", "jobNm", "dptNm", "actvt", "actvtYn", "regDt");
const SEMINAR = obj("smSeq", "smSe", "smSeNm", "smStde", "smEnde", "placeCd", "place", "file", "flnm", "orn", "rovl", "year", "userCnt", "regDt");

/** Evaluation-mode rows carry the configured columns (spec 001 §1, spec 002 §6): kept as they are. */
const EVAL_ROWS = list("value");

// ---- the calls ----

export const SPEC_REPLIES: Readonly<Record<string, CallSpec>> = {
  // spec 000 §7 Session, Menu, Sign-up and account
  "/api/login.do": { cite: "spec 000 §7 Session", result: { fields: { userInfo: USER, reJwtToken: "value", UID: "value" } } },
  "/api/comm/menu/getMenuList.do": { cite: "spec 000 §7 Menu", result: { fields: { list: list(MENU) } } },
  "/api/loginpass/insertUserInfo.do": { cite: "spec 000 §7 Sign-up and account", result: null },
  "/api/loginpass/findUserInfo.do": { cite: "spec 000 §7 Sign-up and account '-> result.findInfo.userSeq, or null'", result: { fields: { findInfo: obj("userSeq") } } },
  "/api/loginpass/changePwd.do": { cite: "spec 000 §7 Sign-up and account", result: null },
  "/api/comm/getCommCodeList.do": { cite: "spec 000 §7 Codes; spec 001 §7 '-> list of {id, text}'", result: { fields: { list: list(CODE) } } },

  // spec 001 §7 Students and professors
  "/api/student/getCodeList.do": { cite: "spec 001 §7", result: { fields: { afltnList: list(CODE), statusList: list(CODE), yearList: "value" } } },
  "/api/professor/getCodeList.do": { cite: "spec 001 §7 ('a professor variant')", result: { fields: { afltnList: list(CODE), statusList: list(CODE), yearList: "value" } } },
  "/api/student/getCodeListAll.do": {
    cite: "spec 001 §7",
    result: { fields: { attnList: list(CODE), grdeList: list(CODE), birthPlaceList: list(CODE), admsSlctnList: list(CODE), emailCdList: list(CODE) } },
  },
  "/api/professor/getCodeListAll.do": { cite: "spec 001 §7", result: { fields: { emplyList: list(CODE), jobCdList: list(CODE), dptCdList: list(CODE), emailCdList: list(CODE) } } },
  "/api/student/getList.do": { cite: "spec 001 §7 '-> result.list'", result: { fields: { list: list(STUDENT) } }, evalResult: { fields: { list: EVAL_ROWS } } },
  "/api/professor/getList.do": { cite: "spec 001 §7 '-> list'", result: { fields: { list: list(PROFESSOR_ROW) } }, evalResult: { fields: { list: EVAL_ROWS } } },
  /** not in the spec (ours, docs/contract.md): held to the professor list's reply */
  "/api/tutor/getList.do": { cite: "as spec 001 §7 professor/getList.do", result: { fields: { list: list(PROFESSOR_ROW) } }, evalResult: { fields: { list: EVAL_ROWS } } },
  "/api/student/getDetail.do": { cite: "spec 001 §7 '-> student'", result: { fields: { student: STUDENT } } },
  "/api/professor/getDetail.do": { cite: "spec 001 §7 '-> professor'", result: { fields: { professor: PROFESSOR_DETAIL } } },
  "/api/student/edit.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/professor/edit.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/student/delete.do": { cite: "spec 001 §7", result: null },
  "/api/professor/delete.do": { cite: "spec 001 §7", result: null },
  "/api/eval/getEvalColumnsList.do": { cite: "spec 001 §7 '-> result.list of columns (clm, clmNm)'", result: { fields: { list: list(COLUMN) } } },
  "/api/student/excelUpload.do": { cite: "spec 001 §7 '-> status, successCount, faildCount'", result: null, top: ["successCount", "faildCount"] },
  "/api/professor/getArchiveChart.do": { cite: "spec 001 §7 '-> chartData'", result: { fields: { chartData: "value" } } },
  "/api/professor/archiveDetail.do": { cite: "spec 001 §7 '-> archive'", result: { fields: { archive: ARCHIVE } } },
  "/api/professor/editArchive.do": { cite: "spec 001 §7", result: null },

  // spec 001 §7 Student activity (the health-care calls' 'payload shapes parallel the volunteer calls')
  "/api/student/getVolunteerList.do": { cite: "spec 001 §7 '-> list, columns'", result: { fields: { list: list(VOLUNTEER), columns: list(COLUMN) } }, evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } } },
  "/api/student/saveVolunteerInfo.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/student/delVolunteerData.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/student/getMedicalList.do": { cite: "spec 001 §7 '-> list, columns'", result: { fields: { list: list(MEDICAL_ACTIVITY), columns: list(COLUMN) } }, evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } } },
  "/api/student/saveMedicalActvtInfo.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/student/delMedicalActvt.do": { cite: "spec 001 §7 (no result named)", result: null },

  // spec 001 §7 Student activity, awards: the calls are named, their results not (held to the other lists' list, columns and to a detail's one record)
  "/api/awards/getPrgmList.do": { cite: "spec 001 §7 (result not named: as the activity lists)", result: { fields: { list: list(AWARD_PROGRAM), columns: list(COLUMN) } }, evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } } },
  "/api/awards/getPrgmInfo.do": { cite: "spec 001 §7 (result not named: the program)", result: { fields: { info: AWARD_PROGRAM } } },
  "/api/awards/editAwards.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/awards/deletePrgm.do": { cite: "spec 001 §7 (no result named)", result: null },
  // spec 001 §7 Seminars
  "/api/commission/list.do": { cite: "spec 001 §7 '-> list, columns'", result: { fields: { list: list(COMMITTEE), columns: list(COLUMN) } }, evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } } },
  "/api/commission/insert.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/commission/delete.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/commission/term/list.do": { cite: "spec 001 §7 (result not named: the terms of §3)", result: { fields: { list: list(TERM) } } },
  "/api/commission/term/insert.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/commission/term/copy.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/commission/term/delete.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/commission/term/user/search.do": { cite: "spec 001 §7 (result not named: the people of §3 'Term member')", result: { fields: { list: list(TERM_MEMBER) } } },
  "/api/commission/term/user/list.do": { cite: "spec 001 §7 (result not named: §3 'Term member')", result: { fields: { list: list(TERM_MEMBER) } } },
  "/api/commission/term/user/insert.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/commission/term/user/delete.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/seminar/list.do": { cite: "spec 001 §7 '-> list and optional columns'", result: { fields: { list: list(SEMINAR), columns: list(COLUMN) } }, evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } } },
  "/api/seminar/detail.do": { cite: "spec 001 §7 '-> seminar (users is JSON text)'", result: { fields: { seminar: withFields(SEMINAR, { users: { jsonText: list(SEMINAR_USER) } }) } } },
  "/api/seminar/edit.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/seminar/delete.do": { cite: "spec 001 §7 (no result named)", result: null },
  "/api/seminar/getPfInfo.do": { cite: "spec 001 §7 '-> pf {name, usSeq}'", result: { fields: { pf: obj("name", "usSeq") } } },

  // spec 002 §7 Re-learner
  "/api/relearning/list.do": {
    cite: "spec 002 §7 Re-learner 'result.list (subj as JSON text), result.subj, result.columns'",
    result: { fields: { list: list(RELEARNER), subj: "value", columns: list(COLUMN) } },
    evalResult: { fields: { list: EVAL_ROWS, subj: "value", columns: list(COLUMN) } },
  },
  "/api/relearning/edit.do": { cite: "spec 002 §7 Re-learner '-> status'", result: null },
  "/api/relearning/delete.do": { cite: "spec 002 §7 Re-learner '-> status'", result: null },
  "/api/relearning/detail.do": { cite: "spec 002 §7 Re-learner 'result with subj as JSON text'", result: RELEARNER },
  "/api/awards/getStuName.do": { cite: "spec 002 §7 Student lookup '-> result.stu {name, usSeq}'", result: { fields: { stu: obj("name", "usSeq") } } },

  // spec 002 §7 Patient safety
  "/api/eval/getPtntSftyScreList.do": {
    cite: "spec 002 §7 Patient safety '-> result.list, result.columns'",
    result: { fields: { list: list(PSS), columns: list(COLUMN) } },
    evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } },
  },
  "/api/eval/savePtntSftyScre.do": { cite: "spec 002 §7 Patient safety (no result named)", result: null },
  "/api/eval/delPtntSftyScre.do": { cite: "spec 002 §7 Patient safety (no result named)", result: null },

  // spec 002 §7 Health and medical law
  "/api/medical/getCodeList.do": { cite: "spec 002 §7 '-> result.grdeList, subjList'", result: { fields: { grdeList: list(CODE), subjList: list(CODE) } } },
  "/api/medical/list.do": {
    cite: "spec 002 §7 '-> result.list, columns'",
    result: { fields: { list: list(LAW_ROW), columns: list(COLUMN) } },
    evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } },
  },
  "/api/medical/detail.do": { cite: "spec 002 §7 'detail.do (users as JSON text)'", result: LAW },
  "/api/medical/preview.do": { cite: "spec 002 §7 'preview.do -> result.list'", result: { fields: { list: list(LAW_PREVIEW) } } },
  "/api/medical/edit.do": { cite: "spec 002 §7 (no result named)", result: null },
  "/api/medical/delete.do": { cite: "spec 002 §7 (no result named)", result: null },

  // spec 002 §7 Exam analysis
  "/api/analysis/list.do": {
    cite: "spec 002 §7 Exam analysis '-> result.list, columns'",
    result: { fields: { list: list(ANALYSIS), columns: list(COLUMN) } },
    evalResult: { fields: { list: EVAL_ROWS, columns: list(COLUMN) } },
  },
  /** the spec names no key for detail.do's record; `analysis` is ours (docs/contract.md) */
  "/api/analysis/detail.do": { cite: "spec 002 §7 Exam analysis 'detail.do {row}' (record of §3)", result: { fields: { analysis: ANALYSIS } } },
  "/api/analysis/edit.do": { cite: "spec 002 §7 Exam analysis (no result named)", result: null },
  "/api/analysis/delete.do": { cite: "spec 002 §7 Exam analysis (no result named)", result: null },
};

/** A value stripped to its shape. */
export function shaped(value: unknown, shape: Shape): unknown {
  if (shape === "value" || value === null || value === undefined) return value;
  if ("each" in shape) return Array.isArray(value) ? value.map((v) => shaped(v, shape.each)) : value;
  if ("jsonText" in shape) return typeof value === "string" ? JSON.stringify(shaped(JSON.parse(value || "null"), shape.jsonText)) : shaped(value, shape.jsonText);
  if (typeof value !== "object" || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(shape.fields).filter(([k]) => k in v).map(([k, inner]) => [k, shaped(v[k], inner)]));
}

/** A reply body stripped to what the spec lists for the call. */
export function stripReply(body: Record<string, unknown>, spec: CallSpec, evalMode: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of [...ENVELOPE, ...(spec.top ?? [])]) if (k in body) out[k] = body[k];
  const shape = evalMode && spec.evalResult ? spec.evalResult : spec.result;
  if (shape && "result" in body) out.result = shaped(body.result, shape);
  return out;
}
