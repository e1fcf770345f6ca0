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
  /** a sortable column whose values are digits (학번, 년도 …), compared as numbers */
  sortHeader: string;
  /** data-testid of the table's rows */
  rowTestId?: string;
  /** the register button's label, absent in evaluation mode */
  register?: string;
  /** the evaluation route's `/{eiSeq}/{menuSeq}` (seeded evaluation indicator), when the screen has one */
  evaluation?: string;
  /** the list query that gives more than 10 rows in the demo data */
  query?: string;
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
];
