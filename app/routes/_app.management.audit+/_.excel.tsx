/**
 * Excel of the audit log (ADR 0028): the screen's filter, every page; administrators only (the
 * loader checks, whatever route it hangs under: a resource route runs no parent loader).
 */
export { auditExcelLoader as loader } from "./__loader.server";
