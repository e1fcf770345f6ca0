/**
 * The attachments of record screens (R15/R16 activities, R17 awards): a new file is checked by
 * extension, signature and size (spec 001 §5: each at most 10 MB, of the screen's types) before
 * it is stored, and is answered later with the MIME type of its extension.
 */
import { MSG } from "../../schemas/messages.ko";
import { extensionOf, hasSignature } from "../../utils/file-signature";
import { ApiError, fail } from "./envelope.server";
import { MAX_FILE_BYTES } from "./upload.server";

/** The MIME type a stored attachment is answered with. */
export const ATTACHMENT_MIME: Readonly<Record<string, string>> = {
  hwp: "application/x-hwp",
  pdf: "application/pdf",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export interface CheckedAttachment {
  bytes: Uint8Array;
  name: string;
  mime: string;
}

/** A new attachment of one of `extensions`, its signature, at most 10 MB; else status 400 with the spec's message. */
export async function checkAttachment(f: File, extensions: readonly string[]): Promise<CheckedAttachment> {
  const ext = extensionOf(f.name);
  if (!extensions.includes(ext)) throw new ApiError(fail(400, MSG.activityFileType));
  if (f.size > MAX_FILE_BYTES) throw new ApiError(fail(400, MSG.fileTooLarge));
  const bytes = new Uint8Array(await f.arrayBuffer());
  if (!hasSignature(bytes.subarray(0, 16), ext)) throw new ApiError(fail(400, MSG.activityFileType));
  return { bytes, name: f.name, mime: ATTACHMENT_MIME[ext] ?? "application/octet-stream" };
}
