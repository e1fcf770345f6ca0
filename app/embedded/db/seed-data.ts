/**
 * The embedded backend's demo data set, seeded on the first start of an empty database:
 * the menu tree (every screen of ../shared/SCREENS.md), the common-code groups for 2024-2026 and
 * the demo accounts. Plain data, no server code, so scripts can print it.
 */
import type { MenuType } from "./schema";

// ---------------------------------------------------------------------------------------------
// Demo accounts
// ---------------------------------------------------------------------------------------------

export const DEFAULT_DEMO_PASSWORD = "Demo1234!";

/** The password every demo account gets: env DEMO_PASSWORD, else 'Demo1234!'. */
export function demoPassword(): string {
  const fromEnv = process.env.DEMO_PASSWORD;
  return fromEnv && fromEnv.length > 0 ? fromEnv : DEFAULT_DEMO_PASSWORD;
}

export interface DemoAccount {
  id: string;
  /** What the account is for, in Korean (printed by the start script). */
  role: string;
}

/** The accounts to try the product with (all use demoPassword()). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { id: "admin", role: "관리자 (입력자 + 교육평가위원회 권한, 설정 메뉴)" },
  { id: "entry01", role: "입력자 (권한 1)" },
  { id: "committee01", role: "교육평가위원회 (권한 2)" },
  { id: "applicant01", role: "가입 신청자 (관리자 승인 대기)" },
];

export interface SeedUser {
  userId: string;
  userNm: string;
  dptCd: string;
  telNo: string;
  email: string;
  emailCd: string;
  authTy: string;
  usyn: "Y" | "N";
  aprYn: "Y" | "N";
  adminYn: "Y" | "N";
}

/** Every seeded user: the demo accounts first, then a few more for the user-management list. */
export const SEED_USERS: readonly SeedUser[] = [
  { userId: "admin", userNm: "이서연", dptCd: "0000300018", telNo: "010-2841-5037", email: "seoyeon.lee", emailCd: "0000400007", authTy: "1,2", usyn: "Y", aprYn: "Y", adminYn: "Y" },
  { userId: "entry01", userNm: "김도윤", dptCd: "0000300016", telNo: "010-3172-6640", email: "doyun.kim", emailCd: "0000400001", authTy: "1", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "committee01", userNm: "박지훈", dptCd: "0000300009", telNo: "010-5523-1984", email: "jihoon.park", emailCd: "0000400002", authTy: "2", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "applicant01", userNm: "정하은", dptCd: "0000300017", telNo: "010-7716-2093", email: "haeun.jung", emailCd: "0000400003", authTy: "1", usyn: "Y", aprYn: "N", adminYn: "N" },
  { userId: "entry02", userNm: "최민서", dptCd: "0000300002", telNo: "010-4409-1275", email: "minseo.choi", emailCd: "0000400007", authTy: "1", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "committee02", userNm: "윤재원", dptCd: "0000300010", telNo: "011-852-3301", email: "jaewon.yoon", emailCd: "0000400005", authTy: "2", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "staff03", userNm: "한지민", dptCd: "0000300001", telNo: "010-6638-0492", email: "jimin.han", emailCd: "0000400004", authTy: "1,2", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "applicant02", userNm: "오세훈", dptCd: "0000300012", telNo: "010-9081-4456", email: "sehun.oh", emailCd: "0000400006", authTy: "2", usyn: "Y", aprYn: "N", adminYn: "N" },
  { userId: "retired01", userNm: "강현우", dptCd: "0000300005", telNo: "016-271-8830", email: "hyunwoo.kang", emailCd: "0000400001", authTy: "1", usyn: "N", aprYn: "Y", adminYn: "N" },
];

// ---------------------------------------------------------------------------------------------
// Common codes
// ---------------------------------------------------------------------------------------------

export const SEED_YEARS = [2024, 2025, 2026] as const;

export interface SeedCodeGroup {
  cmmnCd: string;
  cmmnNm: string;
  /** Item names in order; item ids are the group prefix + 1, 2, 3 ... (e.g. 0000300001). */
  items: readonly string[];
  /** Items only from the given year on (index into `items` → first year). */
  since?: Readonly<Record<number, number>>;
}

/** Well-known code ids used by the specifications. */
export const CODE = {
  departments: "0000300000",
  emailDomains: "0000400000",
  positions: "0000500000",
  enrolment: "0000600000",
  graduated: "0000600005",
  admissionTypes: "0000700000",
  grades: "0000800000",
  dataDepartments: "0000900000",
  defaultDataDepartment: "0000900002",
  hometowns: "0001000000",
  employment: "0001100000",
  resigned: "0001100003",
  achievementDept: "0001200000",
  awardCategories: "0001300000",
  medicalLawSubjects: "0001400000",
  relearnSubjects: "0001500000",
  osceCpxTypes: "0001600000",
  patientSafetyGrades: "0001700000",
  seminarCategories: "0001800000",
} as const;

export const SEED_CODE_GROUPS: readonly SeedCodeGroup[] = [
  {
    cmmnCd: CODE.departments,
    cmmnNm: "소속",
    items: [
      "의학교육학교실", "해부학교실", "생리학교실", "생화학·분자생물학교실", "약리학교실", "병리학교실",
      "미생물학교실", "예방의학교실", "내과학교실", "외과학교실", "소아청소년과학교실", "산부인과학교실",
      "정신건강의학교실", "가정의학교실", "응급의학교실", "교무학사팀", "학생지원팀", "의학교육실",
    ],
  },
  {
    cmmnCd: CODE.emailDomains,
    cmmnNm: "이메일 도메인",
    items: ["naver.com", "gmail.com", "daum.net", "hanmail.net", "kakao.com", "nate.com", "medicine.ac.kr"],
  },
  {
    cmmnCd: CODE.positions,
    cmmnNm: "직위",
    items: ["교수", "부교수", "조교수", "임상교수", "임상부교수", "임상조교수", "연구교수", "강사"],
  },
  {
    cmmnCd: CODE.enrolment,
    cmmnNm: "학적상태",
    // 0000600001 재학, 0000600002 휴학, 0000600003 유급 (grade required), 0000600004 제적,
    // 0000600005 졸업 (graduation year required), 0000600006 자퇴 (spec 001 §4).
    items: ["재학", "휴학", "유급", "제적", "졸업", "자퇴"],
  },
  {
    cmmnCd: CODE.admissionTypes,
    cmmnNm: "입학전형",
    items: ["수시(학생부종합)", "수시(학생부교과)", "수시(논술)", "정시", "지역인재", "농어촌", "학사편입"],
  },
  {
    cmmnCd: CODE.grades,
    cmmnNm: "학년",
    items: ["1학년", "2학년", "3학년", "4학년", "5학년", "6학년"],
  },
  {
    cmmnCd: CODE.dataDepartments,
    cmmnNm: "자료 담당부서",
    items: ["교무학사팀", "의학교육실", "학생지원팀", "임상교육팀", "교육평가위원회", "시설관리팀"],
  },
  {
    cmmnCd: CODE.hometowns,
    cmmnNm: "출신지역",
    items: [
      "서울", "부산", "대구", "인천", "광주", "대전", "울산", "세종", "경기",
      "강원", "충북", "충남", "전북", "전남", "경북", "경남", "제주", "해외",
    ],
  },
  {
    cmmnCd: CODE.employment,
    cmmnNm: "재직상태",
    // 0001100003 = 퇴직 (spec 001 §4: enables the resignation date).
    items: ["재직", "휴직", "퇴직", "파견"],
  },
  { cmmnCd: CODE.achievementDept, cmmnNm: "교육업적 구분", items: ["기초", "임상"] },
  {
    cmmnCd: CODE.awardCategories,
    cmmnNm: "수상 및 참여 구분",
    // 0001300001 award (award date), 0001300002 participation (date range, place).
    items: ["수상", "참여"],
  },
  {
    cmmnCd: CODE.medicalLawSubjects,
    cmmnNm: "보건의료법규 과목",
    items: ["의료법", "보건의료기본법", "감염병의 예방 및 관리에 관한 법률", "국민건강보험법", "의료윤리"],
  },
  {
    cmmnCd: CODE.relearnSubjects,
    cmmnNm: "재학습 과목",
    items: ["해부학", "생리학", "생화학", "약리학", "병리학", "미생물학", "기생충학", "예방의학"],
  },
  { cmmnCd: CODE.osceCpxTypes, cmmnNm: "CPX/OSCE 시험구분", items: ["CPX", "OSCE"] },
  { cmmnCd: CODE.patientSafetyGrades, cmmnNm: "환자안전 성적등급", items: ["H", "HP", "PS", "NP"] },
  {
    cmmnCd: CODE.seminarCategories,
    cmmnNm: "세미나 구분",
    items: ["교수법 워크숍", "교육과정 개발 세미나", "학생평가 워크숍", "학생지도 역량강화 세미나", "의학교육 학술대회", "임상교육 역량강화 워크숍"],
    since: { 5: 2025 },
  },
];

/** The id of the n-th (1-based) item of a group: 0000300000 + 1 → 0000300001. */
export const codeId = (cmmnCd: string, n: number) => (Number(cmmnCd) + n).toString().padStart(10, "0");

// ---------------------------------------------------------------------------------------------
// Menus
// ---------------------------------------------------------------------------------------------

export interface SeedMenu {
  menuSeq: number;
  upprMenuSeq: number | null;
  menuLvl: 1 | 2 | 3;
  menuTy: MenuType;
  menuNm: string;
  menuUrl: string | null;
  sort: number;
  /** '1', '2', '1,2' or 'ADMIN'. */
  authTy: string;
  /** Data departments (group 0000900000) that own this menu's data. */
  depts?: readonly string[];
}

const ENTRY = "1";
const EVAL = "2";
const BOTH = "1,2";
const ADMIN = "ADMIN";
const D = (n: number) => codeId(CODE.dataDepartments, n);
const DEPT = { academic: D(1), medEdu: D(2), studentSupport: D(3), clinicalEdu: D(4), committee: D(5), facilities: D(6) };

type Leaf = [menuSeq: number, menuTy: MenuType, menuNm: string, menuUrl: string | null, depts?: readonly string[]];

/** A level-2 group of type D (url /menu/{menuSeq}) with its level-3 screens. */
function group(menuSeq: number, parent: number, sort: number, menuNm: string, authTy: string, leaves: Leaf[]): SeedMenu[] {
  return [
    { menuSeq, upprMenuSeq: parent, menuLvl: 2, menuTy: "D", menuNm, menuUrl: `/menu/${menuSeq}`, sort, authTy },
    ...leaves.map(([seq, menuTy, nm, url, depts], i): SeedMenu => ({
      menuSeq: seq,
      upprMenuSeq: menuSeq,
      menuLvl: 3,
      menuTy,
      menuNm: nm,
      menuUrl: url,
      sort: i + 1,
      authTy,
      depts,
    })),
  ];
}

const top = (menuSeq: number, sort: number, menuTy: MenuType, menuNm: string, menuUrl: string | null, authTy: string): SeedMenu => ({
  menuSeq, upprMenuSeq: null, menuLvl: 1, menuTy, menuNm, menuUrl, sort, authTy,
});
const page = (menuSeq: number, parent: number, sort: number, menuNm: string, menuUrl: string, authTy: string): SeedMenu => ({
  menuSeq, upprMenuSeq: parent, menuLvl: 2, menuTy: "P", menuNm, menuUrl, sort, authTy,
});

/**
 * The menu tree. Menu 2 (입력) holds the data-entry screens, menu 3 (평가) the evaluation screens
 * (spec 000: dashboard shortcut groups), 설정 is for administrators only. Menu 90 is a level-2
 * menu without content ('준비중입니다.'); menu 87 has no url ('준비중인 메뉴입니다.').
 */
export const SEED_MENUS: readonly SeedMenu[] = [
  top(1, 1, "P", "대시보드", "/dashboard", BOTH),
  top(2, 2, "D", "입력", null, ENTRY),
  top(3, 3, "D", "평가", null, EVAL),
  top(4, 4, "D", "설문", null, BOTH),
  top(6, 5, "P", "메신저", "/messenger", BOTH),
  top(5, 6, "D", "설정", null, ADMIN),
  top(7, 7, "P", "내 정보", "/myProfile", BOTH),

  // 입력 (authority 1)
  ...group(10, 2, 1, "학생", ENTRY, [
    [11, "INSERT", "학생 관리", "/insert/student/document", [DEPT.studentSupport, DEPT.academic]],
    [12, "INSERT", "봉사활동", "/insert/student/volunteer", [DEPT.studentSupport]],
    [13, "INSERT", "국제보건의료 활동", "/insert/student/medical", [DEPT.studentSupport]],
    [14, "INSERT", "연구참여 및 수상", "/insert/student/awards", [DEPT.studentSupport]],
    [15, "INSERT", "학생 분석", "/insert/student/analysis", [DEPT.studentSupport, DEPT.medEdu]],
  ]),
  ...group(20, 2, 2, "교수", ENTRY, [
    [21, "INSERT", "교수 관리", "/insert/professor/document", [DEPT.academic]],
    [22, "INSERT", "PBL 튜터 관리", "/insert/tutor/document", [DEPT.academic, DEPT.medEdu]],
    [23, "INSERT", "교육업적 점수", "/insert/professor/archive", [DEPT.academic]],
    [24, "INSERT", "세미나", "/insert/professor/seminar", [DEPT.medEdu]],
    [25, "INSERT", "위원회", "/insert/commission/CommissionList", [DEPT.academic]],
  ]),
  ...group(30, 2, 3, "학생평가", ENTRY, [
    [31, "INSERT", "재학습자 선정 자료", "/insert/eval/relearning", [DEPT.medEdu]],
    [32, "API", "주말시험", "/insert/lms/weekend-exam", [DEPT.medEdu]],
    [33, "API", "과정종료시험", "/insert/lms/end-exam", [DEPT.medEdu]],
    [34, "INSERT", "환자안전 교과목 성적", "/insert/eval/patient-safety", [DEPT.medEdu, DEPT.clinicalEdu]],
    [35, "INSERT", "임상실습 포트폴리오 성찰 요약", "/insert/eval/reflection-summary", [DEPT.clinicalEdu]],
    [36, "INSERT", "보건의료법규 성적", "/insert/eval/medical-law", [DEPT.medEdu]],
    [37, "INSERT", "PBL 튜터 평가", "/insert/eval/tutor", [DEPT.medEdu]],
    [38, "API", "통합교육과정 학습평가 방법", "/insert/lms/curr-eval", [DEPT.medEdu]],
  ]),
  ...group(40, 2, 4, "포트폴리오", ENTRY, [
    [41, "API", "졸업역량체계 보고서", "/insert/ufolio/grcm", [DEPT.clinicalEdu, DEPT.medEdu]],
    [42, "API", "단계별 포트폴리오 양식", "/insert/ufolio/tmbs", [DEPT.clinicalEdu]],
    [43, "API", "학생 상담 차트", "/insert/ufolio/counseling", [DEPT.studentSupport]],
    [44, "API", "지도교수 상담 통계", "/insert/ufolio/pf-guidance", [DEPT.studentSupport]],
    [45, "API", "임상실습 교과목 평가방법", "/insert/ufolio/final-report", [DEPT.clinicalEdu]],
    [46, "API", "시기별 졸업성과 포트폴리오 평가", "/insert/ufolio/grdt-self-eval", [DEPT.clinicalEdu]],
    [47, "API", "동료평가", "/insert/ufolio/peer-eval", [DEPT.clinicalEdu]],
    [48, "API", "포트폴리오 성찰일지", "/insert/ufolio/reflection-journal", [DEPT.clinicalEdu]],
    [49, "API", "의사과학자 기초과정 현황", "/insert/ufolio/doctor-scientist", [DEPT.medEdu]],
  ]),
  ...group(50, 2, 5, "종합평가", ENTRY, [
    [51, "API", "기초·임상의학 종합평가 결과", "/insert/ufolio/comprehensive/1", [DEPT.medEdu]],
    [52, "API", "기초의학 종합평가", "/insert/ufolio/comprehensive/2", [DEPT.medEdu]],
    [53, "API", "의사국가시험 합격률", "/insert/ufolio/comprehensive/3", [DEPT.medEdu, DEPT.academic]],
    [54, "API", "CPX/OSCE 임상수행능력 평가", "/insert/ufolio/osce-cpx", [DEPT.clinicalEdu]],
  ]),
  ...group(60, 2, 6, "자료실", ENTRY, [
    [61, "DATA", "교육과정 운영 자료", "/data/61", [DEPT.medEdu]],
    [62, "DATA", "자체평가 보고서", "/data/62", [DEPT.medEdu, DEPT.committee]],
    [63, "SURVEY", "교육 만족도 설문", "/survey-menu/63", [DEPT.medEdu]],
    [64, "SURVEY", "졸업생 설문", "/survey-menu/64", [DEPT.academic]],
  ]),
  ...group(85, 2, 7, "자원", ENTRY, [
    [86, "INSERT", "의과대학 공간 현황", "/insert/resource/space", [DEPT.facilities]],
    [87, "INSERT", "교육병원 시설 현황", null, [DEPT.facilities]],
  ]),
  ...group(90, 2, 8, "학사 연계 자료", ENTRY, []),

  // 평가 (authority 2)
  ...group(70, 3, 1, "교육평가 및 모니터링", EVAL, [
    [71, "INSERT", "시험문항 분석", "/eval/monitor/analysis", [DEPT.committee, DEPT.medEdu]],
    [72, "API", "과정종료 학생 만족도 조사 결과", "/eval/monitor/end-survey", [DEPT.committee]],
    [73, "API", "핵심과목 임상실습 운영 만족도 결과", "/eval/monitor/oper-satisfaction", [DEPT.committee, DEPT.clinicalEdu]],
    [74, "API", "임상실습 순환 만족도 조사", "/eval/monitor/oper-survey", [DEPT.committee, DEPT.clinicalEdu]],
    [75, "API", "교육활동 이수율", "/eval/monitor/completion", [DEPT.committee]],
    [76, "API", "졸업역량 자기평가", "/eval/monitor/competency-self-eval", [DEPT.committee]],
    [77, "API", "졸업생 학생 면담", "/eval/monitor/interview", [DEPT.committee, DEPT.studentSupport]],
  ]),
  ...group(80, 3, 2, "평가지표", EVAL, [
    [81, "P", "교육과정 평가지표", "/eval/indicator/81", [DEPT.committee]],
    [82, "P", "학생평가 평가지표", "/eval/indicator/82", [DEPT.committee]],
    [83, "P", "교수·자원 평가지표", "/eval/indicator/83", [DEPT.committee]],
  ]),

  // 설문
  page(92, 4, 1, "설문 관리", "/survey", BOTH),

  // 설정 (administrators)
  page(95, 5, 1, "사용자 관리", "/management/member", ADMIN),
  page(96, 5, 2, "공통코드 관리", "/management/code", ADMIN),
  page(97, 5, 3, "개인정보 동의서 관리", "/management/privacy", ADMIN),
];
