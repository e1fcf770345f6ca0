/**
 * File downloads from the storage (lib/storage.server.ts): GET /api/fileDownload.do
 * ?fileFlnm&fileRovl&fileOrn, GET /api/manualDownload.do (the user manual) and POST
 * /api/manualInfo.do (where the manual is, for a fileDownload.do link). Keys are checked before
 * anything is looked up; a bad or unknown key is HTTP 404 with the JSON envelope. Nothing here
 * reads the file system.
 */
import { OWN_MSG } from "../../schemas/messages.ko";
import { requireAuth, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { HttpError, fail, ok } from "../lib/envelope.server";
import { MANUAL_ROVL } from "../db/seed-data";
import { cleanOriginalName, latestIn, type StoredFile } from "../lib/storage.server";

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

export const fileRoutes: RouteDef[] = [{ path: "/api/manualInfo.do", auth: "required", handler: manualInfo }];

export const fileGetRoutes: GetRouteDef[] = [
  { path: "/api/fileDownload.do", auth: "required", handler: fileDownload },
  { path: "/api/manualDownload.do", auth: "required", handler: manualDownload },
];
