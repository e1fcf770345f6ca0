/**
 * Server checks of uploaded files (docs/architecture.md "Files"): the extension list and the size limit of
 * the spec, and the content signature, so that a renamed file is refused too.
 */
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { ApiError, fail } from "./envelope.server";
import { extensionOf as signatureExtension, hasSignature } from "../../utils/file-signature";
import { extensionOf } from "./storage.server";

/** Spec 001 §9 and §5: 10 MB a file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** A multipart body may carry one 10 MB file plus its form fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILE_BYTES + 256 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

export const isPng = (b: Uint8Array) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const isJpeg = (b: Uint8Array) => startsWith(b, [0xff, 0xd8, 0xff]);
/** A ZIP local file header 'PK\x03\x04' (every .xlsx is a ZIP). */
export const isZip = (b: Uint8Array) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);

export interface CheckedFile {
  bytes: Uint8Array;
  name: string;
  mime: string;
}

/** The one file of a field (or of any field when `names` is empty), or null; two or more are refused. */
export function singleFile(files: Record<string, File[]>, names: readonly string[]): File | null {
  const all = names.length ? names.flatMap((n) => files[n] ?? []) : Object.values(files).flat();
  if (all.length > 1) throw new ApiError(fail(400, MSG.oneFileOnly));
  return all[0] ?? null;
}

const readBytes = async (file: File) => new Uint8Array(await file.arrayBuffer());

/** A photo: .png or .jpg by name and by content, at most 10 MB (spec 001 §5). */
export async function checkPhoto(file: File): Promise<CheckedFile> {
  const ext = extensionOf(file.name);
  if (ext !== ".png" && ext !== ".jpg") throw new ApiError(fail(400, MSG.photoExtension));
  if (file.size > MAX_FILE_BYTES) throw new ApiError(fail(400, MSG.fileTooLarge));
  const bytes = await readBytes(file);
  const ok = ext === ".png" ? isPng(bytes) : isJpeg(bytes);
  if (!ok) throw new ApiError(fail(400, MSG.photoExtension));
  return { bytes, name: file.name, mime: ext === ".png" ? "image/png" : "image/jpeg" };
}

/** An Excel upload: exactly one .xlsx by name and by content (ZIP), at most 10 MB (spec 001 §5). */
export async function checkXlsx(files: Record<string, File[]>): Promise<CheckedFile> {
  const file = singleFile(files, []);
  if (!file) throw new ApiError(fail(400, OWN_MSG.fileRequired));
  if (extensionOf(file.name) !== ".xlsx") throw new ApiError(fail(400, MSG.xlsxOnly));
  if (file.size > MAX_FILE_BYTES) throw new ApiError(fail(400, MSG.fileTooLarge));
  const bytes = await readBytes(file);
  if (!isZip(bytes)) throw new ApiError(fail(400, MSG.xlsxOnly));
  return { bytes, name: file.name, mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };
}

/** The MIME type a stored attachment is answered with, by extension. */
const ATTACHMENT_MIME: Record<string, string> = {
  hwp: "application/x-hwp",
  pdf: "application/pdf",
  doc: "application/msword",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * A record's new attachments (activities, seminars: spec 001 §5): at most `room` (else
 * `tooMany`), each of an allowed extension and its signature (else `badType`), at most 10 MB.
 */
export async function checkAttachments(
  files: readonly File[],
  rules: { extensions: readonly string[]; room: number; tooMany: string; badType: string },
): Promise<CheckedFile[]> {
  if (files.length > rules.room) throw new ApiError(fail(400, rules.tooMany));
  const out: CheckedFile[] = [];
  for (const f of files) {
    const ext = signatureExtension(f.name);
    if (!rules.extensions.includes(ext)) throw new ApiError(fail(400, rules.badType));
    if (f.size > MAX_FILE_BYTES) throw new ApiError(fail(400, MSG.fileTooLarge));
    const bytes = await readBytes(f);
    if (!hasSignature(bytes.subarray(0, 16), ext)) throw new ApiError(fail(400, rules.badType));
    out.push({ bytes, name: f.name, mime: ATTACHMENT_MIME[ext] ?? "application/octet-stream" });
  }
  return out;
}
