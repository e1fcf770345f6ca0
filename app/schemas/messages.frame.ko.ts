/**
 * The three messages of the page frame, which every page can show, the sign-in page included: the
 * '알림' region's title and the error page's. Part of MSG (messages.ko.ts spreads them in, and its
 * test checks them against the specifications like the rest): import MSG as everywhere else; only
 * the error page (ErrorPage.tsx) and AlertRegion import these, so that a page that shows no other message does not
 * download the whole messages file (esbuild gives a page whole modules: ADR 0044).
 */
export const FRAME_MSG = {
  // common (spec 000 §8)
  alertTitle: "알림",
  genericError: "오류가 발생하였습니다.",
  notFound: "Page Not Found!",
} as const;
