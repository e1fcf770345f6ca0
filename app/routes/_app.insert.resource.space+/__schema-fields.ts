/**
 * E17 의과대학 공간 현황's fields (spec 002 §2 screen 17, §7, §9; ADR 0041): the screen's path,
 * title and first year, the tabs (./__calls.ts names their calls), the default rows (equipment,
 * self-study rooms, systems, OSCE, dormitories, welfare) and every field's label. The tabs' save
 * schemas are ./__schema.ts, the data and the forms' values ./__schema-form.ts; import all through
 * ./__schema.ts.
 */

import { MSG } from "~/schemas/messages.ko";

/** The screen's route (menu 86). */
export const SPACE_PATH = "/insert/resource/space";
export const SPACE_TITLE = "의과대학 공간 현황";
/** spec 002 §2, §9: the year list starts at 2024. */
export const SPACE_FIRST_YEAR = 2024;
/** spec 002 §9. */
export const SPACE_MAX = 999.99;
/** The grade codes the template and the grade lists use (spec 002 §7). */
export const GRADE_CODE = "0000800000";

/** The nine tabs, in the spec's order. */
export const SPACE_TABS = [
  { id: "fcl", label: "기본 교육시설" },
  { id: "lbrr", label: "의학도서관" },
  { id: "sgroup", label: "학생 소그룹실" },
  { id: "dorm", label: "기숙사" },
  { id: "selfs", label: "학생 자율학습 공간" },
  { id: "wlcnv", label: "학생 복지·편의시설" },
  { id: "edu", label: "교육정보시스템" },
  { id: "lab", label: "학생 연구실" },
  { id: "mngr", label: "담당자 정보" },
] as const;
export type SpaceTab = (typeof SPACE_TABS)[number]["id"];
export const isSpaceTab = (v: unknown): v is SpaceTab => SPACE_TABS.some((t) => t.id === v);

/** spec 002 §3: the eleven default equipment items, in order. */
export const DEFAULT_EQUIPMENT = [
  "기관삽관 모형",
  "기본심폐소생술(BLS) 모형",
  "도뇨관 삽입 모형",
  "동맥혈 채혈 모형",
  "봉합 모형",
  "전신 시뮬레이터",
  "정맥혈 채혈 모형",
  "제세동기",
  "중심정맥관 삽입 모형",
  "질 분비물·자궁경부 세포검사 모형",
  "항문직장 모형",
] as const;
/** spec 002 §3: the self-study space defaults. */
export const DEFAULT_SELF_STUDY = ["열람실", "스터디룸"] as const;
/** spec 002 §3: management and evaluation systems of the education information system tab. */
export const MNGR_SYSTEMS = ["학습관리시스템(LMS)", "e-포트폴리오"] as const;
export const EVAL_SYSTEMS = ["컴퓨터 기반 시험(CBT)", "스마트기기 기반 시험"] as const;

export const OSCE_CENTER = [
  { value: "1", label: "있음" },
  { value: "2", label: "없음" },
] as const;
export const OSCE_LOCATION = [
  { value: "1", label: "학교 내" },
  { value: "2", label: "병원 내" },
] as const;
/** drmtType: 1 exclusive, 2 shared (default), 3 other. */
export const DORM_TYPES = [
  { value: "1", label: "전용" },
  { value: "2", label: "공용" },
  { value: "3", label: "기타" },
] as const;
/** swlSe: 1 welfare, 2 convenience. */
export const WELFARE_KINDS = [
  { value: "1", label: "학생 복지시설", required: MSG.spaceWelfareName },
  { value: "2", label: "학생 편의시설", required: MSG.spaceConvenienceName },
] as const;

/** Every field's label (the tabs' headers and the Excel template's 항목), by the wire's field name. */
export const SPACE_LABELS = {
  totalClsRoom: "총 강의실 수(실)",
  totalLab: "총 실습실 수(실)",
  osceCenterYn: "OSCE 센터 유무",
  osceCenterLoc: "OSCE 센터 위치",
  osceLabCnt: "OSCE 실습실 수(실)",
  osceSmltCnt: "시뮬레이션실 수(실)",
  osceClsRoom: "OSCE 강의실 수(실)",
  stspYn: "교육병원 내 학생전용공간 유무",
  stfclYn: "교육병원 내 학생교육시설 유무",
  eqpYn: "보유",
  eqpCnt: "보유 수량(개)",
  stspLoc: "위치(호실)명",
  stspPn: "수용인원(명)",
  stfclLoc: "위치(호실)명",
  stfclNm: "시설명",
  lbrrYn: "의학도서관 유무",
  bldYn: "독립 건물 여부",
  bdgAmt: "도서 구입 예산(백만원)",
  bdgExcAmt: "도서 구입 집행액(백만원)",
  proPerCnt: "전문 인력 수(명)",
  proPerYn: "전문 인력 없음",
  lbrrNm: "의학도서관 명",
  lbrrLoc: "위치",
  seatNum: "좌석 수(석)",
  stH: "운영 시작(시)",
  stM: "운영 시작(분)",
  enH: "운영 종료(시)",
  enM: "운영 종료(분)",
  lbrrnCnt: "사서 수(명)",
  etcCnt: "기타 인력 수(명)",
  srSe: "구분",
  roomCnt: "총 개수(실)",
  roomStspPn: "실당 평균 수용인원(명)",
  hsngSrvyYn: "주거 실태 조사 여부",
  drmtType: "기숙사 형태",
  stCntM: "입사 남학생 수(명)",
  stCntW: "입사 여학생 수(명)",
  stsfSrvyYn: "만족도 조사 여부",
  cost1: "1인실(천원/학기)",
  cost2: "2인실(천원/학기)",
  cost3: "3인실(천원/학기)",
  cost4: "4인실 이상(천원/학기)",
  ssYn: "자율학습 공간 유무",
  ssNm: "자율학습 공간 명칭",
  ssCnt: "개수(실)",
  swlSe: "구분(1 복지시설, 2 편의시설)",
  swfNm: "시설명",
  cnt: "개수(개)",
  ddcPrsYn: "전담 인력 유무",
  sysYn: "사용 여부",
  remark: "비고",
  maxUser: "최대 동시 접속자 수(명)",
  useYn: "사용",
  labYn: "학생 연구실 유무",
  labCnt: "연구실 수(실)",
  usePrf: "활용 실적",
  content: "내용",
  name: "성명",
  dpt: "부서",
  pstn: "직위",
  telNo: "연락처",
  email: "이메일",
} as const;
export type SpaceField = keyof typeof SPACE_LABELS;
