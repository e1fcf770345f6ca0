/**
 * The record-list screens on the list kit, as tests/e2e/lists.spec.ts walks them: what every list
 * must do (open with its title and table, sort by a header in the URL, page, evaluation mode
 * read-only) is tested once for all of them; each screen's own spec tests its dialogs and rules.
 */
export interface ListScreen {
  /** the screen's slug (routes, schemas, handlers and tests use the same) */
  slug: string;
  path: string;
  /** the page's heading */
  title: string;
  /** a sortable column whose values are numbers (학번, 년도, 평균 …) or dates, compared as such */
  sortHeader: string;
  /** the sort header's aria-sort before any click: the list's own order (issue 36), else 'none' */
  initialSort?: "ascending" | "descending";
  /** data-testid of the table's rows */
  rowTestId?: string;
  /** the register button's label, absent in evaluation mode */
  register?: string;
  /** the evaluation route's `/{eiSeq}/{menuSeq}` (seeded evaluation indicator), when the screen has one */
  evaluation?: string;
  /** the list query that gives more than 10 rows in the demo data */
  query?: string;
  /** the demo data has 10 rows or fewer: a second page is walked only when other tests have added one (the sort always is) */
  onePage?: true;
}

const YEAR = new Date().getFullYear();

export const LIST_SCREENS: ListScreen[] = [
  {
    slug: "patient-safety",
    path: "/insert/eval/patient-safety",
    title: "환자안전 교과목 성적",
    sortHeader: "학번",
    rowTestId: "pss-row",
    register: "성적 등록",
    evaluation: "/1/34",
    query: `year=${YEAR - 1}`,
  },
  { slug: "medical-law", onePage: true, path: "/insert/eval/medical-law", title: "보건의료법규 성적", sortHeader: "평균", rowTestId: "law-row", register: "성적 등록", evaluation: "/1/36", query: "year=ALL" },
  { slug: "relearning", path: "/insert/eval/relearning", title: "재학습자 선정 자료", sortHeader: "학번", rowTestId: "relearn-row", register: "재학습자 등록", evaluation: "/1/31", query: "year=ALL" },
  { slug: "volunteer", path: "/insert/student/volunteer", title: "봉사활동", sortHeader: "학번", rowTestId: "activity-row", register: "등록", evaluation: "/1/12", query: `year=${YEAR - 1}` },
  { slug: "medical", onePage: true, path: "/insert/student/medical", title: "국제보건의료 활동", sortHeader: "학번", rowTestId: "activity-row", register: "등록", evaluation: "/1/13", query: `year=${YEAR - 1}` },
  { slug: "awards", onePage: true, path: "/insert/student/awards", title: "연구참여 및 수상", sortHeader: "인원", rowTestId: "award-row", register: "등록", evaluation: "/1/14", query: `year=${YEAR - 1}` },
  { slug: "seminars", onePage: true, path: "/insert/professor/seminar", title: "세미나", sortHeader: "시작일", rowTestId: "seminar-row", register: "등록", evaluation: "/1/24", query: `year=${YEAR - 1}` },
  { slug: "committees", onePage: true, path: "/insert/commission/CommissionList", title: "위원회", sortHeader: "설립연도", rowTestId: "committee-row", register: "등록", evaluation: "/1/25" },
  { slug: "exam-analysis", path: "/eval/monitor/analysis", title: "시험문항 분석", sortHeader: "문항수", rowTestId: "analysis-row", register: "등록", evaluation: "/1/71", query: "year=ALL" },
  { slug: "achievement", path: "/insert/professor/archive", title: "교육업적 점수", sortHeader: "년도", rowTestId: "achievement-row", register: "점수 입력", evaluation: "/1/23" },
  { slug: "privacy", onePage: true, path: "/management/privacy", title: "개인정보 동의서 관리", sortHeader: "등록일", register: "동의서 등록", query: "year=ALL" },
  { slug: "data-files", onePage: true, path: "/data/61", title: "교육과정 운영 자료", sortHeader: "등록일", initialSort: "descending", rowTestId: "data-file-row", register: "파일 등록", query: `year=${YEAR - 1}` },
  { slug: "survey-menu", onePage: true, path: "/survey-menu/63", title: "교육 만족도 설문", sortHeader: "문항수", rowTestId: "survey-menu-row", register: "설문 연결" },
  // the approved users only: the join requests, which other tests add, are a table of their own above
  { slug: "member", onePage: true, path: "/management/member", title: "사용자 관리", sortHeader: "등록일", initialSort: "descending", rowTestId: "member-row", register: "등록", query: "aprYn=Y" },
  { slug: "code", onePage: true, path: "/management/code", title: "공통코드 관리", sortHeader: "분류 코드", rowTestId: "code-row", register: "등록" },
  { slug: "survey-list", onePage: true, path: "/survey", title: "설문 관리", sortHeader: "문항수", register: "설문 등록", query: "year=ALL" },
];
