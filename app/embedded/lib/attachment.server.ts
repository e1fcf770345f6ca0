/**
 * One attachment of a record (R17 an award program's, R07 a seminar's schedule: spec 001 §5), kept
 * in the file storage (stored_files, lib/storage.server.ts) and named on the record by its three
 * columns (db/schema/attachment.ts). Its download goes through the file route of the record's
 * screen (the stored key read from the record, never from the request).
 */
import { MSG } from "../../schemas/messages.ko";
import type { Tx } from "../db/client.server";
import { dbStorage, monthRovl } from "./storage.server";
import { checkAttachments, type CheckedFile } from "./upload.server";

/** The record's attachment columns (as selected or stored). */
export interface AttachmentColumns {
  fileRovl: string | null;
  fileFlnm: string | null;
  fileOrn: string | null;
}

/** The columns of a table that names one attachment, for a select. */
export const attachmentSelect = <R, F, O>(t: { fileRovl: R; fileFlnm: F; fileOrn: O }) => ({ fileRovl: t.fileRovl, fileFlnm: t.fileFlnm, fileOrn: t.fileOrn });

/** A stored file as the record names it (`orn` the name the user gave it). */
export const namedFile = (put: { rovl: string; flnm: string }, orn: string): AttachmentColumns => ({ fileRovl: put.rovl, fileFlnm: put.flnm, fileOrn: orn });

/** The saved file as the wire answers it: its original name, stored name and folder key ('' when none). */
export const wireFile = (r: Partial<AttachmentColumns>) => ({ orn: r.fileOrn ?? "", flnm: r.fileFlnm ?? "", rovl: r.fileRovl ?? "" });

/**
 * A save's new file (null when none): at most one (else MSG.oneFileOnly), of an allowed extension
 * and its signature (else MSG.activityFileType), at most 10 MB (else MSG.fileTooLarge).
 */
export async function checkOneAttachment(files: readonly File[], extensions: readonly string[]): Promise<CheckedFile | null> {
  const [file = null] = await checkAttachments(files, { extensions, room: 1, tooMany: MSG.oneFileOnly, badType: MSG.activityFileType });
  return file;
}

/**
 * The record's attachment columns after a save: a new file is stored in '<folder>/yyyy/MM' and
 * replaces the saved one; `remove` clears them (the stored file stays, unnamed); else {} (unchanged).
 */
export async function savedAttachment(tx: Tx, file: CheckedFile | null, folder: string, remove: boolean): Promise<Partial<AttachmentColumns>> {
  if (file) return namedFile(await dbStorage(tx).put(file.bytes, { orn: file.name, mime: file.mime, rovl: `${folder}/${monthRovl()}` }), file.name);
  return remove ? { fileRovl: null, fileFlnm: null, fileOrn: null } : {};
}
