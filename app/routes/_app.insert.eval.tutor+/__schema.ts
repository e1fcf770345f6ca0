/**
 * E16 PBL 튜터 평가 (spec 002 §2 screen 16, §7 "Student and tutor lookups"; ADR 0041): the route,
 * and the default columns. Its call, named by a student (usSeq), is app/calls/tutor-eval.ts
 * TUTOR_EVAL.list; the PBL-tutor list of spec 001 is app/calls/people.ts TUTOR.list (docs/contract.md).
 */
export const TUTOR_EVAL_PATH = "/insert/eval/tutor";
export const TUTOR_EVAL_TITLE = "PBL 튜터 평가";

/** spec 002 §2 screen 16: the default columns, in order (keys of the list's rows). */
export const TUTOR_EVAL_COLUMNS = [
  { clm: "id", clmNm: "학번" },
  { clm: "name", clmNm: "이름" },
  { clm: "pbl", clmNm: "PBL" },
  { clm: "map", clmNm: "MAP" },
  { clm: "conf", clmNm: "CONF" },
  { clm: "peer1", clmNm: "Peer1" },
  { clm: "scm", clmNm: "SCM" },
  { clm: "snap", clmNm: "SNAP" },
  { clm: "quizInd", clmNm: "Quiz(개인)" },
  { clm: "quizTeam", clmNm: "Quiz(팀)" },
  { clm: "late", clmNm: "지각" },
  { clm: "absent", clmNm: "결석" },
  { clm: "peer2", clmNm: "Peer2" },
  { clm: "dis", clmNm: "Dis" },
  { clm: "con", clmNm: "Con" },
  { clm: "penalty", clmNm: "감점" },
  { clm: "total", clmNm: "총점" },
  { clm: "grade", clmNm: "등급" },
] as const;
