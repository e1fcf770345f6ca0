/**
 * The evaluation mode of PBL 튜터 평가: read-only, the server's columns. Not nested in the list
 * route (`tutor_`), so the list's loader (and its backend calls) runs once.
 */
export { default, loader, meta } from "./_route";
