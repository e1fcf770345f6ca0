/**
 * Reading multipart posts (uploads) safely: server.js has already bounded the body while it streams
 * (utils/body-limit.server.ts: the limits, and which paths are upload paths); here the body is
 * refused before parsing when its declared length is larger than this form's limit, each part is
 * held in memory only up to the limit (Remix's default part limit is 3 MB; the spec's is 10 MB),
 * the parts and the files are counted, and the CSRF check runs on the parsed form. File checks by
 * extension and by content signature live here too, so every upload is checked the same way.
 */
import { json, MaxPartSizeExceededError, unstable_composeUploadHandlers, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import type { UploadReply } from "~/legacy/wire";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { rowsOfOtherYears } from "./excel.server";
import { extensionOf, hasSignature } from "./file-signature";
import { MAX_FILE_BYTES, MAX_PARTS, MAX_UPLOAD_FILES, UPLOAD_FORM_OVERHEAD } from "./body-limit.server";
import { unreadableForm, withoutNul } from "./context.server";
import { assertCsrf } from "./csrf.server";
import { rememberForm } from "./legacy-errors.server";
import type { Session } from "./session.server";

export { MAX_FILE_BYTES };

class TooManyParts extends Error {}

/** Counts the parts (at most MAX_PARTS) and the chosen files (at most `maxFiles`), then lets the next handler take the part. */
function countingParts(maxFiles: number): UploadHandler {
  let parts = 0;
  let files = 0;
  return async ({ filename }) => {
    parts += 1;
    if (filename) files += 1;
    if (parts > MAX_PARTS || files > maxFiles) throw new TooManyParts();
    return undefined;
  };
}

/** Parses a posted form (multipart with at most `maxFiles` files of `maxFileBytes` each, or url-encoded) after the size and CSRF checks. */
export async function readMultipartForm(request: Request, session: Session, maxFileBytes = MAX_FILE_BYTES, maxFiles = MAX_UPLOAD_FILES): Promise<FormData> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > maxFileBytes * maxFiles + UPLOAD_FORM_OVERHEAD) throw json({ alert: MSG.fileTooLarge }, { status: 413 });
  let form: FormData;
  // a post without files (a fetcher's small post, a plain form) may come url-encoded
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    form = withoutNul(await request.formData().catch(unreadableForm));
    assertCsrf(request, session, form);
    return rememberForm(request, form);
  }
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(countingParts(maxFiles), unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes })),
    );
  } catch (e) {
    if (e instanceof Response) throw e;
    if (e instanceof TooManyParts) throw json({ alert: OWN_MSG.tooManyParts }, { status: 413 });
    // Remix's error has no name of its own and says 'exceeded upload size': matched by its class
    // (a file of 10 MB + 1 byte was an unexpected server error before, issue 18)
    if (e instanceof MaxPartSizeExceededError) throw json({ alert: MSG.fileTooLarge }, { status: 413 });
    // not multipart after all (no boundary, a broken part) or a body cut off: a 400, not a 500
    unreadableForm();
  }
  form = withoutNul(form);
  assertCsrf(request, session, form);
  return rememberForm(request, form);
}

export { extensionOf, hasSignature };

export type FileCheck = { ok: true; file: File } | { ok: false; message: string };

/**
 * Checks the files posted under `name`: how many, the extension, the size and the content
 * signature. `messages` gives the spec's wording for each refusal.
 */
export async function checkFiles(
  form: FormData,
  name: string,
  rules: { extensions: readonly string[]; maxBytes?: number; maxCount?: number; required?: boolean },
  messages: { extension: string; count?: string; size?: string; required?: string },
): Promise<{ ok: true; files: File[] } | { ok: false; message: string }> {
  const files = form.getAll(name).filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.length === 0) return rules.required ? { ok: false, message: messages.required ?? messages.extension } : { ok: true, files: [] };
  if (rules.maxCount && files.length > rules.maxCount) return { ok: false, message: messages.count ?? messages.extension };
  for (const f of files) {
    const ext = extensionOf(f.name);
    if (!rules.extensions.includes(ext)) return { ok: false, message: messages.extension };
    if (f.size > (rules.maxBytes ?? MAX_FILE_BYTES)) return { ok: false, message: messages.size ?? MSG.fileTooLarge };
    const head = new Uint8Array(await f.slice(0, 16).arrayBuffer());
    if (!hasSignature(head, ext)) return { ok: false, message: messages.extension };
  }
  return { ok: true, files };
}

/** The one .xlsx of an Excel upload (spec 001 §5 "Excel upload"). */
export async function checkXlsx(form: FormData, name = "file"): Promise<FileCheck> {
  const r = await checkFiles(form, name, { extensions: ["xlsx"], maxCount: 1, required: true }, { extension: MSG.xlsxOnly, count: MSG.oneFileOnly, required: MSG.xlsxOnly });
  return r.ok ? { ok: true, file: r.files[0] } : r;
}

/**
 * The reply of a list page's Excel upload (ExcelToolbar): the file checked here first (one .xlsx
 * by name and signature, at most 10 MB) and, for an upload made for a year, its rows whose 년도 is
 * another year refused with their row numbers before anything is sent (ADR 0061; the server checks
 * again), then sent; the counts and failing rows, or the message.
 */
export async function excelUploadReply(
  form: FormData,
  upload: (file: File) => Promise<UploadReply>,
  opts: { year?: number } = {},
): Promise<Response> {
  const file = await checkXlsx(form);
  if (!file.ok) return json({ excelError: file.message, fieldErrors: {}, repopulateFields: {} }, { status: 400 });
  if (opts.year !== undefined) {
    const other = await rowsOfOtherYears(new Uint8Array(await file.file.arrayBuffer()), opts.year);
    if (other.length) {
      const failures = other.map((f) => ({ row: f.row, id: "", message: f.message }));
      return json({ excelError: OWN_MSG.excelYearRows, excel: { successCount: 0, faildCount: failures.length, failures, message: OWN_MSG.excelYearRows } }, { status: 400 });
    }
  }
  try {
    // the audit log records the import at the gateway, whatever the screen (utils/audit-calls.server.ts, ADR 0067)
    const r = await upload(file.file);
    const { successCount, faildCount, failures, message, insertCount, updateCount, unchangedCount } = r;
    return json({ excel: { successCount, faildCount, failures, message, insertCount, updateCount, unchangedCount } });
  } catch (e) {
    if (e instanceof LegacyError) return json({ excelError: e.message }, { status: 400 });
    throw e;
  }
}
