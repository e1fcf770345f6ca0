/**
 * The editor's image upload for scripts (RichTextField with JavaScript, and the tiptap editor):
 * multipart `file` + `_csrf`, checked here by extension, size and signature and again by the
 * backend (/api/comm/froala/mediaUpload.do). Answers JSON {link} or {error} (a Korean message).
 * Signed-in users with the consent-form menu only (the route guard of withUser).
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { AGREE_IMAGE_MAX_BYTES } from "~/schemas/privacy";
import { withUser } from "~/utils/context.server";
import { readMultipartForm } from "~/utils/upload.server";
import { postedImage } from "./__loader.server";
import { orLegacy } from "~/utils/legacy-errors.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action(args: ActionFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const form = await readMultipartForm(args.request, session, AGREE_IMAGE_MAX_BYTES, 1);
    const image = await postedImage(form, "file");
    if (!image) return json({ error: OWN_MSG.fileRequired }, { status: 400 });
    if ("message" in image) return json({ error: image.message }, { status: 400 });
    // the editor's image upload reads `error`, not the form's `alert`
    return orLegacy(async () => json({ link: await privacyApi.uploadImage(session, image.file) }), (error) => json({ error }, { status: 400 }));
  });
}
