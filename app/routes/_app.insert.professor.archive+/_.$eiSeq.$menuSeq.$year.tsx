/**
 * The evaluation mode of the education achievement score: read-only, the configured columns only.
 * Not nested in the page route (`archive_`), so the page's loader runs once.
 */
export { action, default, loader, meta } from "./_route";
