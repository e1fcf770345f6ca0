/**
 * The embedded backend's demo data set, seeded on the first start of an empty database:
 * the menu tree (every screen of the specifications), the common-code groups for 2024-2026, the
 * demo accounts and their messages. Plain data, no server code, so scripts can print it.
 */
import type { UserFields } from "~/schemas/account";
import type { MenuType } from "./schema";

// ---------------------------------------------------------------------------------------------
// Demo accounts
// ---------------------------------------------------------------------------------------------

export const DEFAULT_DEMO_PASSWORD = "Demo1234!";

/**
 * Whether the demo data set is seeded (issue 17, ADR 0024): DEMO_DATA=1 (or true, yes) turns it on
 * and DEMO_DATA=0 (false, no) off; unset, it is on except with NODE_ENV=production. `npm start`
 * sets DEMO_DATA=1 when neither is given (the README's quick start); the Docker image sets
 * DEMO_DATA=0. Without demo data an empty database gets the codes, the menus and one
 * administrator (INITIAL_ADMIN_PASSWORD, or a generated password printed once), who must change
 * the password at the first sign-in. The web tier asks the same (utils/demo.ts, ADR 0068).
 */
export { demoDataEnabled } from "~/utils/demo";

/** The first administrator of a database seeded without demo data. */
export const INITIAL_ADMIN = { userId: "admin", userNm: "관리자", authTy: "1,2" } as const;

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

/** A seeded user: the fields a form gives of a user, and its state. */
export interface SeedUser extends UserFields {
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
  { userId: "entry03", userNm: "서유진", dptCd: "0000300004", telNo: "010-2290-7713", email: "yujin.seo", emailCd: "0000400003", authTy: "1", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "committee03", userNm: "임도현", dptCd: "0000300011", telNo: "010-5802-4166", email: "dohyun.lim", emailCd: "0000400006", authTy: "2", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "staff03", userNm: "한지민", dptCd: "0000300001", telNo: "010-6638-0492", email: "jimin.han", emailCd: "0000400004", authTy: "1,2", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "applicant02", userNm: "오세훈", dptCd: "0000300012", telNo: "010-9081-4456", email: "sehun.oh", emailCd: "0000400006", authTy: "2", usyn: "Y", aprYn: "N", adminYn: "N" },
  { userId: "retired01", userNm: "강현우", dptCd: "0000300005", telNo: "016-271-8830", email: "hyunwoo.kang", emailCd: "0000400001", authTy: "1", usyn: "N", aprYn: "Y", adminYn: "N" },
  { userId: "staff04", userNm: "문서윤", dptCd: "0000300003", telNo: "010-3518-2764", email: "seoyun.moon", emailCd: "0000400002", authTy: "2", usyn: "Y", aprYn: "Y", adminYn: "N" },
  { userId: "staff05", userNm: "배수아", dptCd: "0000300006", telNo: "010-4127-3389", email: "sua.bae", emailCd: "0000400001", authTy: "1", usyn: "Y", aprYn: "Y", adminYn: "N" },
  // a second administrator (the spec-only e2e server's business errors meet the settings pages as this user)
  { userId: "admin02", userNm: "조은비", dptCd: "0000300018", telNo: "010-7305-2218", email: "eunbi.jo", emailCd: "0000400004", authTy: "1,2", usyn: "Y", aprYn: "Y", adminYn: "Y" },
  { userId: "staff06", userNm: "남기현", dptCd: "0000300007", telNo: "010-6093-5512", email: "kihyun.nam", emailCd: "0000400003", authTy: "1", usyn: "Y", aprYn: "Y", adminYn: "N" },
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
  // account e-mails kept for administrators to pass on when no mail server is set (issue 17, ADR 0024)
  page(98, 5, 4, "계정 메일 보관함", "/management/mail", ADMIN),
  // who did what to personal data, and when (issue 17 "Audit log", ADR 0028)
  page(99, 5, 5, "감사 로그", "/management/audit", ADMIN),
];

// ---------------------------------------------------------------------------------------------
// Messages and the manual
// ---------------------------------------------------------------------------------------------

/** The user manual: stored under this folder key with this original name (files/manual.pdf). */
export const MANUAL_ROVL = "manual";
export const MANUAL_ORN = "교육평가 자료관리 사용자 매뉴얼.pdf";

export interface SeedMessage {
  /** Days before the seeding day (Asia/Seoul) and the time of day there. */
  daysAgo: number;
  at: string;
  /** The sender's userId. */
  from: "admin" | "committee01";
  /** The authority codes it is sent to (every approved, in-use holder but the sender receives it). */
  to: readonly ("1" | "2")[];
  /**
   * HTML. `{D+n}` becomes the date n days after sending ('3월 14일(금)'), `{AY}` the academic year
   * at sending (it starts in March), so that the demo reads as current whenever it is seeded.
   */
  html: string;
}

const M = (daysAgo: number, at: string, from: SeedMessage["from"], to: SeedMessage["to"], html: string): SeedMessage => ({
  daysAgo, at, from, to, html,
});
const A1 = ["1"] as const;
const A2 = ["2"] as const;
const A12 = ["1", "2"] as const;

/**
 * The demo messages, oldest first: 41 reach entry01 (authority 1), 15 committee01 (authority 2),
 * 11 admin (sent by committee01). A receipt is read when the message is more than 14 days old,
 * except about one in five (seed.server.ts), so every inbox has unread messages.
 */
export const SEED_MESSAGES: readonly SeedMessage[] = [
  M(160, "09:10", "admin", A12, "<p><strong>[안내] 교육평가 자료관리 시스템 운영 시작</strong></p><p>의과대학 교육평가·인증 자료를 한곳에서 관리하는 자료관리 시스템이 운영을 시작합니다. 첫 로그인 후 <strong>내 정보</strong>에서 소속과 연락처를 확인해 주시기 바랍니다.</p><p>사용 방법은 대시보드의 사용자 매뉴얼을 참고해 주세요.</p>"),
  M(155, "10:30", "admin", A1, "<p><strong>[자료 입력] {AY}학년도 학생 기본자료 입력 요청</strong></p><p>입력 &gt; 학생 &gt; 학생 관리 메뉴에서 재학생 학적 정보를 <strong>{D+14}</strong>까지 입력해 주시기 바랍니다.</p><ul><li>학적상태가 유급이면 학년을 반드시 선택</li><li>졸업생은 졸업년도 입력</li></ul>"),
  M(150, "14:00", "committee01", A1, "<p><strong>[교육평가위원회] 평가인증 근거자료 목록 공유</strong></p><p>의학교육 평가인증 기준별 근거자료 목록을 공유드립니다. 담당 부서별로 해당 자료가 시스템에 입력되어 있는지 확인 부탁드립니다.</p><p>문의: 교육평가위원회 박지훈</p>"),
  M(146, "09:40", "admin", A1, "<p><strong>[자료 입력] 교수 현황 자료 최신화</strong></p><p>입력 &gt; 교수 &gt; 교수 관리 메뉴의 재직상태와 직위를 {D+10}까지 최신 정보로 수정해 주세요. 퇴직 교원은 재직상태를 <strong>퇴직</strong>으로 바꾸고 퇴직일을 입력합니다.</p>"),
  M(142, "16:20", "admin", A2, "<p><strong>[회의] 교육평가위원회 1차 회의 소집</strong></p><p>일시: {D+7} 오후 4시<br>장소: 의과대학 본관 3층 세미나실</p><p>안건: {AY}학년도 평가지표 검토 및 자체평가 일정 확정</p>"),
  M(138, "11:00", "admin", A1, "<p><strong>[마감 안내] 봉사활동 실적 입력</strong></p><p>학생 봉사활동 실적 입력 마감일은 <strong>{D+9}</strong>입니다. 활동 시간은 숫자만 입력할 수 있으며, 증빙 파일은 최대 3개까지 첨부할 수 있습니다.</p>"),
  M(133, "13:30", "admin", A12, "<p><strong>[필수] 개인정보 수집·이용 동의서 확인</strong></p><p>설문과 자료 입력에 쓰이는 개인정보 수집·이용 동의서 양식이 개정되었습니다. 개정 내용은 설정 &gt; 개인정보 동의서 관리에서 확인하실 수 있습니다.</p>"),
  M(129, "10:10", "committee01", A1, "<p><strong>[교육평가위원회] 시험문항 분석 자료 요청</strong></p><p>지난 학기 과정종료시험의 문항 분석(난이도·변별도) 자료를 {D+14}까지 입력해 주시면 위원회 검토에 반영하겠습니다.</p>"),
  M(125, "15:00", "admin", A1, "<p><strong>[자료 입력] 국제보건의료 활동 실적</strong></p><p>방학 중 해외 의료봉사에 참여한 학생의 활동 실적(국가, 기간, 장소)을 입력 &gt; 학생 &gt; 국제보건의료 활동 메뉴에 등록해 주세요.</p>"),
  M(120, "09:20", "admin", A1, "<p><strong>[확인 요청] PBL 튜터 명단</strong></p><p>다음 학기 PBL 튜터 명단이 등록되었습니다. 소속과 연락처가 정확한지 확인하시고, 수정이 필요하면 {D+5}까지 알려 주시기 바랍니다.</p>"),
  M(116, "14:40", "admin", A2, "<p><strong>[요청] 평가지표 및 평가준거 등록</strong></p><p>평가 &gt; 평가지표 메뉴에서 담당 영역의 평가지표와 평가준거를 {D+10}까지 등록해 주시기 바랍니다. 지표마다 관련 데이터 메뉴를 연결하면 근거자료를 바로 조회할 수 있습니다.</p>"),
  M(112, "10:00", "admin", A1, "<p><strong>[입력 기간] 교육업적 점수</strong></p><p>{AY}학년도 교육업적 점수 입력 기간은 {D+1}부터 {D+21}까지입니다. 기초·임상 구분을 확인하고 입력해 주세요.</p>"),
  M(108, "17:10", "committee01", A1, "<p><strong>[결과 공유] 과정종료 학생 만족도 조사</strong></p><p>과정종료 학생 만족도 조사 결과가 평가 &gt; 교육평가 및 모니터링 메뉴에 반영되었습니다. 교과목별 개선 의견은 담당 교실에 따로 전달드리겠습니다.</p>"),
  M(104, "11:30", "admin", A1, "<p><strong>[자료 입력] 교수법 워크숍 참석 자료</strong></p><p>지난달 진행된 교수법 워크숍의 참석자 명단과 결과 보고서를 입력 &gt; 교수 &gt; 세미나 메뉴에 등록해 주세요.</p>"),
  M(100, "09:00", "admin", A12, "<p><strong>[시스템 점검] 정기 점검 안내</strong></p><p>{D+3} 오전 7시부터 8시까지 서버 정기 점검으로 시스템을 이용할 수 없습니다. 입력 중인 자료는 미리 저장해 주시기 바랍니다.</p>"),
  M(96, "13:50", "admin", A1, "<p><strong>[자료 입력] 위원회 활동 자료</strong></p><p>교육과정위원회, 학생평가위원회 등 각 위원회의 회의록과 위원 명단을 입력 &gt; 교수 &gt; 위원회 메뉴에 등록해 주시기 바랍니다.</p>"),
  M(92, "10:20", "committee01", A1, "<p><strong>[교육평가위원회] 임상실습 만족도 조사 협조</strong></p><p>핵심과목 임상실습 운영 만족도 조사를 진행합니다. 실습 담당 교실에서는 학생들이 {D+7}까지 응답할 수 있도록 안내 부탁드립니다.</p>"),
  M(88, "15:30", "admin", A1, "<p><strong>[제출 요청] 재학습자 선정 자료</strong></p><p>기초의학 과목별 재학습 대상자 선정 자료를 {D+10}까지 입력해 주세요. 과목 구분은 공통코드의 재학습 과목을 따릅니다.</p>"),
  M(84, "09:50", "admin", A2, "<p><strong>[검토 요청] 교육활동 이수율 모니터링</strong></p><p>교육활동 이수율 집계가 끝났습니다. 위원별 담당 학년 자료를 검토하시고 의견을 {D+7}까지 회신해 주시기 바랍니다.</p>"),
  M(80, "14:10", "admin", A1, "<p><strong>[자료 입력] 환자안전 교과목 성적</strong></p><p>환자안전 교과목 성적(H, HP, PS, NP)을 입력 &gt; 학생평가 &gt; 환자안전 교과목 성적 메뉴에 {D+14}까지 입력해 주세요.</p>"),
  M(76, "11:40", "admin", A12, "<p><strong>[보안] 비밀번호 변경 권고</strong></p><p>개인정보 보호를 위해 3개월마다 비밀번호를 바꾸어 주시기 바랍니다. 비밀번호는 대문자와 소문자, 특수문자, 숫자 중 세 가지 이상을 섞어 8자리 이상으로 정합니다.</p>"),
  M(72, "10:00", "committee01", A1, "<p><strong>[교육평가위원회] 교육활동 이수율 자료 확인</strong></p><p>일부 학년의 비교과 교육활동 이수 자료가 빠져 있습니다. 담당 부서에서 자료를 보완해 주시면 이수율을 다시 집계하겠습니다.</p>"),
  M(68, "16:00", "admin", A1, "<p><strong>[자료 입력] 보건의료법규 성적</strong></p><p>보건의료법규 과목 성적 입력 마감은 <strong>{D+7}</strong>입니다. 의료법, 감염병예방법 등 과목별로 나누어 입력해 주세요.</p>"),
  M(64, "09:30", "admin", A1, "<p><strong>[자료 입력] 학생 연구참여 및 수상 실적</strong></p><p>학생 연구참여와 수상 실적을 입력 &gt; 학생 &gt; 연구참여 및 수상 메뉴에 등록해 주세요. 수상은 수상일을, 참여는 기간과 장소를 입력합니다.</p>"),
  M(60, "13:20", "admin", A12, "<p><strong>[평가인증] 자체평가보고서 작성 일정</strong></p><p>의학교육 평가인증 자체평가보고서 작성 일정을 안내드립니다.</p><ul><li>영역별 근거자료 입력 완료: {D+30}</li><li>초안 검토: {D+45}</li><li>최종본 제출: {D+60}</li></ul>"),
  M(57, "10:40", "admin", A2, "<p><strong>[평가인증] 자체평가보고서 검토 분담</strong></p><p>영역별 검토 위원 배정표를 자료실 &gt; 자체평가 보고서에 올려 두었습니다. 배정된 영역의 근거자료를 확인해 주세요.</p>"),
  M(54, "15:10", "admin", A1, "<p><strong>[자료 입력] 임상실습 포트폴리오 성찰 요약</strong></p><p>임상실습 포트폴리오 성찰 요약 자료를 {D+10}까지 입력해 주세요. 학생별 성찰 건수와 지도교수 피드백 여부를 함께 적습니다.</p>"),
  M(51, "09:10", "committee01", A1, "<p><strong>[교육평가위원회] 근거자료 보완 요청</strong></p><p>1차 검토 결과 다음 항목의 근거자료 보완이 필요합니다.</p><ul><li>교수 개발 프로그램 참여 현황</li><li>학생 상담 실적</li><li>교육시설 현황</li></ul><p>{D+14}까지 보완 부탁드립니다.</p>"),
  M(48, "14:30", "admin", A1, "<p><strong>[확인 요청] 학생 상담 차트 연동</strong></p><p>포트폴리오 시스템의 학생 상담 차트가 연동되었습니다. 지도교수 상담 통계와 건수가 맞는지 확인해 주세요.</p>"),
  M(45, "11:00", "admin", A1, "<p><strong>[자료 입력] 의과대학 공간 현황</strong></p><p>강의실, 실습실, 학생 휴게 공간의 면적과 수용 인원을 입력 &gt; 자원 &gt; 의과대학 공간 현황 메뉴에서 갱신해 주세요.</p>"),
  M(42, "10:15", "admin", A12, "<p><strong>[설문] 교육 만족도 설문 응답 요청</strong></p><p>{AY}학년도 교육 만족도 설문이 시작되었습니다. 응답 기한은 <strong>{D+10}</strong>입니다. 설문 결과는 교육과정 개선에 활용됩니다.</p>"),
  M(39, "16:40", "committee01", A2, "<p><strong>[교육평가위원회] 2차 회의 결과 공유</strong></p><p>2차 회의에서 평가지표 12개 중 10개가 확정되었습니다. 남은 2개 지표의 평가준거는 다음 회의에서 다시 논의합니다.</p>"),
  M(36, "09:40", "admin", A1, "<p><strong>[안내] 졸업역량체계 보고서 동기화</strong></p><p>졸업역량체계 보고서와 단계별 포트폴리오 양식은 3월, 6월, 9월, 12월 1일 0시에 자동으로 동기화됩니다. 급히 반영해야 하면 화면의 동기화 버튼을 눌러 주세요.</p>"),
  M(33, "13:00", "admin", A1, "<p><strong>[안내] 자료실 파일 등록 기준</strong></p><p>자료실에는 pptx, pdf, xlsx, xls, hwp, docx, jpg, jpeg, png 파일을 파일당 최대 10MB까지 등록할 수 있습니다. 키워드는 쉼표로 구분하여 최대 5개까지 입력합니다.</p>"),
  M(30, "10:30", "committee01", A1, "<p><strong>[교육평가위원회] 졸업예정자 면담 일정</strong></p><p>졸업예정자 면담을 {D+7}부터 {D+11}까지 진행합니다. 학생지원팀에서는 면담 대상자 명단을 확인해 주시기 바랍니다.</p>"),
  M(27, "15:20", "admin", A2, "<p><strong>[확인 요청] 교육평가위원회 위원 명단</strong></p><p>다음 학년도 위원회 구성을 위해 현재 위원 명단과 임기를 확인해 주시기 바랍니다. 바뀐 내용은 {D+5}까지 의학교육실로 알려 주세요.</p>"),
  M(24, "09:00", "admin", A1, "<p><strong>[재요청] 미입력 자료 입력</strong></p><p>중간 점검 결과 아직 입력되지 않은 항목이 있습니다.</p><ul><li>PBL 튜터 평가</li><li>동료평가 결과</li><li>의사과학자 기초과정 현황</li></ul><p>{D+7}까지 입력 부탁드립니다.</p>"),
  M(21, "14:00", "admin", A12, "<p><strong>[설문] 졸업생 설문 발송 예정</strong></p><p>졸업생 설문을 {D+3}에 발송합니다. 설문 관리 메뉴에서 문항을 미리 검토하시고 수정 의견이 있으면 회신해 주세요.</p>"),
  M(18, "11:20", "committee01", A1, "<p><strong>[교육평가위원회] 평가인증 모의평가 안내</strong></p><p>현장 방문평가에 앞서 모의평가를 실시합니다. 영역별 담당자께서는 근거자료를 지참하시고 {D+6} 오후 2시 세미나실로 와 주시기 바랍니다.</p>"),
  M(15, "10:00", "admin", A1, "<p><strong>[자료 입력] CPX/OSCE 임상수행능력 평가 결과</strong></p><p>이번 학기 CPX와 OSCE 결과를 종합평가 메뉴에 {D+7}까지 입력해 주세요.</p>"),
  M(13, "16:30", "admin", A2, "<p><strong>[평가인증] 현장 방문평가 준비 회의</strong></p><p>현장 방문평가 준비 회의를 {D+4} 오전 10시에 엽니다. 위원께서는 담당 영역의 예상 질의와 답변을 준비해 주시기 바랍니다.</p>"),
  M(11, "09:30", "admin", A12, "<p><strong>[평가인증] 현장 방문평가 일정 안내</strong></p><p>한국의학교육평가원의 현장 방문평가가 {D+20}부터 3일간 진행됩니다. 평가 기간에는 자료 수정을 자제해 주시고, 요청 자료는 의학교육실로 보내 주시기 바랍니다.</p>"),
  M(9, "13:40", "admin", A1, "<p><strong>[자료 입력] 기초의학 종합평가 결과</strong></p><p>기초의학 종합평가 결과가 LMS에서 연동되었습니다. 종합평가 메뉴에서 학년별 결과가 맞는지 확인해 주세요.</p>"),
  M(7, "10:50", "committee01", A1, "<p><strong>[교육평가위원회] 의사국가시험 합격률 자료 확인</strong></p><p>최근 3개년 의사국가시험 합격률 자료를 확인하였습니다. 응시자 수가 학사 자료와 다른 연도가 있어 교무학사팀의 확인을 부탁드립니다.</p>"),
  M(5, "15:00", "admin", A1, "<p><strong>[최종 마감] 자료 입력 마감 안내</strong></p><p>이번 평가 자료 입력은 <strong>{D+10}</strong>에 마감합니다. 마감 후에는 관리자 승인을 받아야 수정할 수 있습니다.</p>"),
  M(3, "09:20", "admin", A12, "<p><strong>[안내] 사용자 매뉴얼 개정</strong></p><p>메신저와 설문 기능 설명을 보완한 사용자 매뉴얼을 올렸습니다. 대시보드의 <strong>매뉴얼 다운로드</strong>에서 받으실 수 있습니다.</p>"),
  M(2, "14:10", "committee01", A12, "<p><strong>[교육평가위원회] 평가 자료 조회 안내</strong></p><p>평가지표에 연결된 데이터는 평가 메뉴에서 바로 조회하고 엑셀로 내려받을 수 있습니다. 조회가 되지 않는 메뉴가 있으면 알려 주세요.</p>"),
  M(1, "10:05", "admin", A1, "<p><strong>[자료 입력] 동료평가 결과 입력 요청</strong></p><p>임상실습 동료평가 결과를 아직 입력하지 않은 교실은 {D+3}까지 입력해 주시기 바랍니다. 협조에 감사드립니다.</p>"),
];
