/**
 * The people lists (spec 001 §2 "Student and instructor document list"; R01, R03, R05): one
 * screen for students, professors and PBL tutors, configured by the kind: its title, paths and
 * the names of its two check filters (grades and enrolment statuses, or departments and
 * employment statuses). Read by the loaders, the Excel route and the page.
 */
export const PEOPLE = {
  student: { label: "학생", path: "/insert/student/document", addPath: "/insert/student/add", afltn: "grde", status: "attn" },
  professor: { label: "교수", path: "/insert/professor/document", addPath: "/insert/professor/add", afltn: "dpt", status: "emply" },
  // a PBL tutor is a professor with the tutor flag: registered on the professor page
  tutor: { label: "PBL 튜터", path: "/insert/tutor/document", addPath: "/insert/professor/add", afltn: "dpt", status: "emply" },
} as const;

export type PeopleKind = keyof typeof PEOPLE;

type Columns = readonly (readonly [clm: string, clmNm: string])[];
const STUDENT_EVAL: Columns = [["id", "학번"], ["name", "이름"], ["grdeNm", "학년"], ["attnNm", "학적상태"], ["admsYear", "입학년도"], ["admsSlctnNm", "입학전형"], ["birthPlaceNm", "출신지역"], ["highSchool", "출신고교"]];
const PROFESSOR_EVAL: Columns = [["id", "사번"], ["name", "이름"], ["dptNm", "소속"], ["jobNm", "직위"], ["emplyNm", "재직상태"], ["emplyDate", "입사일"], ["school", "출신학교"], ["trngAgcy", "수련기관"]];

/**
 * The columns of each list's evaluation mode, the keys of its evaluation rows (the embedded
 * backend's `evalRow`, seed-people.ts SEED_EVAL_COLUMNS): what an evaluation indicator may tick
 * (schemas/eval-columns.ts LIST_EVAL_COLUMNS). A tutor's are a professor's first four.
 */
export const PEOPLE_EVAL_COLUMNS: Readonly<Record<PeopleKind, Columns>> = {
  student: STUDENT_EVAL,
  professor: PROFESSOR_EVAL,
  tutor: PROFESSOR_EVAL.slice(0, 4),
};

/** The list's filters besides the year: the search text, the checked groups (null = all) and statuses ([] = all). */
export interface PeopleFilter {
  value: string;
  afltn: string[] | null;
  status: string[];
}

type Code = { id: string; text: string };

/** The form's code lists of the year (getCodeListAll.do). */
export type PersonFormCodes =
  | { kind: "student"; attn: Code[]; grde: Code[]; birthPlace: Code[]; admsSlctn: Code[]; email: Code[] }
  | { kind: "professor"; emply: Code[]; job: Code[]; dpt: Code[]; email: Code[] };

/** The selected person as the list's form shows it. */
export interface PersonDetail {
  usSeq: number;
  imgSrc: string | null;
  values: Record<string, string>;
  /** 'name (id)' */
  title: string;
  codes: PersonFormCodes;
}

/** What the list page shows besides the kit's data: the search panel's codes, the current year. */
export interface PeopleMore {
  codes: { afltnList: Code[]; statusList: Code[] };
  currentYear: number;
}

/** The add page's data (R02, R04). */
export interface PersonAddData {
  year: number;
  codes: PersonFormCodes;
  currentYear: number;
}
