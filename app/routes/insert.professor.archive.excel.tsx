/**
 * Excel of the education achievement score: `?type=download` (every score; with eiSeq, menuSeq and
 * year the evaluation's columns up to that year) and `?type=template` (the score template of the
 * professor template folder). Streams the backend's file with its Korean name; a failure goes back
 * to the page with '엑셀 다운로드 실패하였습니다.'.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import * as achievementApi from "~/legacy/endpoints/achievement.server";
import { ACHIEVEMENT_PATH } from "~/schemas/achievement";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { passDownload } from "~/utils/download.server";
import { seoulYear } from "~/utils/time";

const seqOf = (v: string | null) => (v && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : undefined);

export const loader = (args: LoaderFunctionArgs) =>
  withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const year = seqOf(url.searchParams.get("year"));
    try {
      if (url.searchParams.get("type") === "template") {
        return passDownload(await achievementApi.downloadArchiveTemplate(session, year ?? seoulYear()), achievementApi.ACHIEVEMENT_TEMPLATE.fileName);
      }
      const eiSeq = seqOf(url.searchParams.get("eiSeq"));
      const menuSeq = seqOf(url.searchParams.get("menuSeq"));
      const ev = eiSeq && menuSeq ? { eiSeq, menuSeq } : {};
      return passDownload(await achievementApi.downloadArchiveExcel(session, { year, ...ev }), "교육업적점수.xlsx");
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      session.flash(MSG.excelDownloadFailed, "error");
      return redirect(ACHIEVEMENT_PATH);
    }
  });
