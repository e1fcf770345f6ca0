/**
 * Photos and other stored images (`/view/imgView?filePath=<folder>/<name>`), streamed from the
 * backend's /view/imgView.do. A path that could leave the storage (`..`, backslashes, absolute
 * paths, NUL or other control characters) is refused here with 404 before the backend is asked.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import { legacyDownload } from "~/legacy/gateway.server";
import { withUser } from "~/utils/context.server";
import { passDownload } from "~/utils/download.server";

/** true for a relative 'folder/name' path that stays inside the storage */
export function isSafeStoragePath(p: string): boolean {
  if (!p || p.length > 300) return false;
  if (p.startsWith("/") || p.includes("\\") || /[\u0000-\u001f\u007f]/.test(p)) return false;
  return p.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const filePath = new URL(args.request.url).searchParams.get("filePath") ?? "";
    if (!isSafeStoragePath(filePath)) throw new Response("Not Found", { status: 404 });
    try {
      const res = await legacyDownload("/view/imgView.do", { filePath }, { session });
      const type = res.headers.get("Content-Type") ?? "";
      if (!/^image\/(png|jpeg|gif|webp)$/.test(type.split(";")[0].trim())) throw new Response("Not Found", { status: 404 });
      const out = passDownload(res, filePath.split("/").pop() ?? "image", "inline");
      // a person's photo: personal data, kept in no cache (a shared computer's disk) (issue 17)
      out.headers.set("Cache-Control", "private, no-store");
      return out;
    } catch (e) {
      if (e instanceof LegacyError) throw new Response("Not Found", { status: 404 });
      throw e;
    }
  });
}
