/** Synced report pages under this path (issue 12): one route module serves them all. */
export { action, default, loader, meta } from "./__report-route";
