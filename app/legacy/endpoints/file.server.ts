/** File downloads (spec 000 §7 Files; app/calls/file.ts): the backend's file, streamed on by a resource route. */
import { FILES } from "~/calls/file";
import { downloadLegacy, type TokenHolder } from "../gateway.server";

export function downloadFile(session: TokenHolder, file: { flnm: string; rovl: string; orn: string }) {
  return downloadLegacy(FILES.download, { fileFlnm: file.flnm, fileRovl: file.rovl, fileOrn: file.orn }, { session });
}

export function downloadManual(session: TokenHolder) {
  return downloadLegacy(FILES.manual, {}, { session });
}

/** A named template (GET resourceFileDownload.do). */
export function downloadResourceFile(session: TokenHolder, folderName: string, fileName: string, year?: number) {
  return downloadLegacy(FILES.resource, { folderName, fileName, year }, { session });
}
