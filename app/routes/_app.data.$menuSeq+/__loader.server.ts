/**
 * P06 data list pages (`/data/{menuSeq}`, menu type DATA; spec 000 §2, §5 "File upload", §7
 * "Files"): the list's loader and action on the list kit, and the file download's loader. The
 * dialogs are URL state: `?dialog=add`, `?dialog=edit&seq=`, `?dialog=preview&seq=` and
 * `?dialog=delete&seq=` (each filled from the list's row). The save is one multipart post (the
 * year, the keywords and, when adding, the files); the files are checked here first (count,
 * extension, size, signature) and again by the backend. With JavaScript the same post goes
 * through XMLHttpRequest for its upload progress (`__dialog.tsx`).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "~/legacy/endpoints/data-files.server";
import { DATA_FILE_EXTENSIONS, DATA_FILE_FIELD, DATA_FILE_FIRST_YEAR, DATA_FILE_MAX_BYTES, DATA_MAX_FILES, dataFileOrder, dataFileSchemaOf, dataPath, type WireDataFile } from "./__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { attachmentLoader } from "~/utils/attachment-download.server";
import type { UserContext } from "~/utils/context.server";
import { validateForm, messageFailure, fileMessagesOn } from "~/utils/form.server";
import { menusOf } from "~/utils/guard.server";
import { backToList, deleteIntent, listAction } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { readText, readYear, yearRange } from "~/utils/list-url";
import { seoulYear } from "~/utils/time";
import { checkFiles } from "~/utils/upload.server";
import { seqParam } from "~/utils/url";
import { orLegacy } from "~/utils/legacy-errors.server";

/** The file dialog's data: its form values, the years (2024 … this year) and, when editing, the file's name. */
export interface DataFileDialogData {
  mode: "add" | "edit";
  seq: number | null;
  values: Record<string, string>;
  years: number[];
  orn: string;
}

/** The menu of the page (`/data/{menuSeq}`); another path is 404. */
export function menuSeqOf(url: URL): number {
  const seq = seqParam(/^\/data\/([^/]+)/.exec(url.pathname)?.[1]);
  if (!seq) throw new Response("Not Found", { status: 404 });
  return seq;
}

const dialogYears = () => yearRange(DATA_FILE_FIRST_YEAR, seoulYear());

export const dataFileLoader = listLoader({
  key: "seq",
  // the dialog's years (2024 …): a file saved for 2024 stays findable in the list (ADR 0062), where
  // spec 000 §9 starts lists at 2025
  years: dialogYears,
  filter: (url) => ({ value: readText(url) }),
  sortable: ["orn", "keyword", "flsz", "userNm", "regDt"],
  list: (ctx, { url, year, filter, query }) => api.listDataFiles(ctx.session, { seq: menuSeqOf(url), year, searchText: filter.value, ...query }),
  dialog: async (_ctx, { kind, seq, record }, { year }): Promise<DataFileDialogData | Record<string, unknown> | null> => {
    if (kind === "add") return { mode: "add", seq: null, values: { seq: "", year: String(year), keyword: "" }, years: dialogYears(), orn: "" };
    if (kind === "delete" || kind === "preview") return record;
    if (kind !== "edit" || !record) return null;
    const r = record as unknown as WireDataFile;
    return { mode: "edit", seq, values: { seq: String(r.seq), year: String(r.year), keyword: r.keyword }, years: dialogYears(), orn: r.orn };
  },
  // the page's title: the menu's name as the menu list gives it
  more: async (ctx, { url }) => {
    const menuSeq = menuSeqOf(url);
    const menu = (await menusOf(ctx.session)).find((m) => Number(m.menuSeq) === menuSeq);
    return { menuSeq, menuNm: menu?.menuNm ?? "자료실" };
  },
});

/** The field a server message belongs to (the backend checks the same rules). */
const FIELD_OF: Record<string, string> = {
  [MSG.yearRequired]: "year",
  [MSG.dataKeywordMax]: "keyword",
  [MSG.dataFileRequired]: DATA_FILE_FIELD,
  ...fileMessagesOn(DATA_FILE_FIELD),
};

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const menuSeq = menuSeqOf(url);
  const fail = (message: string) => messageFailure(form, message, FIELD_OF);
  const v = await validateForm(withZod(dataFileSchemaOf(seoulYear(), true)), form, dataFileOrder);
  if (!v.ok) return v.response;
  const d = v.data;
  const year = Number(d.year);
  return orLegacy(async () => {
    let message: string;
    if (d.seq) {
      message = await api.updateDataFile(ctx.session, { menuSeq, seq: Number(d.seq), year, keyword: d.keyword });
    } else {
      // the content too: a renamed file is refused with the extension's message
      const files = await checkFiles(form, DATA_FILE_FIELD, { extensions: DATA_FILE_EXTENSIONS, maxBytes: DATA_FILE_MAX_BYTES, maxCount: DATA_MAX_FILES, required: true }, { extension: MSG.activityFileType, size: MSG.fileTooLarge, required: MSG.dataFileRequired });
      if (!files.ok) return fail(files.message);
      message = await api.insertDataFiles(ctx.session, { menuSeq, year, keyword: d.keyword, files: files.files });
    }
    ctx.session.flash(message || (d.seq ? MSG.updated : MSG.registered), "info");
    return redirect(backToList(url, "seq", { year: String(year) }));
  }, fail);
}

/**
 * The posted file is one of the page's menu (ADR 0062): a file of another data page (or another
 * year than the list shows) posted from this page is refused ('해당 파일이 없습니다.'); the
 * backend, given the menu, refuses it again.
 */
async function ownsFile(ctx: UserContext, form: FormData, _params: unknown, url: URL): Promise<string | null> {
  const posted = String(form.get("seq") ?? "").trim();
  if (!posted) return null;
  const seq = seqParam(posted);
  if (!seq) return OWN_MSG.dataFileNotFound;
  const years = dialogYears();
  const year = readYear(url, years, years.includes(seoulYear()) ? seoulYear() : years[0]);
  const files = await orLegacy(async () => (await api.listDataFiles(ctx.session, { seq: menuSeqOf(url), year, searchText: "" })).list, () => []);
  return files.some((f) => f.seq === seq) ? null : OWN_MSG.dataFileNotFound;
}

export const dataFileAction = listAction({
  owns: ownsFile,
  intents: {
    save,
    delete: deleteIntent({ key: "seq", remove: (session, seq, _form, url) => api.deleteDataFile(session, seq, menuSeqOf(url)), done: MSG.deleted }),
  },
  // a file a little over 10 MB is read, so that the dialog says '파일당 최대 10MB까지 등록가능합니다.';
  // one file more than a post carries, so that it says how many
  upload: { maxFileBytes: DATA_FILE_MAX_BYTES + 1024 * 1024, maxFiles: DATA_MAX_FILES + 1 },
});

/**
 * A file's download (`/data/{menuSeq}/file?year=&seq=`): one of the menu's live files of that year,
 * with its Korean name. It checks the user itself (attachmentLoader's withUser), whatever route it
 * hangs under (`_.file.tsx`, under `_app` since ADR 0073's move): a resource route runs no parent loader.
 */
export const dataFileDownloadLoader = (args: LoaderFunctionArgs) => {
  const url = new URL(args.request.url);
  const menuSeq = menuSeqOf(url);
  return attachmentLoader(dataPath(menuSeq), async (session, u, year) => {
    const seq = seqParam(u.searchParams.get("seq"));
    if (!seq) return null;
    const r = await api.listDataFiles(session, { seq: menuSeq, year, searchText: "" });
    return r.list.find((f) => f.seq === seq);
  })(args);
};
