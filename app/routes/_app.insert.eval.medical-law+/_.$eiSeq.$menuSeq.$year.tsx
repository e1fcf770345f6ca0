/**
 * The evaluation mode of the health and medical law scores: read-only, the configured columns only.
 * Not nested in the list route (`medical-law_`), so the list's loader (and its backend calls) runs
 * once.
 */
export { action, default, loader, meta, shouldRevalidate } from "./_route";
