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

/** The HTML of the 400 answer: the message, and a link to the start (sign-in, or the dashboard when signed in). */
export function malformedPathPage(): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="ko">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${OWN_MSG.badRequest} | 의과대학 교육평가 자료관리</title></head>`,
    "<body><main>",
    `<h1>${MSG.alertTitle}</h1>`,
    `<p role="alert">${OWN_MSG.malformedPath}</p>`,
    '<p><a href="/">처음 화면으로 이동</a></p>',
    "</main></body>",
    "</html>",
  ].join("\n");
}
