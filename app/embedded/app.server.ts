/**
 * The embedded backend's Hono app: the `.do` contract of docs/contract.md over a Drizzle database.
 * Every route is POST with a JSON body (uploads may send multipart/form-data), except the GET
 * downloads; routes are declared per domain in handlers/*.server.ts.
 */
import { errorText } from "~/utils/log.server";
import { Hono } from "hono";
import { MSG, OWN_MSG } from "../schemas/messages.ko";
import type { Db } from "./db/client.server";
import { agreeRoutes } from "./handlers/agree.server";
import { editorMediaGetRoutes, editorMediaRoutes } from "./handlers/editor-media.server";
import { achievementGetRoutes, achievementRoutes } from "./handlers/achievement.server";
import { analysisGetRoutes, analysisRoutes } from "./handlers/exam-analysis.server";
import { accountRoutes } from "./handlers/account.server";
import { userAdminRoutes } from "./handlers/user-admin.server";
import { authRoutes } from "./handlers/auth.server";
import { codeRoutes } from "./handlers/code.server";
import { codeAdminRoutes } from "./handlers/code-admin.server";
import { fileGetRoutes, fileRoutes } from "./handlers/file.server";
import { menuRoutes } from "./handlers/menu.server";
import { messageRoutes } from "./handlers/message.server";
import { surveyAnswerRoutes } from "./handlers/survey-answer.server";
import { surveyRoutes } from "./handlers/survey.server";
import { surveyResultRoutes } from "./handlers/survey-result.server";
import { surveySendRoutes } from "./handlers/survey-send.server";
import { jobRoutes } from "./handlers/job.server";
import { evalRoutes } from "./handlers/eval.server";
import { lookupRoutes } from "./handlers/lookup.server";
import { medicalLawGetRoutes, medicalLawRoutes } from "./handlers/medical-law.server";
import { patientSafetyGetRoutes, patientSafetyRoutes } from "./handlers/patient-safety.server";
import { relearningGetRoutes, relearningRoutes } from "./handlers/relearning.server";
import { activityGetRoutes, activityPostRoutes } from "./handlers/activities.server";
import { awardGetRoutes, awardPostRoutes } from "./handlers/awards.server";
import { seminarGetRoutes, seminarPostRoutes } from "./handlers/seminars.server";
import { committeeGetRoutes, committeePostRoutes } from "./handlers/committees.server";
import { spaceGetRoutes, spaceRoutes } from "./handlers/space.server";
import { tutorEvalRoutes } from "./handlers/tutor-eval.server";
import { dataFileGetRoutes, dataFileRoutes } from "./handlers/data-files.server";
import { peopleExcelGetRoutes, peopleExcelRoutes } from "./handlers/people-excel.server";
import { professorRoutes } from "./handlers/professor.server";
import { studentRoutes } from "./handlers/student.server";
import { authenticate } from "./lib/auth.server";
import { createDeps, type AuthInfo, type AuthMode, type Deps, type GetRouteDef, type ReportDeps, type RouteDef } from "./lib/context.server";
import { reportGetRoutes, reportPostDownloadRoutes, reportRoutes } from "./handlers/reports.server";
import { demoSources } from "./reports/demo-source.server";
import { ApiError, HttpError, fail, type Envelope } from "./lib/envelope.server";

/** Request bodies above this size are refused (JSON calls; uploads get their own limits). */
const MAX_JSON_BYTES = 1024 * 1024;

export const ROUTES: readonly RouteDef[] = [
  ...authRoutes,
  ...menuRoutes,
  ...accountRoutes,
  ...userAdminRoutes,
  ...codeRoutes,
  ...codeAdminRoutes,
  ...messageRoutes,
  ...surveyRoutes,
  ...surveyResultRoutes,
  ...surveySendRoutes,
  ...surveyAnswerRoutes,
  ...fileRoutes,
  ...studentRoutes,
  ...professorRoutes,
  ...evalRoutes,
  ...lookupRoutes,
  ...medicalLawRoutes,
  ...patientSafetyRoutes,
  ...peopleExcelRoutes,
  ...agreeRoutes,
  ...editorMediaRoutes,
  ...analysisRoutes,
  ...achievementRoutes,
  ...relearningRoutes,
  ...activityPostRoutes,
  ...awardPostRoutes,
  ...seminarPostRoutes,
  ...committeePostRoutes,
  ...spaceRoutes,
  ...tutorEvalRoutes,
  ...dataFileRoutes,
  ...reportRoutes,
  ...jobRoutes,
];

/** The GET routes (downloads): query parameters instead of a JSON body, a raw Response. */
export const GET_ROUTES: readonly GetRouteDef[] = [...fileGetRoutes, ...peopleExcelGetRoutes, ...editorMediaGetRoutes, ...medicalLawGetRoutes, ...analysisGetRoutes, ...achievementGetRoutes, ...relearningGetRoutes, ...activityGetRoutes, ...awardGetRoutes, ...seminarGetRoutes, ...committeeGetRoutes, ...spaceGetRoutes, ...dataFileGetRoutes, ...patientSafetyGetRoutes, ...reportGetRoutes];

/** POST routes that answer a file (a JSON body in, a raw Response out). */
export const POST_DOWNLOAD_ROUTES: readonly GetRouteDef[] = [...reportPostDownloadRoutes];

type Env = { Variables: { deps: Deps } };

/** Reads the JSON body: empty is {}, anything but a JSON object is a bad request. */
async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new HttpError(413, OWN_MSG.badRequest);
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, OWN_MSG.badRequest);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, OWN_MSG.badRequest);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new HttpError(400, OWN_MSG.badRequest);
  return value as Record<string, unknown>;
}

const isMultipart = (req: Request) => /^multipart\/form-data\b/i.test(req.headers.get("content-type") ?? "");

/** Reads at most `maxBytes` of a request body; more is HTTP 413. */
async function readLimited(req: Request, maxBytes: number): Promise<Uint8Array> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw new HttpError(413, MSG.fileTooLarge);
  if (!req.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, MSG.fileTooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a multipart body: text fields into `body` (a repeated name becomes an array), files into
 * `files` (a file input left empty, with no name and no bytes, is skipped).
 */
async function readMultipartBody(req: Request, maxBytes: number): Promise<{ body: Record<string, unknown>; files: Record<string, File[]> }> {
  const bytes = await readLimited(req, maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": req.headers.get("content-type")! } }).formData();
  } catch {
    throw new HttpError(400, OWN_MSG.badRequest);
  }
  const body: Record<string, unknown> = {};
  const files: Record<string, File[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      const prev = body[name];
      body[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else if (value.name || value.size > 0) {
      (files[name] ??= []).push(value);
    }
  }
  return { body, files };
}

/**
 * The caller of a route by its auth mode; an `admin` route refuses anyone but an administrator
 * (ADR 0040: the one place the backend decides it).
 */
async function callerOf(deps: Deps, req: Request, mode: AuthMode): Promise<AuthInfo | null> {
  if (mode === "none") return null;
  const auth = await authenticate(deps, req, mode === "optional");
  if (mode === "admin" && !auth?.isAdmin) throw new ApiError(fail(403, MSG.menuForbidden));
  return auth;
}

/**
 * CHECK_REPLIES=1 (the contract and end-to-end runs): every successful reply of a defined call is
 * parsed with the reply schema the web tier reads it with (app/calls, ADR 0079), and one it cannot
 * read fails the call loudly instead of reaching a page.
 */
const CHECK_REPLIES = process.env.CHECK_REPLIES === "1";

function checkedReply(route: RouteDef, envelope: Envelope): Envelope {
  if (!CHECK_REPLIES || !route.call || envelope.status !== 200) return envelope;
  const read = route.call.whole ? envelope : envelope.result;
  const parsed = route.call.reply.safeParse(read);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`CHECK_REPLIES: the reply of ${route.path} does not match its definition's reply schema (app/calls): ${issues}`);
  }
  return envelope;
}

export function createEmbeddedApp(db: Db, reports: ReportDeps = { sources: demoSources(), now: () => new Date() }): Hono<Env> {
  const deps = createDeps(db, reports);
  const app = new Hono<Env>();

  for (const route of ROUTES) {
    app.post(route.path, async (c) => {
      const req = c.req.raw;
      const authenticateCaller = () => callerOf(deps, req, route.auth);
      if (route.multipartMaxBytes !== undefined && isMultipart(req)) {
        // Uploads: who is calling is known before megabytes are read.
        const auth = await authenticateCaller();
        const { body, files } = await readMultipartBody(req, route.multipartMaxBytes);
        return c.json(checkedReply(route, await route.handler({ deps, db, body, files, auth, req })), 200);
      }
      const body = await readJsonBody(req);
      const auth: AuthInfo | null = await authenticateCaller();
      const envelope: Envelope = await route.handler({ deps, db, body, files: {}, auth, req });
      return c.json(checkedReply(route, envelope), 200);
    });
  }

  for (const route of GET_ROUTES) {
    app.get(route.path, async (c) => {
      const req = c.req.raw;
      const body: Record<string, unknown> = Object.fromEntries(new URL(req.url).searchParams);
      const auth = await callerOf(deps, req, route.auth);
      return route.handler({ deps, db, body, files: {}, auth, req });
    });
  }

  for (const route of POST_DOWNLOAD_ROUTES) {
    app.post(route.path, async (c) => {
      const req = c.req.raw;
      const body = await readJsonBody(req);
      const auth = await callerOf(deps, req, route.auth);
      return route.handler({ deps, db, body, files: {}, auth, req });
    });
  }

  app.notFound((c) => c.json({ status: 404, message: MSG.notFound }, 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.envelope, 200);
    if (err instanceof HttpError) {
      // 419 is not a registered status code, so build the response by hand.
      return new Response(JSON.stringify({ status: err.httpStatus, message: err.message }), {
        status: err.httpStatus,
        headers: { "content-type": "application/json; charset=UTF-8" },
      });
    }
    // the path without its query, the error without its query parameters (issue 17 "Logs")
    console.error(`[embedded] ${c.req.method} ${c.req.path} failed: ${errorText(err)}`);
    return c.json({ status: 500, message: MSG.genericError }, 500);
  });

  return app;
}
