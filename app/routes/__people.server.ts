/**
 * Loaders and actions of the people screens (R01–R05): the student, professor and PBL-tutor
 * document lists (also in evaluation mode), and the add pages. One implementation, configured by
 * the kind; the route files only choose the kind.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { readPaging } from "~/components/data-table/Pager";
import { readMulti, readYear, yearRange } from "~/components/data-table/FilterBar";
import { LegacyError } from "~/legacy/errors";
import * as people from "~/legacy/endpoints/people.server";
import { MSG } from "~/schemas/messages.ko";
import { professorOrder, professorSchema } from "~/schemas/professor";
import { studentOrder, studentSchema } from "~/schemas/student";
import { intentOf, needsConfirmation } from "~/utils/confirm.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { formFailure, formValues, orFormFailure, validateForm } from "~/utils/form.server";
import { checkFiles, excelUploadReply, readMultipartForm } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { evalParams } from "~/utils/url";
import { listAction } from "~/utils/list-action.server";

export type Kind = people.PeopleKind;

export const KIND = {
  student: { label: "학생", path: "/insert/student/document", addPath: "/insert/student/add", unit: "명" },
  professor: { label: "교수", path: "/insert/professor/document", addPath: "/insert/professor/add", unit: "명" },
  tutor: { label: "PBL 튜터", path: "/insert/tutor/document", addPath: "/insert/professor/add", unit: "명" },
} as const;

/** Year lists of list pages start at 2024 here: the people records begin then (seed 2024–2026). */
const FIRST_YEAR = 2024;

const studentValidator = withZod(studentSchema);
const professorValidator = withZod(professorSchema);

/** The list filter of a request, as the list, the Excel download and the links use it. */
function readFilter(kind: Kind, url: URL, years: number[], evalYear: number | null) {
  const year = evalYear ?? readYear(url, years, seoulYear());
  const value = (url.searchParams.get("value") ?? "").trim().slice(0, 100);
  const afltn = readMulti(url, kind === "student" ? "grde" : "dpt");
  const status = readMulti(url, kind === "student" ? "attn" : "emply") ?? [];
  return { year, value, afltn, status };
}

type Filter = ReturnType<typeof readFilter>;

function listCall(ctx: UserContext, kind: Kind, f: Filter, ev: { eiSeq: number; menuSeq: number } | null) {
  const base = { year: f.year, value: f.value, ...(ev ?? {}) };
  if (kind === "student") return people.listStudents(ctx.session, { ...base, grde: f.afltn ?? "all", attn: f.status });
  const pf = { ...base, dpt: f.afltn ?? ("all" as const), emply: f.status };
  return kind === "tutor" ? people.listTutors(ctx.session, pf) : people.listProfessors(ctx.session, pf);
}

export function downloadFilter(kind: Kind, url: URL) {
  const f = readFilter(kind, url, yearRange(FIRST_YEAR, seoulYear() + 1), null);
  const ev = url.searchParams.get("eiSeq") ? { eiSeq: Number(url.searchParams.get("eiSeq")), menuSeq: Number(url.searchParams.get("menuSeq")) } : {};
  return { f, ev };
}

async function formCodes(ctx: UserContext, kind: Kind, year: number) {
  if (kind === "student") {
    const c = await people.studentFormCodes(ctx.session, year);
    return { kind: "student" as const, attn: c.attnList, grde: c.grdeList, birthPlace: c.birthPlaceList, admsSlctn: c.admsSlctnList, email: c.emailCdList };
  }
  const c = await people.professorFormCodes(ctx.session, year);
  return { kind: "professor" as const, emply: c.emplyList, job: c.jobCdList, dpt: c.dptCdList, email: c.emailCdList };
}
export type FormCodes = Awaited<ReturnType<typeof formCodes>>;

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
  return (args: LoaderFunctionArgs) =>
    withUser(args, async (ctx) => {
      const url = new URL(args.request.url);
      const ev = evalParams(args.params);
      const current = seoulYear();
      let years = yearRange(FIRST_YEAR, current);
      const f = readFilter(kind, url, years, ev?.year ?? null);
      const { page, size } = readPaging(url);
      const usTy = kind === "student" ? 1 : 2;
      let searchCodes = { afltnList: [] as { id: string; text: string }[], statusList: [] as { id: string; text: string }[] };
      let error: string | null = null;
      let rows: Record<string, unknown>[] = [];
      let total = 0;
      let columns: { clm: string; clmNm: string }[] | null = null;
      try {
        const codes = await people.searchCodeLists(ctx.session, usTy, f.year);
        searchCodes = { afltnList: codes.afltnList, statusList: codes.statusList };
        if (codes.yearList.length) years = [...new Set([...codes.yearList, ...years])].sort((a, b) => b - a);
        const list = await listCall(ctx, kind, f, ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : null);
        rows = list.list as Record<string, unknown>[];
        total = list.total ?? rows.length;
        if (ev) columns = "columns" in list && Array.isArray(list.columns) ? list.columns : await people.evalColumns(ctx.session, ev.eiSeq, ev.menuSeq, ev.year);
      } catch (e) {
        if (!(e instanceof LegacyError)) throw e;
        error = e.message;
      }
      const pageRows = rows.slice((page - 1) * size, page * size);
      const usSeq = Number(url.searchParams.get("usSeq"));
      let detail: Awaited<ReturnType<typeof detailValues>> | null = null;
      let codes: FormCodes | null = null;
      if (!ev && Number.isInteger(usSeq) && usSeq > 0) {
        try {
          [detail, codes] = await Promise.all([detailValues(ctx, kind, usSeq, f.year), formCodes(ctx, kind, f.year)]);
        } catch (e) {
          if (!(e instanceof LegacyError)) throw e;
          error = e.message;
        }
      }
      return json({
        kind,
        evalMode: ev,
        years,
        filter: f,
        searchCodes,
        rows: pageRows,
        total,
        page,
        size,
        columns,
        detail,
        codes,
        currentYear: current,
        error,
      });
    });
}

export function addLoader(kind: "student" | "professor") {
  return (args: LoaderFunctionArgs) =>
    withUser(args, async (ctx) => {
      const url = new URL(args.request.url);
      const year = Number(url.searchParams.get("year"));
      // without the year the user is sent back (spec 001 §2)
      if (!Number.isInteger(year) || year < 2000 || year > 2100) throw redirect(KIND[kind].path);
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
  const listYear = (url: URL) => readYear(url, yearRange(FIRST_YEAR, seoulYear() + 1), seoulYear());
  /** the selected person's usSeq, which the save and the delete need */
  const selected = (url: URL) => {
    const usSeq = Number(url.searchParams.get("usSeq"));
    return Number.isInteger(usSeq) && usSeq > 0 ? usSeq : null;
  };
  return listAction({
    intent: intentWithSchool,
    step: schoolSearch,
    intents: {
      excelUpload: (ctx, form, url) => {
        const uploadYear = Number(form.get("year")) || listYear(url);
        return excelUploadReply(form, (file) => people.uploadPeopleExcel(ctx.session, kind, uploadYear, file, 120_000));
      },
      save: (ctx, form, url) => {
        const usSeq = selected(url);
        if (!usSeq) return formFailure(form, MSG.genericError);
        return save(ctx, formKind, form, listYear(url), usSeq, `${url.pathname}${url.search}`);
      },
      delete: (ctx, form, url) => {
        const usSeq = selected(url);
        if (!usSeq) return formFailure(form, MSG.genericError);
        const confirm = needsConfirmation(form, "delete");
        if (confirm) return confirm;
        const year = listYear(url);
        return orFormFailure(form, async () => {
          if (formKind === "student") await people.deleteStudent(ctx.session, usSeq, year);
          else await people.deleteProfessor(ctx.session, usSeq, year);
          ctx.session.flash(MSG.deleteDone, "info");
          const next = new URLSearchParams(url.search);
          next.delete("usSeq");
          return redirect(`${url.pathname}${next.size ? `?${next}` : ""}`);
        });
      },
    },
    unknown: MSG.genericError,
  });
}

export function addAction(kind: "student" | "professor") {
  return (args: ActionFunctionArgs) =>
    withUser(args, async (ctx) => {
      const url = new URL(args.request.url);
      const year = Number(url.searchParams.get("year"));
      if (!Number.isInteger(year) || year < 2000 || year > 2100) throw redirect(KIND[kind].path);
      const form = await readMultipartForm(args.request, ctx.session);
      const intent = intentWithSchool(form);
      if (schoolSearch.matches(intent)) return schoolStep(ctx, form, intent);
      return save(ctx, kind, form, year, undefined, `${KIND[kind].path}?year=${year}`);
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
  try {
    const r = await people.searchHighSchools(ctx.session, schoolName, page);
    return json({ fieldErrors: {}, repopulateFields: values, school: { schoolName, page, total: r.total, list: r.list } });
  } catch (e) {
    if (e instanceof LegacyError) return formFailure(form, e.message);
    throw e;
  }
}
