/**
 * Loaders and actions of the people screens (R01–R05): the student, professor and PBL-tutor
 * document lists (also in evaluation mode) on the list kit, their Excel route, and the add pages.
 * One implementation, configured by the kind; the route files only choose the kind.
 *
 * The lists are master-detail (spec 001 §2): a row is a link to `?dialog=edit&usSeq=`, which
 * shows the person's form beside the list; its delete button opens the kit's delete question
 * (`?dialog=delete&usSeq=`, the form stays beside it).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as people from "~/legacy/endpoints/people.server";
import type { EvalParams, ListQuery } from "~/legacy/wire";
import { MSG } from "~/schemas/messages.ko";
import { PEOPLE, type PeopleFilter, type PeopleMore, type PersonDetail, type PersonFormCodes } from "~/schemas/people";
import { professorOrder, professorSchema } from "~/schemas/professor";
import { studentOrder, studentSchema } from "~/schemas/student";
import { intentOf, needsConfirmation } from "~/utils/confirm.server";
import { safeRedirectTo, withUser, type UserContext } from "~/utils/context.server";
import { downloadYear, evalQuery, excelDownload } from "~/utils/excel-download.server";
import { formFailure, formValues, validateForm } from "~/utils/form.server";
import { orFormFailure } from "~/utils/legacy-errors.server";
import { deleteIntent, listAction } from "~/utils/list-action.server";
import { listLoader, readListState } from "~/utils/list-loader.server";
import { listYears, readMulti, readText } from "~/utils/list-url";
import { checkFiles, excelUploadReply, readMultipartForm } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { seqParam } from "~/utils/url";

export type Kind = people.PeopleKind;

const studentValidator = withZod(studentSchema);
const professorValidator = withZod(professorSchema);

/** The list's filters besides the year (the search panel's GET form). */
export const peopleFilter = (kind: Kind, url: URL): PeopleFilter => ({
  value: readText(url),
  afltn: readMulti(url, PEOPLE[kind].afltn),
  status: readMulti(url, PEOPLE[kind].status) ?? [],
});

/** The filter as a list call and the download send it: 'all' or the checked codes, [] for every status. */
export function wireFilters(year: number, f: PeopleFilter, extra: ListQuery & EvalParams = {}) {
  const base = { year, value: f.value, ...extra };
  return {
    student: { ...base, grde: f.afltn ?? "all", attn: f.status } satisfies people.StudentFilter,
    professor: { ...base, dpt: f.afltn ?? "all", emply: f.status } satisfies people.ProfessorFilter,
  };
}

function listCall(ctx: UserContext, kind: Kind, w: ReturnType<typeof wireFilters>) {
  if (kind === "student") return people.listStudents(ctx.session, w.student);
  return kind === "tutor" ? people.listTutors(ctx.session, w.professor) : people.listProfessors(ctx.session, w.professor);
}

async function formCodes(ctx: UserContext, kind: Kind, year: number): Promise<PersonFormCodes> {
  if (kind === "student") {
    const c = await people.studentFormCodes(ctx.session, year);
    return { kind: "student" as const, attn: c.attnList, grde: c.grdeList, birthPlace: c.birthPlaceList, admsSlctn: c.admsSlctnList, email: c.emailCdList };
  }
  const c = await people.professorFormCodes(ctx.session, year);
  return { kind: "professor" as const, emply: c.emplyList, job: c.jobCdList, dpt: c.dptCdList, email: c.emailCdList };
}

/** The detail of a selected person as the form's default values. */
async function detailValues(ctx: UserContext, kind: Kind, usSeq: number, year: number) {
  if (kind === "student") {
    const s = await people.getStudent(ctx.session, usSeq, year);
    return {
      usSeq: s.usSeq,
      imgSrc: s.imgSrc,
      values: {
        name: s.name, admsYear: String(s.admsYear || ""), brdeY: s.brdeY, brdeM: s.brdeM, brdeD: s.brdeD, highSchool: s.highSchool,
        admsSlctn: s.admsSlctn, email: s.email, emailCd: s.emailCd, id: s.id, attnCd: s.attnCd, grdeCd: s.grdeCd ?? "",
        grdtnYear: s.grdtnYear ? String(s.grdtnYear) : "", birthPlace: s.birthPlace, hsGrdtnYear: s.hsGrdtnYear ? String(s.hsGrdtnYear) : "",
        telNo1: s.telNo1 || "010", telNo2: s.telNo2, telNo3: s.telNo3, cohortYn: s.cohortYn || "N",
      } as Record<string, string>,
      title: `${s.name} (${s.id})`,
    };
  }
  const p = await people.getProfessor(ctx.session, usSeq, year);
  return {
    usSeq: p.usSeq,
    imgSrc: p.imgSrc,
    values: {
      name: p.name, id: p.id, gndr: p.gndr, emplyDate: p.emplyDate, emplyCd: p.emplyCd, rsgntDate: p.rsgntDate, jobCd: p.jobCd,
      dptCd: p.dptCd, school: p.school, trngAgcy: p.trngAgcy, telNo1: p.telNo1 || "010", telNo2: p.telNo2, telNo3: p.telNo3,
      email: p.email, emailCd: p.emailCd, tutorYn: p.tutorYn || "N",
    } as Record<string, string>,
    title: `${p.name} (${p.id})`,
  };
}

export function documentLoader(kind: Kind) {
  return listLoader({
    key: "usSeq",
    filter: (url) => peopleFilter(kind, url),
    // the search panel's code lists come with the list (both are the year's)
    list: async (ctx, { year, filter, ev, query }) => {
      const w = wireFilters(year, filter, { ...query, ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) });
      const [codes, list] = await Promise.all([people.searchCodeLists(ctx.session, kind === "student" ? 1 : 2, year), listCall(ctx, kind, w)]);
      return { ...list, codes: { afltnList: codes.afltnList, statusList: codes.statusList } };
    },
    detail: (ctx, usSeq, { year }) => detailValues(ctx, kind, usSeq, year),
    // the selected person's form, also behind the delete question
    dialog: async (ctx, { record }, { year }) => (record ? { ...(record as Omit<PersonDetail, "codes">), codes: await formCodes(ctx, kind, year) } : null),
    more: (_ctx, _state, reply): PeopleMore => ({ codes: reply?.codes ?? { afltnList: [], statusList: [] }, currentYear: seoulYear() }),
  });
}

/** The Excel route: the list's download (or the evaluation's columns) and the upload template. */
export function peopleExcelLoader(args: LoaderFunctionArgs) {
  const kind = args.params.kind as Kind;
  if (!Object.hasOwn(PEOPLE, kind)) throw new Response("Not Found", { status: 404 });
  const yearOf = (url: URL) => downloadYear(url, listYears(), seoulYear());
  return excelDownload(args, {
    listPath: PEOPLE[kind].path,
    template: async (session, url) => ({ res: await people.downloadPeopleTemplate(session, kind, yearOf(url)), name: `${PEOPLE[kind].label}_양식.xlsx` }),
    download: async (session, url) => {
      const w = wireFilters(yearOf(url), peopleFilter(kind, url), evalQuery(url));
      const res = kind === "student" ? await people.downloadPeopleExcel(session, kind, w.student) : await people.downloadPeopleExcel(session, kind, w.professor);
      return { res, name: `${PEOPLE[kind].label}목록_${yearOf(url)}.xlsx` };
    },
  });
}

/** The add page's `?year=`; without it the user is sent back to the list (spec 001 §2). */
function addYear(args: LoaderFunctionArgs, kind: "student" | "professor") {
  const year = Number(new URL(args.request.url).searchParams.get("year"));
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw redirect(PEOPLE[kind].path);
  return year;
}

export function addLoader(kind: "student" | "professor") {
  return (args: LoaderFunctionArgs) =>
    withUser(args, async (ctx) => {
      const year = addYear(args, kind);
      const codes = await formCodes(ctx, kind, year);
      return json({ kind, year, codes, currentYear: seoulYear() });
    });
}

async function save(ctx: UserContext, kind: "student" | "professor", form: FormData, year: number, usSeq: number | undefined, back: string) {
  const v = kind === "student" ? await validateForm(studentValidator, form, studentOrder) : await validateForm(professorValidator, form, professorOrder);
  if (!v.ok) return v.response;
  const photoName = kind === "student" ? "imgFile" : "file";
  const photo = await checkFiles(form, photoName, { extensions: ["png", "jpg"], maxCount: 1 }, { extension: MSG.photoExtension, count: MSG.photoExtension });
  if (!photo.ok) return formFailure(form, photo.message, { [photoName]: photo.message });
  const confirm = needsConfirmation(form, "save");
  if (confirm) return confirm;
  const fields = Object.fromEntries(Object.entries(v.data).map(([k, val]) => [k, String(val ?? "")]));
  return orFormFailure(form, async () => {
    const r =
      kind === "student"
        ? await people.saveStudent(ctx.session, { fields, year, usSeq, photo: photo.files[0] })
        : await people.saveProfessor(ctx.session, { fields, year, usSeq, photo: photo.files[0] });
    ctx.session.flash(r.message || (usSeq ? MSG.updated : MSG.created), "info");
    return redirect(back);
    // spec 001 §8: a 201 shows the server's message; any other failure without one, these
  }, usSeq ? MSG.updateFailed : MSG.createFailed);
}

/** The school search without JavaScript: its search and 'select' buttons (see schoolStep). */
const intentWithSchool = (form: FormData) => (form.has("pickSchool") ? "pickSchool" : intentOf(form));
const schoolSearch = { matches: (intent: string) => intent === "pickSchool" || intent.startsWith("searchSchool"), run: schoolStep };

export function documentAction(kind: Kind) {
  const formKind = kind === "student" ? "student" : "professor";
  const listYear = (url: URL) => readListState(url, {}, {}).year;
  return listAction({
    intent: intentWithSchool,
    step: schoolSearch,
    intents: {
      excelUpload: (ctx, form, url) => {
        const asked = Number(form.get("year"));
        const year = listYears().includes(asked) ? asked : listYear(url);
        return excelUploadReply(form, (file) => people.uploadPeopleExcel(ctx.session, kind, year, file, 120_000), { year });
      },
      save: (ctx, form, url) => {
        const usSeq = seqParam(url.searchParams.get("usSeq"));
        if (!usSeq) return formFailure(form, MSG.genericError);
        return save(ctx, formKind, form, listYear(url), usSeq, safeRedirectTo(`${url.pathname}${url.search}`));
      },
      // the person of the list's year (a record per year)
      delete: deleteIntent({
        key: "usSeq",
        remove: (session, usSeq, _form, url) => (formKind === "student" ? people.deleteStudent : people.deleteProfessor)(session, usSeq, listYear(url)),
      }),
    },
    unknown: MSG.genericError,
    // the audit log's before → after (ADR 0028): the person as the edit form showed them
    audit: { key: "usSeq", detail: async (ctx, usSeq, url) => (await detailValues(ctx, kind, usSeq, listYear(url))).values },
  });
}

export function addAction(kind: "student" | "professor") {
  return (args: ActionFunctionArgs) =>
    withUser(args, async (ctx) => {
      const year = addYear(args, kind);
      const form = await readMultipartForm(args.request, ctx.session);
      const intent = intentWithSchool(form);
      if (schoolSearch.matches(intent)) return schoolStep(ctx, form, intent);
      return save(ctx, kind, form, year, undefined, `${PEOPLE[kind].path}?year=${year}`);
    });
}

/**
 * The high-school dialog without JavaScript: its search and its 'select' buttons post the whole
 * form, which comes back with every typed value kept and the school list (or the chosen school).
 */
async function schoolStep(ctx: UserContext, form: FormData, intent: string) {
  const values = formValues(form);
  if (intent === "pickSchool") {
    values.highSchool = String(form.get("pickSchool") ?? "");
    return json({ fieldErrors: {}, repopulateFields: values, school: null });
  }
  const schoolName = String(form.get("schoolName") ?? "").trim();
  const page = Math.max(1, Number(intent.split(":")[1]) || 1);
  const r = await people.searchHighSchools(ctx.session, schoolName, page);
  return json({ fieldErrors: {}, repopulateFields: values, school: { schoolName, page, total: r.total, list: r.list } });
}
