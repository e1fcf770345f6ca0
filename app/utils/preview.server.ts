/**
 * The previews of stored files (spec 000 §7: GET /view/imgView.do and /view/pdfView.do
 * ?filePath=<folder>/<name>; ADR 0038): resource routes of the same names stream the backend's
 * file inline. A path that could leave the storage (`..`, backslashes, absolute paths, NUL or
 * other control characters) is refused here with 404 before the backend is asked; so is a reply of
 * a type the route does not preview. The reply carries its own policy (server.js leaves these two
 * paths to it, `ownsFramePolicy`): sandboxed, nothing loaded but the file itself, framed only by
 * this site (the data page's preview dialog), never sniffed, never cached.
 *
 * Which file a user may preview is the backend's to decide (issue 37 item 2, ADR 0064): the file
 * must belong to a live record the user may see (the embedded backend: a data page's file on a menu
 * of the user's list, a person's photo with that people page in the list). Every refusal, a path
 * that is not there, a deleted file and a file of a record the user may not see alike, is the same
 * 404 with a plain Korean page (it says neither which nor why: a guessed path learns nothing).
 * A type the route does not preview answers a small Korean page too (415; issue 35 §7: these were a
 * plain-text English 'Not Found').
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { previewFile } from "~/legacy/endpoints/data-files.server";
import { LegacyError } from "~/legacy/errors";
import type { PreviewKind } from "~/routes/_app.data.$menuSeq+/__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { withUser } from "./context.server";
import { passDownload } from "./download.server";
import { plainPage } from "./malformed-path.server";

/** The policy of a preview (Chromium's pdf viewer renders under it too: tests/e2e/data-files.spec.ts). */
export const PREVIEW_POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** true for a relative 'folder/name' path that stays inside the storage */
export function isSafeStoragePath(p: string): boolean {
  if (!p || p.length > 300) return false;
  if (p.startsWith("/") || p.includes("\\") || /[\u0000-\u001f\u007f]/.test(p)) return false;
  return p.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

/** A preview's refusal: a plain Korean page under the preview's own policy, never cached. */
function previewRefusal(message: string, status: number): Response {
  return new Response(plainPage(OWN_MSG.fileNotFound, message), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PREVIEW_POLICY, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** The types each route previews: images (people's photos too), video and audio; pdf. */
const TYPES: Record<"media" | "pdf", RegExp> = {
  media: /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm)|audio\/(mpeg|wav|mp4|x-m4a))$/,
  pdf: /^application\/pdf$/,
};

/** The 404 of a preview: the same for a missing file and one the user may not see. */
export function previewNotFound(): Response {
  return previewRefusal(OWN_MSG.previewNotFound, 404);
}

export function previewLoader(route: "media" | "pdf") {
  const kind: PreviewKind = route === "pdf" ? "pdf" : "image";
  return (args: LoaderFunctionArgs) =>
    withUser(args, async ({ session }) => {
      const filePath = new URL(args.request.url).searchParams.get("filePath") ?? "";
      if (!isSafeStoragePath(filePath)) throw previewNotFound();
      try {
        const res = await previewFile(session, kind, filePath);
        const type = (res.headers.get("Content-Type") ?? "").split(";")[0].trim();
        if (!TYPES[route].test(type)) throw previewRefusal(MSG.previewUnsupported, 415);
        const out = passDownload(res, filePath.split("/").pop() ?? "file", "inline");
        out.headers.set("Content-Security-Policy", PREVIEW_POLICY);
        return out;
      } catch (e) {
        if (e instanceof LegacyError) throw previewNotFound();
        throw e;
      }
    });
}
