/**
 * The previews of stored files (spec 000 §7: GET /view/imgView.do and /view/pdfView.do
 * ?filePath=<folder>/<name>; ADR 0038): resource routes of the same names stream the backend's
 * file inline. A path that could leave the storage (`..`, backslashes, absolute paths, NUL or
 * other control characters) is refused here with 404 before the backend is asked; so is a reply of
 * a type the route does not preview. The reply carries its own policy (server.js leaves these two
 * paths to it, `ownsFramePolicy`): sandboxed, nothing loaded but the file itself, framed only by
 * this site (the data page's preview dialog), never sniffed, never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { previewFile } from "~/legacy/endpoints/data-files.server";
import { LegacyError } from "~/legacy/errors";
import type { PreviewKind } from "~/schemas/data-files";
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
      if (!isSafeStoragePath(filePath)) throw new Response("Not Found", { status: 404 });
      try {
        const res = await previewFile(session, kind, filePath);
        const type = (res.headers.get("Content-Type") ?? "").split(";")[0].trim();
        if (!TYPES[route].test(type)) throw new Response("Not Found", { status: 404 });
        const out = passDownload(res, filePath.split("/").pop() ?? "file", "inline");
        out.headers.set("Content-Security-Policy", PREVIEW_POLICY);
        return out;
      } catch (e) {
        if (e instanceof LegacyError) throw new Response("Not Found", { status: 404 });
        throw e;
      }
    });
}
