/** P18's Excel: the students' lines in the page's filter and sort, and the two per-grade tables (ADR 0042). */
export { analysisExcelLoader as loader } from "./__loader.server";
