/**
 * Request bodies are bounded while they stream (issue 18 "Bounded input";
 * docs/decisions/0027-bounded-bodies.md). server.js runs `limitBody` before anything reads a
 * body: a Content-Length over the path's limit is refused at once, and the bytes of a chunked body
 * are counted as the HTTP parser hands them to the request, so Remix (`request.formData()` in
 * readForm, `unstable_parseMultipartFormData` in upload.server.ts) never holds more than the limit.
 * Over it, the answer is a plain Korean 413 page and the connection is closed: the rest of a body
 * of gigabytes is never read.
 *
 * This is the one place that says which path gets which limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { plainPage } from "./malformed-path.server";

const KB = 1024;
const MB = 1024 * KB;

/** spec 000 §5/§7: '파일당 최대 10MB까지 등록가능합니다.' */
export const MAX_FILE_BYTES = 10 * MB;
/** the most files one upload form carries (a person's photo and document, an Excel file, an image) */
export const MAX_UPLOAD_FILES = 5;
/**
 * The form fields that travel with the files: the consent editor's HTML (AGREE_CONTENT_MAX,
 * 900,000 characters, up to 2.7 MB of UTF-8 in a multipart body) is the largest.
 */
export const UPLOAD_FORM_OVERHEAD = 4 * MB;
/** a multipart body on an upload path: five files of 10 MB and their form */
export const UPLOAD_LIMIT = MAX_UPLOAD_FILES * MAX_FILE_BYTES + UPLOAD_FORM_OVERHEAD;
/**
 * The parts (fields and files) one multipart post may have: the largest multipart form (a
 * student's record with its rows) has under 200; a post of thousands of empty parts is refused.
 */
export const MAX_PARTS = 1000;
/**
 * Every other body (sign-in, logout, the dialogs, JSON): the largest of these forms, a score or
 * people dialog with its rows, posts well under 64 KB url-encoded.
 */
export const FORM_LIMIT = 256 * KB;
/**
 * The two forms that post many Korean text fields url-encoded (a Hangul syllable is 9 bytes as
 * %XX%XX%XX): the survey editor (a survey of 50 questions of 5 items with its texts measured
 * about 220 KB) and the survey answer page (free-text answers of up to 4,000 characters each).
 */
export const LARGE_FORM_LIMIT = 4 * MB;

/** The paths whose action reads a multipart upload (readMultipartForm), checked by tests/unit/body-limit.test.ts. */
export const UPLOAD_PATHS: readonly RegExp[] = [
  // the people lists and forms: Excel upload, photo (spec 001 §5)
  /^\/insert\/(professor|student|tutor)\/document$/,
  /^\/insert\/(professor|student)\/add$/,
  // the score and record lists with an Excel upload (E01, E04, E06, E18, R06)
  /^\/insert\/eval\/(medical-law|relearning|patient-safety)$/,
  /^\/insert\/professor\/archive$/,
  /^\/eval\/monitor\/analysis$/,
  // R15/R16 activities: a record's attachments (at most 3) and the Excel upload (spec 001 §5)
  /^\/insert\/student\/(volunteer|medical)$/,
  // R17 awards: a program's attachment (one) and the Excel upload (spec 001 §5)
  /^\/insert\/student\/awards$/,
  // R07 seminars: the schedule attachment and the Excel upload (spec 001 §5)
  /^\/insert\/professor\/seminar$/,
  // R09 committee detail: the member Excel upload (spec 001 §7 user/excelUpload)
  /^\/insert\/commission\/CommissionDetail\/[1-9][0-9]{0,9}$/,
  // P06 data list pages: the file dialog (at most 5 files a post, spec 000 §5)
  /^\/data\/[1-9][0-9]{0,9}$/,
  // the consent editor (its HTML and an image) and the editor's image upload (R11)
  /^\/management\/privacy\/(add|edit\/[^/]+|media)$/,
];

/** The paths that post large url-encoded forms (see LARGE_FORM_LIMIT). */
export const LARGE_FORM_PATHS: readonly RegExp[] = [/^\/survey\/registration$/, /^\/survey\/ask\/[^/]+(\/[^/]+)?$/];

export interface BodyLimit {
  bytes: number;
  /** an upload path: the refusal says the spec's '파일당 최대 10MB까지 등록가능합니다.' */
  upload: boolean;
}

/** The limit of a request's body by its path (without the query) and Content-Type. */
export function bodyLimitFor(path: string, contentType: string | undefined): BodyLimit {
  const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (/^multipart\/form-data\b/i.test(contentType ?? "") && UPLOAD_PATHS.some((re) => re.test(p))) return { bytes: UPLOAD_LIMIT, upload: true };
  if (LARGE_FORM_PATHS.some((re) => re.test(p))) return { bytes: LARGE_FORM_LIMIT, upload: false };
  return { bytes: FORM_LIMIT, upload: false };
}

/** The HTML of the 413 answer: the message and a link to the start, nothing of the app loaded. */
export function bodyTooLargePage(upload: boolean): string {
  return plainPage(OWN_MSG.bodyTooLarge, upload ? MSG.fileTooLarge : OWN_MSG.bodyTooLarge);
}

/** the request stream's state, kept on the request (server.js's error handler reads `refused`) */
const STATE = Symbol("bodyLimit");
type Limited = IncomingMessage & { [STATE]?: { refused: boolean } };

/** true once the request was answered by a refusal here (what Remix does with its cut body afterwards is moot) */
export const bodyRefused = (req: IncomingMessage) => (req as Limited)[STATE]?.refused === true;

/**
 * Answers the request with `status` and closes the connection without reading the rest of its
 * body (used for the 413 here and for server.js's cross-site 403). The answer says
 * `Connection: close`; Node then ends the socket, and a socket closed with unread input sends the
 * client a reset that can overtake the answer (a client still sending sees EPIPE, not the 413).
 * So, as nginx's lingering close does, the rest of the body is dropped unread for a short while
 * (the client reads the answer meanwhile), then the socket is destroyed: a body of gigabytes is
 * never read to its end, and nothing of it is kept.
 */
export function refuseAndClose(req: IncomingMessage, res: ServerResponse, status: number, contentType: string, body: string) {
  const state = ((req as Limited)[STATE] ??= { refused: false });
  state.refused = true;
  const socket = req.socket;
  if (res.headersSent) {
    socket?.destroy();
    return;
  }
  if (socket) {
    // Node calls destroySoon once the answer with `Connection: close` is written
    socket.destroySoon = function lingeringClose(this: typeof socket) {
      this.end();
      setTimeout(() => this.destroy(), LINGER_MS).unref();
    };
  }
  res.statusCode = status;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/** how long a refused connection stays open after its answer, its input dropped unread */
export const LINGER_MS = 500;

/**
 * The middleware: the path's limit, the declared length checked at once, then every chunk of the
 * body counted as it arrives. `req.push` is where Node's HTTP parser hands each chunk of the body
 * to the request stream, so the count does not depend on who reads the body, or when, and a chunk
 * over the limit never reaches a reader.
 */
export function limitBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  const limit = bodyLimitFor(path, req.headers["content-type"]);
  const refuse = () => refuseAndClose(req, res, 413, "text/html; charset=utf-8", bodyTooLargePage(limit.upload));
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit.bytes) return refuse();
  const state = ((req as Limited)[STATE] ??= { refused: false });
  let received = 0;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    // after a refusal nothing more reaches a reader (the chunks are dropped until the socket goes)
    if (state.refused) return true;
    if (chunk === null || chunk === undefined) return push(chunk, encoding);
    received += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
    if (received > limit.bytes) {
      refuse();
      return true;
    }
    return push(chunk, encoding);
  };
  next();
}
