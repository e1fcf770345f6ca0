/** E05 clinical practice portfolio reflection summary (issue 13): a synced report of the one engine. */
export { action, default, loader, meta } from "./__report-route";
