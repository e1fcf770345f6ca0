/**
 * File downloads from the storage (lib/storage.server.ts): GET /api/fileDownload.do
 * ?fileFlnm&fileRovl&fileOrn, GET /api/manualDownload.do (the user manual) and POST
 * /api/manualInfo.do (where the manual is, for a fileDownload.do link), GET /view/imgView.do (stored
 * images inline, e.g. people's photos) and GET /api/resourceFileDownload.do (generated upload
 * templates by folder and name). Keys are checked before anything is looked up; a bad or unknown
 * key is HTTP 404 with the JSON envelope. Nothing here reads the file system.
 *
 * A preview (imgView.do, pdfView.do) is object-level authorised (issue 37 item 2, ADR 0064): the
 * file must belong to a live record the caller may see — a data page's file not deleted, on a DATA
 * menu in the caller's menu list; a person's photo on a live record of a year, with the people page
 * of that kind in the caller's menu list. Anything else (another user's menu, a deleted file or
 * record, a photo replaced since, a file of no record) is the same 404 as a path that does not exist.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { OWN_MSG } from "../../schemas/messages.ko";
import { PEOPLE } from "../../schemas/people";
import type { Db } from "../db/client.server";
import { dataFiles, professors, students } from "../db/schema";
import { MANUAL_ROVL } from "../db/seed-data";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { FILES } from "../../calls/file";
import { HttpError, fail, ok, parseInput } from "../lib/envelope.server";
import { listYear } from "../lib/people.server";
import { cleanOriginalName, isValidFlnm, isValidRovl, latestIn, type StoredFile } from "../lib/storage.server";
import { achievementTemplates } from "./achievement.server";
import { analysisTemplates } from "./exam-analysis.server";
import { patientSafetyTemplates } from "./patient-safety.server";
import { visibleMenus } from "./menu.server";
import { peopleTemplates } from "./people-excel.server";

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Path tricks and control characters: never a valid key or name. */
const unsafe = (value: string) => value.includes("..") || value.includes("\\") || CONTROL.test(value);

function notFound(): never {
  throw new HttpError(404, OWN_MSG.fileNotFound);
}

const param = (v: unknown): string => (typeof v === "string" ? v : "");

/** RFC 6266 / 5987 `attachment; filename*=UTF-8''…` (percent-encoded UTF-8). */
export function contentDisposition(name: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(name);
  } catch {
    // A lone surrogate: fall back to a neutral name.
    encoded = "download";
  }
  encoded = encoded.replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

function fileResponse(file: StoredFile, name: string): Response {
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "content-type": file.mime,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": contentDisposition(name),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
}

async function fileDownload(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const flnm = param(ctx.body.fileFlnm);
  const rovl = param(ctx.body.fileRovl);
  const orn = param(ctx.body.fileOrn);
  if (!flnm || !rovl || [flnm, rovl, orn].some(unsafe) || flnm.includes("/") || orn.includes("/")) notFound();
  const file = await ctx.deps.storage.get(rovl, flnm);
  if (!file) notFound();
  return fileResponse(file, orn.trim() ? cleanOriginalName(orn) : file.orn);
}

async function manualDownload(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const info = await latestIn(ctx.db, MANUAL_ROVL);
  const file = info ? await ctx.deps.storage.get(info.rovl, info.flnm) : null;
  if (!file) notFound();
  return fileResponse(file, file.orn);
}

async function manualInfo(ctx: CallContext) {
  requireAuth(ctx);
  const info = await latestIn(ctx.db, MANUAL_ROVL);
  if (!info) return fail(404, OWN_MSG.fileNotFound);
  return ok({ fileFlnm: info.flnm, fileRovl: info.rovl, fileOrn: info.orn, flsz: info.flsz, mime: info.mime });
}

/** The image types /view/imgView.do serves (photos are png or jpg, spec 001 §9). */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg"]);

/**
 * true when the caller may see the live record the stored file `rovl/flnm` belongs to: a data
 * page's file (not deleted) on a DATA menu of the caller's menu list, or the photo of a live
 * student or professor record with that kind's people page in the caller's menu list (a PBL
 * tutor's from the tutor page too).
 */
export async function mayPreview(ctx: CallContext, rovl: string, flnm: string): Promise<boolean> {
  const auth = requireAuth(ctx);
  const { ordered, bySeq } = await visibleMenus(ctx.db, auth);
  const [file] = await ctx.db
    .select({ menuSeq: dataFiles.menuSeq })
    .from(dataFiles)
    .where(and(eq(dataFiles.rovl, rovl), eq(dataFiles.flnm, flnm), eq(dataFiles.usyn, "Y")));
  if (file) return bySeq.has(file.menuSeq);
  const opens = (path: string) => ordered.some((m) => m.menuUrl === path);
  if (opens(PEOPLE.student.path)) {
    const [st] = await ctx.db
      .select({ stSeq: students.stSeq })
      .from(students)
      .where(and(eq(students.photoRovl, rovl), eq(students.photoFlnm, flnm), eq(students.del, "N")))
      .limit(1);
    if (st) return true;
  }
  const professorPage = opens(PEOPLE.professor.path);
  if (professorPage || opens(PEOPLE.tutor.path)) {
    const [pf] = await ctx.db
      .select({ pfSeq: professors.pfSeq })
      .from(professors)
      .where(and(eq(professors.photoRovl, rovl), eq(professors.photoFlnm, flnm), eq(professors.del, "N"), professorPage ? undefined : eq(professors.tutorYn, "Y")))
      .limit(1);
    if (pf) return true;
  }
  return false;
}

/**
 * A stored file of `?filePath=<rovl>/<flnm>` inline, when `accepts` its type (an image, a pdf) and
 * the caller may see its record (`mayPreview`). A path with '..', a backslash, a leading '/', NUL
 * or another control character, a key not of the storage's form, anything not in the storage, a
 * stored file of another type and a file the caller may not see are all 404.
 */
export async function storedFileResponse(ctx: CallContext, accepts: (mime: string) => boolean): Promise<Response> {
  requireAuth(ctx);
  const filePath = param(ctx.body.filePath);
  if (!filePath || unsafe(filePath) || filePath.startsWith("/")) notFound();
  const cut = filePath.lastIndexOf("/");
  if (cut <= 0) notFound();
  const [rovl, flnm] = [filePath.slice(0, cut), filePath.slice(cut + 1)];
  if (!isValidRovl(rovl) || !isValidFlnm(flnm) || !(await mayPreview(ctx, rovl, flnm))) notFound();
  const file = await ctx.deps.storage.get(rovl, flnm);
  if (!file || !accepts(file.mime)) notFound();
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "content-type": file.mime,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": contentDisposition(file.orn).replace(/^attachment/, "inline"),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      // a person's photo or a menu's file: kept in no cache (issue 17)
      "cache-control": "private, no-store",
    },
  });
}

/** GET /view/imgView.do?filePath=<rovl>/<flnm>: a stored image (png or jpeg), inline. */
const imgView = (ctx: CallContext) => storedFileResponse(ctx, (mime) => IMAGE_TYPES.has(mime));

/**
 * A named file of /api/resourceFileDownload.do (upload templates): generated on request, never
 * read from the file system.
 */
export interface ResourceTemplate {
  folderName: string;
  fileName: string;
  build(db: Db, year: number): Promise<Response>;
}

/** Every screen's templates; add a screen's list here. */
const RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [...peopleTemplates, ...analysisTemplates, ...achievementTemplates, ...patientSafetyTemplates];

/**
 * GET /api/resourceFileDownload.do?folderName&fileName[&year]: a template by folder and name; any
 * other pair (path tricks included) is 404. `year` (default the current year) fills the template's
 * year-dependent examples.
 */
async function resourceFileDownload(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const folder = param(ctx.body.folderName);
  const name = param(ctx.body.fileName);
  const template = RESOURCE_TEMPLATES.find((t) => t.folderName === folder && t.fileName === name);
  if (!template) notFound();
  const { year } = parseInput(z.object({ year: listYear }), { year: ctx.body.year });
  return template.build(ctx.db, year);
}

export const fileRoutes: RouteDef[] = [route(FILES.manualInfo, "required", manualInfo)];

export const fileGetRoutes: GetRouteDef[] = [
  getRoute(FILES.download, "required", fileDownload),
  getRoute(FILES.manual, "required", manualDownload),
  getRoute(FILES.imgView, "required", imgView),
  getRoute(FILES.resource, "required", resourceFileDownload),
];
