/**
 * The evaluation mode of the student list: read-only, the configured columns only. Not nested in
 * the list route (`document_`), so the list's loader (and its backend calls) runs once.
 */
export { action, default, loader, meta } from "./_route";
