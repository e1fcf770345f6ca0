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
