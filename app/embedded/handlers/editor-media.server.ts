/**
 * The consent editor's images (/api/comm/froala/mediaUpload.do, and the public mediaView.do that the
 * consent page shows them with): png, jpg, gif or webp, checked by name and by content, at most 10 MB,
 * kept in the file storage under their own kind (`editor`).
 */
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { EDITOR_MEDIA } from "../../calls/editor-media";
import { HttpError, fail, ok } from "../lib/envelope.server";
import { extensionOf } from "../lib/storage.server";

/** Editor images: these types, checked by name and by content, at most 10 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_ROVL = "editor";

const IMAGE_TYPES: Record<string, { mime: string; test: (b: Uint8Array) => boolean }> = {
  ".png": { mime: "image/png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x) },
  ".jpg": { mime: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  ".jpeg": { mime: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  ".gif": { mime: "image/gif", test: (b) => String.fromCharCode(...b.slice(0, 6)) === "GIF87a" || String.fromCharCode(...b.slice(0, 6)) === "GIF89a" },
  ".webp": { mime: "image/webp", test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP" },
};
export const MEDIA_EXTENSIONS = Object.keys(IMAGE_TYPES).map((e) => e.slice(1));

/** The public path of an editor image (mediaView.do). */
export const mediaViewPath = (flnm: string) => `${EDITOR_MEDIA.view.path}?flnm=${encodeURIComponent(flnm)}`;

/**
 * One image (field `file`, as the Froala editor sends it; `image` and `upload` are accepted):
 * png, jpg, gif or webp by name and by content, at most 10 MB. Answers `link` (also at the top
 * level of the envelope, where Froala reads it).
 */
async function mediaUpload(ctx: CallContext) {
  requireAuth(ctx);
  const all = ["file", "image", "upload"].flatMap((n) => ctx.files[n] ?? []);
  if (all.length === 0) return fail(400, OWN_MSG.fileRequired);
  if (all.length > 1) return fail(400, MSG.oneFileOnly);
  const file = all[0];
  const ext = extensionOf(file.name);
  const type = IMAGE_TYPES[ext];
  if (!type) return fail(400, OWN_MSG.imageOnly);
  if (file.size > MEDIA_MAX_BYTES) return fail(400, MSG.fileTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!type.test(bytes)) return fail(400, OWN_MSG.imageOnly);
  const { flnm } = await ctx.deps.storage.put(bytes, { orn: file.name, mime: type.mime, rovl: MEDIA_ROVL });
  const link = mediaViewPath(flnm);
  return { ...ok({ link, flnm }), link };
}

/** GET ?flnm: an editor image, public (the consent page shows them to people without accounts). */
async function mediaView(ctx: CallContext): Promise<Response> {
  const flnm = typeof ctx.body.flnm === "string" ? ctx.body.flnm : "";
  const ext = extensionOf(flnm);
  if (!/^[A-Za-z0-9-]{1,80}\.[a-z]{3,4}$/.test(flnm) || !IMAGE_TYPES[ext]) throw new HttpError(404, OWN_MSG.fileNotFound);
  const file = await ctx.deps.storage.get(MEDIA_ROVL, flnm);
  if (!file || !file.mime.startsWith("image/")) throw new HttpError(404, OWN_MSG.fileNotFound);
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "content-type": file.mime,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": "inline",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      // names are random and never reused
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}

export const editorMediaRoutes: RouteDef[] = [
  route(EDITOR_MEDIA.upload, "required", mediaUpload, { multipartMaxBytes: MEDIA_MAX_BYTES + 64 * 1024 }),
];

export const editorMediaGetRoutes: GetRouteDef[] = [getRoute(EDITOR_MEDIA.view, "none", mediaView)];
