/**
 * The evaluation mode of exam question analysis: read-only, the configured columns only. Not
 * nested in the list route (`analysis_`), so the list's loader runs once.
 */
export { action, default, loader, meta } from "./_route";
