/**
 * A path whose '%' sequences do not decode ('/%', '/insert/eval/%E0%A4%A') is refused by server.js
 * before static files and Remix see it (issue 17): Express would answer its own English 'Bad
 * Request' page and log a URIError stack for each such request. This is a plain Korean page with
 * no script and no style (nothing of the app is loaded for a request that is broken anyway).
 */
import { MSG, OWN_MSG } from "~/schemas/messages.ko";

/** false for a path (without its query) that decodeURIComponent refuses */
export function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A plain Korean page (no script, no style): the title, the message, and a link to the start
 * (sign-in, or the dashboard when signed in). The messages are our own constants, never input.
 */
export function plainPage(title: string, message: string): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="ko">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} | 의과대학 교육평가 자료관리</title></head>`,
    "<body><main>",
    `<h1>${MSG.alertTitle}</h1>`,
    `<p role="alert">${message}</p>`,
    '<p><a href="/">처음 화면으로 이동</a></p>',
    "</main></body>",
    "</html>",
  ].join("\n");
}

/** The HTML of the 400 answer to a path that does not decode. */
export const malformedPathPage = () => plainPage(OWN_MSG.badRequest, OWN_MSG.malformedPath);

/** The HTML of the 405 answer to TRACE and TRACK (server.js, issue 37 item 9). */
export const methodNotAllowedPage = () => plainPage(OWN_MSG.methodNotAllowed, OWN_MSG.methodNotAllowed);
