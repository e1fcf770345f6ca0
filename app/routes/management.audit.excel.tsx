/** Excel of the audit log (ADR 0028): the screen's filter, every page; administrators only. */
export { auditExcelLoader as loader } from "./__audit.server";
