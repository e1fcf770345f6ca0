/**
 * Editor images (uploaded through /api/comm/froala/mediaUpload.do), public because the consent
 * page shows them to people without accounts. Only a generated name is accepted (no folders, no
 * path tricks); the bytes come from the backend's storage with an image type, and are answered
 * with nosniff and a sandboxing CSP.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { orLegacy } from "~/utils/legacy-errors.server";

const NAME = /^[A-Za-z0-9-]{1,80}\.(png|jpe?g|gif|webp)$/;

export async function loader({ params }: LoaderFunctionArgs) {
  const flnm = params.flnm ?? "";
  if (!NAME.test(flnm)) throw new Response("Not Found", { status: 404 });
  // a public image outside withSession: whatever the server refuses is just not found
  const res = await orLegacy(
    () => privacyApi.imageDownload(flnm),
    () => {
      throw new Response("Not Found", { status: 404 });
    },
  );
  const type = res.headers.get("Content-Type") ?? "";
  if (!/^image\/(png|jpeg|gif|webp)$/.test(type)) {
    await res.body?.cancel();
    throw new Response("Not Found", { status: 404 });
  }
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": "inline",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  const length = res.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(res.body, { status: 200, headers });
}
