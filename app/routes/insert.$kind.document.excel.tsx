/**
 * Excel downloads of the people lists: `?type=download` (the list's filter, or the evaluation
 * columns with eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its Korean
 * name; a failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import * as people from "~/legacy/endpoints/people.server";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { passDownload } from "~/utils/download.server";
import { downloadFilter, KIND, type Kind } from "./__people.server";

export async function loader(args: LoaderFunctionArgs) {
  const kind = args.params.kind as Kind;
  if (!(kind in KIND)) throw new Response("Not Found", { status: 404 });
  return withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const { f, ev } = downloadFilter(kind, url);
    try {
      if (url.searchParams.get("type") === "template") {
        return passDownload(await people.downloadPeopleTemplate(session, kind, f.year), `${KIND[kind].label}_양식.xlsx`);
      }
      const res =
        kind === "student"
          ? await people.downloadPeopleExcel(session, "student", { year: f.year, value: f.value, grde: f.afltn ?? "all", attn: f.status, ...ev })
          : await people.downloadPeopleExcel(session, kind, { year: f.year, value: f.value, dpt: f.afltn ?? "all", emply: f.status, ...ev });
      return passDownload(res, `${KIND[kind].label}목록_${f.year}.xlsx`);
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      session.flash(MSG.excelDownloadFailed, "error");
      const back = new URLSearchParams(url.search);
      back.delete("type");
      return redirect(`${KIND[kind].path}?${back}`);
    }
  });
}
