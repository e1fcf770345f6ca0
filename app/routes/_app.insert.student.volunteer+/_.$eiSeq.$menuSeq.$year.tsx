/**
 * The evaluation mode of the 봉사활동 list: read-only, the server's columns only. Not nested in the
 * list route (`volunteer_`), so the list's loader (and its backend calls) runs once.
 */
export { action, default, loader, meta } from "./_route";
