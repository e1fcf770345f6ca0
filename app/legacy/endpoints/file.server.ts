/** File downloads (spec 000 §7 Files): the backend's file, streamed on by a resource route. */
import { legacyDownload, type TokenHolder } from "../gateway.server";
import { asQuery } from "../wire";

export function downloadFile(session: TokenHolder, file: { flnm: string; rovl: string; orn: string }) {
  return legacyDownload("/api/fileDownload.do", { fileFlnm: file.flnm, fileRovl: file.rovl, fileOrn: file.orn }, { session });
}

export function downloadManual(session: TokenHolder) {
  return legacyDownload("/api/manualDownload.do", {}, { session });
}

/** A named template (GET /api/resourceFileDownload.do). */
export function downloadResourceFile(session: TokenHolder, folderName: string, fileName: string, year?: number) {
  return legacyDownload("/api/resourceFileDownload.do", asQuery({ folderName, fileName, year }), { session });
}
