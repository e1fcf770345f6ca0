/**
 * The people of the demo data set (spec 001): students, professors and PBL tutors for the seeded
 * years, made by a deterministic generator (same output on every run) with realistic Korean names,
 * and the evaluation column configurations of the people lists. Plain data, no server code.
 *
 * Students: a cohort of 58-64 per admission year 2018-2026. In year Y a cohort admitted in A is in
 * grade Y-A+1 (1-6) and graduates in February of A+6, appearing that year as graduated
 * (0000600005, grdtnYear Y). Each year some take leave (0000600002), repeat (0000600003), are
 * expelled (0000600004) or withdraw (0000600006); the last two leave the lists afterwards.
 * About 420 students a year.
 *
 * Professors: 86 people; 80 listed each year 2024-2026 (three resign in each year and are listed
 * that year as resigned 0001100003 with a resignation date; three are hired in 2025 and in 2026).
 * About 20 a year are PBL tutors.
 */
import { ENROLMENT } from "../../schemas/student";
import { EMPLOYMENT } from "../../schemas/professor";
import { CODE, SEED_YEARS, codeId } from "./seed-data";
import NAMES from "./seed-names.json";

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a small, fast, seedable generator (floats in [0, 1)). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
/** Picks by weight: [[value, weight], ...]. */
function weighted<T>(r: Rand, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of table) {
    x -= w;
    if (x < 0) return v;
  }
  return table[table.length - 1][0];
}
const pad = (n: number, len: number) => String(n).padStart(len, "0");

// ---------------------------------------------------------------------------------------------
// Names (surnames weighted by their share in Korea; given names popular in the birth decades)
// ---------------------------------------------------------------------------------------------

// the tables are data (seed-names.json): surnames with their weights, given names as [hangul, roman]
type NamePair = readonly [string, string];
const pair = ([hangul, roman]: readonly string[]): NamePair => [hangul, roman];
const SURNAMES = NAMES.surnames.map(([name, weight]) => [pair(name as string[]), Number(weight)] as const);
const YOUNG_MALE = NAMES.youngMale.map(pair);
const YOUNG_FEMALE = NAMES.youngFemale.map(pair);
const OLDER_MALE = NAMES.olderMale.map(pair);
const OLDER_FEMALE = NAMES.olderFemale.map(pair);

interface Named {
  name: string;
  roman: string;
  female: boolean;
}

function personName(r: Rand, older: boolean): Named {
  const [surname, surnameRoman] = weighted(r, SURNAMES);
  const female = r() < (older ? 0.32 : 0.42);
  const [given, givenRoman] = pick(r, older ? (female ? OLDER_FEMALE : OLDER_MALE) : female ? YOUNG_FEMALE : YOUNG_MALE);
  return { name: surname + given, roman: `${givenRoman}.${surnameRoman}`, female };
}

const phone = (r: Rand) => `${weighted(r, [["010", 97], ["011", 1], ["016", 1], ["019", 1]] as const)}-${pad(int(r, 2000, 9999), 4)}-${pad(int(r, 0, 9999), 4)}`;

/** E-mail domain codes (group 0000400000: naver, gmail, daum, hanmail, kakao, nate, medicine.ac.kr). */
const EMAIL = (n: number) => codeId(CODE.emailDomains, n);
const STUDENT_EMAIL_DOMAINS = [[EMAIL(1), 40], [EMAIL(2), 30], [EMAIL(3), 8], [EMAIL(4), 4], [EMAIL(5), 8], [EMAIL(6), 3], [EMAIL(7), 7]] as const;

// ---------------------------------------------------------------------------------------------
// High schools (files/high-schools.json) and hometowns
// ---------------------------------------------------------------------------------------------

/** { '서울특별시교육청': ['경기고등학교', ...], ... } */
export type SchoolDirectory = Readonly<Record<string, readonly string[]>>;

/** The hometown codes (group 0001000000, in seed order) and their education offices. */
const HOMETOWNS: readonly (readonly [office: string | null, weight: number])[] = [
  ["서울특별시교육청", 26], ["부산광역시교육청", 7], ["대구광역시교육청", 6], ["인천광역시교육청", 5], ["광주광역시교육청", 5],
  ["대전광역시교육청", 4], ["울산광역시교육청", 2], ["세종특별자치시교육청", 1], ["경기도교육청", 22], ["강원특별자치도교육청", 2],
  ["충청북도교육청", 2], ["충청남도교육청", 3], ["전북특별자치도교육청", 3], ["전라남도교육청", 3], ["경상북도교육청", 3],
  ["경상남도교육청", 4], ["제주특별자치도교육청", 1], [null, 1],
];

// ---------------------------------------------------------------------------------------------
// Students
// ---------------------------------------------------------------------------------------------

export interface SeedStudent {
  year: number;
  id: string;
  name: string;
  admsYear: number;
  attnCd: string;
  grdeCd: string | null;
  grdtnYear: number | null;
  brde: string;
  birthPlace: string;
  highSchool: string;
  hsGrdtnYear: number;
  admsSlctn: string;
  email: string | null;
  emailCd: string | null;
  telNo: string;
  cohortYn: "Y" | "N";
}

const ADMISSION = (n: number) => codeId(CODE.admissionTypes, n);
/** 수시(학생부종합), 수시(학생부교과), 수시(논술), 정시, 지역인재, 농어촌, 학사편입 */
const ADMISSION_WEIGHTS = [[ADMISSION(1), 30], [ADMISSION(2), 14], [ADMISSION(3), 6], [ADMISSION(4), 30], [ADMISSION(5), 14], [ADMISSION(6), 3], [ADMISSION(7), 3]] as const;

export const STUDENT_COHORTS = [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026] as const;

/** A student as admitted: the record's fields that do not change from year to year, and the name. */
interface StudentPerson extends Omit<SeedStudent, "year" | "name" | "attnCd" | "grdeCd" | "grdtnYear"> {
  named: Named;
}

function studentPerson(r: Rand, directory: SchoolDirectory, admsYear: number, n: number): StudentPerson {
  const named = personName(r, false);
  const admsSlctn = weighted(r, ADMISSION_WEIGHTS);
  const transfer = admsSlctn === ADMISSION(7);
  // Most enter straight from school or after a year; transfer students after a degree.
  const gap = transfer ? int(r, 4, 7) : weighted(r, [[0, 62], [1, 30], [2, 8]] as const);
  const hsGrdtnYear = admsYear - gap;
  const birthYear = hsGrdtnYear - 19 + (r() < 0.04 ? 1 : 0);
  const month = int(r, 1, 12);
  const day = int(r, 1, new Date(Date.UTC(birthYear, month, 0)).getUTCDate());
  const townIndex = weighted(r, HOMETOWNS.map(([office, w], i) => [i, w] as const));
  const office = HOMETOWNS[townIndex][0];
  const offices = Object.keys(directory);
  const schoolOffice = office && directory[office]?.length ? office : pick(r, offices);
  const highSchool = pick(r, directory[schoolOffice]);
  const hasEmail = r() < 0.88;
  const emailCd = hasEmail ? weighted(r, STUDENT_EMAIL_DOMAINS) : null;
  return {
    id: `${admsYear}71${pad(n, 3)}`,
    named,
    admsYear,
    brde: `${birthYear}-${pad(month, 2)}-${pad(day, 2)}`,
    birthPlace: codeId(CODE.hometowns, townIndex + 1),
    highSchool,
    hsGrdtnYear,
    admsSlctn,
    email: hasEmail ? `${named.roman}${pad(admsYear % 100, 2)}` : null,
    emailCd,
    telNo: phone(r),
    cohortYn: r() < 0.72 ? "Y" : "N",
  };
}

/** Every seeded student record, year by year (about 420 a year). */
export function generateStudents(directory: SchoolDirectory, years: readonly number[] = SEED_YEARS): SeedStudent[] {
  const out: SeedStudent[] = [];
  for (const admsYear of STUDENT_COHORTS) {
    const r = rng(admsYear * 7919);
    const size = int(r, 58, 64);
    for (let n = 1; n <= size; n++) {
      const p = studentPerson(r, directory, admsYear, n);
      const fate = rng(admsYear * 100_003 + n);
      let gone = false;
      for (const year of years) {
        const step = year - admsYear;
        const roll = fate();
        if (gone || step < 0 || step > 6) continue;
        let attnCd: string = ENROLMENT.enrolled;
        let grade: number | null = step + 1;
        let grdtnYear: number | null = null;
        if (step === 6) {
          attnCd = ENROLMENT.graduated;
          grade = null;
          grdtnYear = year;
        } else if (roll < 0.035) attnCd = ENROLMENT.leave;
        else if (roll < 0.05 && step > 0) attnCd = ENROLMENT.repeating;
        else if (roll < 0.056 && step > 0) {
          attnCd = ENROLMENT.expelled;
          grade = null;
          gone = true;
        } else if (roll < 0.064) {
          attnCd = ENROLMENT.withdrawn;
          grade = null;
          gone = true;
        }
        out.push({
          year,
          id: p.id,
          name: p.named.name,
          admsYear: p.admsYear,
          attnCd,
          grdeCd: grade === null ? null : codeId(CODE.grades, grade),
          grdtnYear,
          brde: p.brde,
          birthPlace: p.birthPlace,
          highSchool: p.highSchool,
          hsGrdtnYear: p.hsGrdtnYear,
          admsSlctn: p.admsSlctn,
          email: p.email,
          emailCd: p.emailCd,
          telNo: p.telNo,
          cohortYn: p.cohortYn,
        });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Professors
// ---------------------------------------------------------------------------------------------

export interface SeedProfessor {
  year: number;
  id: string;
  name: string;
  gndr: "M" | "W";
  emplyDate: string;
  emplyCd: string;
  rsgntDate: string | null;
  jobCd: string;
  dptCd: string;
  school: string;
  trngAgcy: string | null;
  telNo: string;
  email: string | null;
  emailCd: string | null;
  tutorYn: "Y" | "N";
}

const MED_SCHOOLS = [
  "서울대학교 의과대학", "연세대학교 의과대학", "고려대학교 의과대학", "가톨릭대학교 의과대학", "성균관대학교 의과대학",
  "울산대학교 의과대학", "경희대학교 의과대학", "한양대학교 의과대학", "중앙대학교 의과대학", "이화여자대학교 의과대학",
  "전남대학교 의과대학", "경북대학교 의과대학", "부산대학교 의과대학", "충남대학교 의과대학", "전북대학교 의과대학",
  "인하대학교 의과대학", "아주대학교 의과대학", "계명대학교 의과대학",
];
const SCIENCE_SCHOOLS = ["서울대학교 자연과학대학", "KAIST 생명과학과", "연세대학교 생명시스템대학", "포항공과대학교 생명과학과", "고려대학교 생명과학대학"];
const HOSPITALS = [
  "서울대학교병원", "세브란스병원", "삼성서울병원", "서울아산병원", "서울성모병원", "고려대학교 안암병원", "분당서울대학교병원",
  "강남세브란스병원", "전남대학교병원", "경북대학교병원", "부산대학교병원", "충남대학교병원", "아주대학교병원",
];

/** Departments (group 0000300000): 1-8 basic sciences, 9-15 clinical. */
const BASIC_DEPTS = [1, 2, 3, 4, 5, 6, 7, 8];
const CLINICAL_DEPTS = [9, 10, 11, 12, 13, 14, 15];
const POSITION = (n: number) => codeId(CODE.positions, n);
const EMPLOY = (n: number) => codeId(CODE.employment, n);

interface ProfessorPerson {
  id: string;
  named: Named;
  hireDate: string;
  hireYear: number;
  resignYear: number | null;
  dept: number;
  clinical: boolean;
  school: string;
  trngAgcy: string | null;
  telNo: string;
  email: string | null;
  emailCd: string | null;
  tutor: boolean;
  track: "regular" | "clinical" | "research" | "lecturer";
}

/** The position in a year: by years since hiring, per track. */
function positionFor(p: ProfessorPerson, year: number): string {
  const years = year - p.hireYear;
  if (p.track === "research") return POSITION(7);
  if (p.track === "lecturer") return POSITION(8);
  const rank = years >= 12 ? 0 : years >= 6 ? 1 : 2;
  return p.track === "clinical" ? POSITION(4 + rank) : POSITION(1 + rank);
}

/** 80 hired by 2023, three each in 2025 and 2026; three resign in each seeded year. */
function professorPeople(): ProfessorPerson[] {
  const r = rng(20_240_301);
  const plan: { hireYear: number; resignYear: number | null }[] = [];
  for (let i = 0; i < 80; i++) plan.push({ hireYear: int(r, 1994, 2023), resignYear: null });
  for (const [i, year] of [[3, 2024], [17, 2024], [41, 2024], [9, 2025], [28, 2025], [60, 2025], [12, 2026], [55, 2026], [70, 2026]] as const) {
    plan[i].resignYear = year;
    plan[i].hireYear = Math.min(plan[i].hireYear, 2012);
  }
  for (const hireYear of [2025, 2025, 2025, 2026, 2026, 2026]) plan.push({ hireYear, resignYear: null });
  const serials = new Map<number, number>();
  return plan.map(({ hireYear, resignYear }, i) => {
    const named = personName(r, true);
    const serial = (serials.get(hireYear) ?? 0) + 1;
    serials.set(hireYear, serial);
    const clinical = r() < 0.58;
    const dept = pick(r, clinical ? CLINICAL_DEPTS : BASIC_DEPTS);
    const track = i % 23 === 7 ? "research" : i % 31 === 11 ? "lecturer" : clinical && r() < 0.3 ? "clinical" : "regular";
    const month = r() < 0.7 ? 3 : 9;
    const hasEmail = r() < 0.9;
    const emailCd = hasEmail ? (r() < 0.6 ? EMAIL(7) : weighted(r, STUDENT_EMAIL_DOMAINS)) : null;
    return {
      id: `${hireYear}${pad(serial, 3)}`,
      named,
      hireDate: `${hireYear}-${pad(month, 2)}-01`,
      hireYear,
      resignYear,
      dept,
      clinical,
      school: clinical || r() < 0.5 ? pick(r, MED_SCHOOLS) : pick(r, SCIENCE_SCHOOLS),
      trngAgcy: clinical ? pick(r, HOSPITALS) : null,
      telNo: phone(r),
      email: hasEmail ? named.roman.replace(".", "") : null,
      emailCd,
      tutor: false,
      track,
    };
  });
}

/** Every seeded professor record, year by year (80 a year, about 20 of them PBL tutors). */
export function generateProfessors(years: readonly number[] = SEED_YEARS): SeedProfessor[] {
  const people = professorPeople();
  // PBL tutors: regular-track professors picked by a fixed stride, about a quarter of the faculty.
  people.forEach((p, i) => {
    p.tutor = p.track === "regular" && i % 3 === 1;
  });
  const out: SeedProfessor[] = [];
  for (const year of years) {
    const r = rng(year * 31);
    for (const p of people) {
      if (p.hireYear > year) continue;
      if (p.resignYear !== null && p.resignYear < year) continue;
      const resigned = p.resignYear === year;
      const roll = r();
      const emplyCd = resigned ? EMPLOYMENT.resigned : roll < 0.03 ? EMPLOY(2) : roll < 0.04 ? EMPLOY(4) : EMPLOY(1);
      out.push({
        year,
        id: p.id,
        name: p.named.name,
        gndr: p.named.female ? "W" : "M",
        emplyDate: p.hireDate,
        emplyCd,
        rsgntDate: resigned ? `${year}-${pad(int(r, 1, 8), 2)}-${pad(int(r, 1, 28), 2)}` : null,
        jobCd: positionFor(p, year),
        dptCd: codeId(CODE.departments, p.dept),
        school: p.school,
        trngAgcy: p.trngAgcy,
        telNo: p.telNo,
        email: p.email,
        emailCd: p.email ? p.emailCd : null,
        tutorYn: p.tutor && !resigned ? "Y" : "N",
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Evaluation column configurations (menus 11 students, 21 professors, 22 PBL tutors)
// ---------------------------------------------------------------------------------------------

export interface SeedEvalColumns {
  eiSeq: number;
  menuSeq: number;
  columns: readonly (readonly [clm: string, clmNm: string])[];
}

export const SEED_EVAL_COLUMNS: readonly SeedEvalColumns[] = [
  { eiSeq: 1, menuSeq: 21, columns: [["id", "사번"], ["name", "이름"], ["dptNm", "소속"], ["jobNm", "직위"], ["emplyNm", "재직상태"]] },
  { eiSeq: 1, menuSeq: 11, columns: [["id", "학번"], ["name", "이름"], ["grdeNm", "학년"], ["attnNm", "학적상태"], ["admsYear", "입학년도"]] },
  { eiSeq: 2, menuSeq: 11, columns: [["id", "학번"], ["name", "이름"], ["admsSlctnNm", "입학전형"], ["birthPlaceNm", "출신지역"], ["highSchool", "출신고교"]] },
  { eiSeq: 2, menuSeq: 22, columns: [["id", "사번"], ["name", "이름"], ["dptNm", "소속"], ["jobNm", "직위"]] },
  { eiSeq: 3, menuSeq: 21, columns: [["id", "사번"], ["name", "이름"], ["emplyDate", "입사일"], ["school", "출신학교"], ["trngAgcy", "수련기관"]] },
  // E06 health and medical law (menu 36): keys of app/embedded/handlers/medical-law.server.ts LawView
  { eiSeq: 1, menuSeq: 36, columns: [["year", "년도"], ["smst", "학기 및 차수"], ["tgetNm", "대상"], ["subjNm", "과목"], ["userCnt", "인원"], ["avgScore", "평균"], ["totalScore", "만점"]] },
  // E01 re-learners (menu 31): keys of app/embedded/handlers/relearning.server.ts evalRow
  { eiSeq: 1, menuSeq: 31, columns: [["year", "년도"], ["id", "학번"], ["name", "이름"], ["reSubjNm", "재학습 과목"], ["reCnt", "재학습 과목 수"]] },
  { eiSeq: 1, menuSeq: 71, columns: [["year", "년도"], ["currNm", "과정명"], ["eqaSeNm", "구분"], ["period", "시기"], ["qestCnt", "문항수"], ["avgStdev", "평균±편차"], ["grd", "난이도"], ["dscp", "분별도"]] },
  { eiSeq: 2, menuSeq: 71, columns: [["year", "년도"], ["currNm", "과정명"], ["eqaSeNm", "구분"], ["totalScore", "총점"], ["minScore", "최저점"], ["maxScore", "최고점"]] },
  { eiSeq: 3, menuSeq: 71, columns: [["year", "년도"], ["currNm", "과정명"], ["period", "시기"], ["grd", "난이도"], ["dscp", "분별도"], ["qestRate", "문항비율"]] },
  // E04 patient safety (menu 34): keys of PssView in app/embedded/handlers/patient-safety.server.ts
  { eiSeq: 1, menuSeq: 34, columns: [["year", "년도"], ["id", "학번"], ["name", "이름"], ["total", "총점"], ["grd", "등급"]] },
  { eiSeq: 2, menuSeq: 34, columns: [["id", "학번"], ["name", "이름"], ["quiz", "퀴즈"], ["rcgnSrvy", "인식조사"], ["ptntSftyRprt", "성찰보고서"], ["total", "총점"], ["grd", "등급"]] },
  { eiSeq: 1, menuSeq: 23, columns: [["year", "년도"], ["basic", "기초"], ["clinical", "임상"]] },
  // R15 volunteer (menu 12) and R16 health-care (menu 13): keys of ActivityView in app/embedded/handlers/activities.server.ts
  { eiSeq: 1, menuSeq: 12, columns: [["year", "년도"], ["id", "학번"], ["name", "이름"], ["vaStde", "시작일"], ["vaEnde", "종료일"], ["vaTime", "활동시간"], ["vaPlace", "장소"]] },
  { eiSeq: 1, menuSeq: 13, columns: [["year", "년도"], ["id", "학번"], ["name", "이름"], ["gaStde", "시작일"], ["gaEnde", "종료일"], ["gaTime", "활동시간"], ["gaCountry", "국가"], ["gaSchool", "활동기관(학교)"]] },
  // R17 awards and participation (menu 14): keys of AwardView (and evalRow's period) in app/embedded/handlers/awards.server.ts
  { eiSeq: 1, menuSeq: 14, columns: [["year", "년도"], ["paSeType", "구분"], ["prgmNm", "프로그램명"], ["period", "일자"], ["placeNm", "장소 구분"], ["userCount", "인원"], ["userNames", "수상자·참여자"]] },
  // R07 seminars (menu 24): keys of SeminarView in app/embedded/handlers/seminars.server.ts
  { eiSeq: 1, menuSeq: 24, columns: [["year", "년도"], ["smSeNm", "구분"], ["smStde", "시작일"], ["smEnde", "종료일"], ["placeNm", "장소 구분"], ["place", "장소"], ["userCnt", "참여자 수"]] },
  // R08 committees (menu 25): keys of CommitteeView in app/embedded/handlers/committees.server.ts
  { eiSeq: 1, menuSeq: 25, columns: [["year", "설립연도"], ["cmtNm", "위원회명"], ["oprSttNm", "운영상태"], ["termCnt", "기수"]] },
  // E16 PBL tutor evaluation (menu 37): keys of the rows of app/embedded/handlers/tutor-eval.server.ts
  { eiSeq: 1, menuSeq: 37, columns: [["year", "년도"], ["module", "모듈"], ["id", "학번"], ["name", "이름"], ["total", "총점"], ["grade", "등급"]] },
  { eiSeq: 2, menuSeq: 23, columns: [["year", "년도"], ["basic", "기초"]] },
  { eiSeq: 3, menuSeq: 23, columns: [["year", "년도"], ["clinical", "임상"]] },
];
