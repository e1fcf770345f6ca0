/**
 * The download of a record's attachment through its list's resource route (`{list}/file?year=…`):
 * the screen finds the file among the record's live attachments as the backend answers them
 * (never what the URL claims), and the backend's /api/fileDownload.do streams through with the
 * file's Korean name. Anything else goes back to the list with '파일 다운로드 실패하였습니다.'
 * (spec 001 §8). Shared by the activity screens (R15/R16) and seminars (R07).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import { downloadFile } from "~/legacy/endpoints/file.server";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "./context.server";
import { passDownload } from "./download.server";
import type { Session } from "./session.server";

export interface StoredAttachment {
  flnm: string;
  rovl: string;
  orn: string;
}

export function attachmentLoader(listPath: string, find: (session: Session, url: URL, year: number) => Promise<StoredAttachment | null | undefined>) {
  return (args: LoaderFunctionArgs) =>
    withUser(args, async ({ session }) => {
      const url = new URL(args.request.url);
      const year = Number(url.searchParams.get("year"));
      const validYear = /^[0-9]{4}$/.test(String(year));
      const back = () => {
        session.flash(MSG.fileDownloadFailed, "error");
        return redirect(`${listPath}${validYear ? `?year=${year}` : ""}`);
      };
      if (!validYear) return back();
      try {
        const file = await find(session, url, year);
        if (!file) return back();
        return passDownload(await downloadFile(session, file), file.orn);
      } catch (e) {
        if (e instanceof LegacyError) return back();
        throw e;
      }
    });
}
