/** The user manual (PDF) linked from the dashboard, streamed from the backend's files. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadManual } from "~/legacy/endpoints/file.server";
import { withUser } from "~/utils/context.server";
import { passDownload } from "~/utils/download.server";

export const MANUAL_NAME = "교육평가 자료관리 사용자 매뉴얼.pdf";

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    return passDownload(await downloadManual(session), MANUAL_NAME, "inline");
  });
}
