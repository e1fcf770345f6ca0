/**
 * The previews of stored files (spec 000 §7: GET /view/imgView.do and /view/pdfView.do
 * ?filePath=<folder>/<name>; ADR 0038): resource routes of the same names stream the backend's
 * file inline. A path that could leave the storage (`..`, backslashes, absolute paths, NUL or
 * other control characters) is refused here with 404 before the backend is asked; so is a reply of
 * a type the route does not preview. The reply carries its own policy (server.js leaves these two
 * paths to it, `ownsFramePolicy`): sandboxed, nothing loaded but the file itself, framed only by
 * this site (the data page's preview dialog), never sniffed, never cached.
 *
 * A preview that cannot be shown (a missing file, an unsafe path, a type the route does not
 * preview) answers a small Korean page under the same policy (issue 35 §7: it was a plain-text
 * English 'Not Found'), which the dialog's frame, or the tab it was opened in, shows.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { previewFile } from "~/legacy/endpoints/data-files.server";
import { LegacyError } from "~/legacy/errors";
import type { PreviewKind } from "~/schemas/data-files";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { withUser } from "./context.server";
import { passDownload } from "./download.server";

/** The policy of a preview (Chromium's pdf viewer renders under it too: tests/e2e/data-files.spec.ts). */
export const PREVIEW_POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** true for a relative 'folder/name' path that stays inside the storage */
export function isSafeStoragePath(p: string): boolean {
  if (!p || p.length > 300) return false;
  if (p.startsWith("/") || p.includes("\\") || /[\u0000-\u001f\u007f]/.test(p)) return false;
  return p.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

/** A preview's refusal: a Korean page (the message only), sandboxed like the previews themselves. */
function previewRefusal(message: string, status: number): Response {
  const body = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>미리보기</title></head><body><main><p role="alert">${message}</p></main></body></html>`;
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PREVIEW_POLICY, "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" },
  });
}

/** The types each route previews: images (people's photos too), video and audio; pdf. */
const TYPES: Record<"media" | "pdf", RegExp> = {
  media: /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm)|audio\/(mpeg|wav|mp4|x-m4a))$/,
  pdf: /^application\/pdf$/,
};

export function previewLoader(route: "media" | "pdf") {
  const kind: PreviewKind = route === "pdf" ? "pdf" : "image";
  return (args: LoaderFunctionArgs) =>
    withUser(args, async ({ session }) => {
      const filePath = new URL(args.request.url).searchParams.get("filePath") ?? "";
      if (!isSafeStoragePath(filePath)) throw previewRefusal(OWN_MSG.fileNotFound, 404);
      try {
        const res = await previewFile(session, kind, filePath);
        const type = (res.headers.get("Content-Type") ?? "").split(";")[0].trim();
        if (!TYPES[route].test(type)) throw previewRefusal(MSG.previewUnsupported, 415);
        const out = passDownload(res, filePath.split("/").pop() ?? "file", "inline");
        out.headers.set("Content-Security-Policy", PREVIEW_POLICY);
        return out;
      } catch (e) {
        if (e instanceof LegacyError) throw previewRefusal(OWN_MSG.fileNotFound, 404);
        throw e;
      }
    });
}
