/**
 * Excel downloads of the people lists: `?type=download` (the list's filter, or the evaluation
 * columns with eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its Korean
 * name; a failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as people from "~/legacy/endpoints/people.server";
import { excelDownload } from "~/utils/excel-download.server";
import { downloadFilter, KIND, type Kind } from "./__people.server";

export async function loader(args: LoaderFunctionArgs) {
  const kind = args.params.kind as Kind;
  if (!(kind in KIND)) throw new Response("Not Found", { status: 404 });
  return excelDownload(args, {
    listPath: KIND[kind].path,
    template: async (session, url) => ({
      res: await people.downloadPeopleTemplate(session, kind, downloadFilter(kind, url).f.year),
      name: `${KIND[kind].label}_양식.xlsx`,
    }),
    download: async (session, url) => {
      const { f, ev } = downloadFilter(kind, url);
      const res =
        kind === "student"
          ? await people.downloadPeopleExcel(session, "student", { year: f.year, value: f.value, grde: f.afltn ?? "all", attn: f.status, ...ev })
          : await people.downloadPeopleExcel(session, kind, { year: f.year, value: f.value, dpt: f.afltn ?? "all", emply: f.status, ...ev });
      return { res, name: `${KIND[kind].label}목록_${f.year}.xlsx` };
    },
  });
}
