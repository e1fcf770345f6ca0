/** A link send's progress and result (issue 18 "Long work", ADR 0030): routes/__job-route.tsx. */
export { action, default, headers, loader, meta } from "~/routes/__job-route";
