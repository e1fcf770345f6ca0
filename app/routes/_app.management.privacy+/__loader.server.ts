/**
 * What the consent-form routes (R10-R14) share on the server: the year list, reading a uiaSeq
 * from the URL, the editor's action (save, and the image upload that works without JavaScript)
 * and the image checks. The HTML sanitising before rendering is `sanitizeConsentHtml` (`utils/sanitize.server.ts`):
 * the public consent page renders with it too.
 */
import { audit, fieldsText } from "~/utils/audit.server";
import { json, redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { AGREE_IMAGE_EXTENSIONS, LIST_PATH, AGREE_IMAGE_MAX_BYTES, EDITOR_FORM_ID, editOrder, editSchema } from "~/schemas/privacy";
import type { Session } from "~/utils/session.server";
import { formFailure, formValues, validateForm, type FormReply } from "~/utils/form.server";
import { readMultipartForm } from "~/utils/upload.server";
import { deleteIntent, listAction, rowIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { listYears, readText } from "~/utils/list-url";
import { orLegacy, orMarkedFailure } from "~/utils/legacy-errors.server";

export { LIST_PATH };

/** 2025 … the current year, newest first (spec 001 §9). */
export const agreeYears = () => listYears();

// ---- the list (R10) ----

/** The list: year and title filters, 20 rows a page (spec 001 §9), the delete question from the list's rows. */
export const privacyListLoader = listLoader({
  key: "uiaSeq",
  filter: (url) => ({ value: readText(url) }),
  sortable: ["uiaNm", "usyn", "regDt"],
  list: (ctx, { year, filter, query }) => privacyApi.listForms(ctx.session, { year, value: filter.value, ...query }),
});

/** Copy ('복사 되었습니다.') and delete after the question ('삭제되었습니다.' / '삭제 실패하였습니다.'). */
export const privacyListAction = listAction({
  intents: {
    copy: rowIntent({
      key: "uiaSeq",
      run: async (session, seq) => {
        await privacyApi.copyForm(session, seq);
        return { text: MSG.copied, kind: "info" };
      },
    }),
    delete: deleteIntent({ key: "uiaSeq", remove: privacyApi.deleteForm, done: MSG.agreeDeleted }),
  },
});

/** A uiaSeq route parameter, or a 404. */
export function seqParam(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new Response("Not Found", { status: 404 });
  return Number(value);
}

// ---- images ----

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const SIGNATURE: Record<string, (b: Uint8Array) => boolean> = {
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]),
  webp: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8),
};

/** The posted image under `name`: null when none was chosen, else the file or the refusal's message. */
export async function postedImage(form: FormData, name = "image"): Promise<null | { file: File } | { message: string }> {
  const files = form.getAll(name).filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
  if (files.length === 0) return null;
  if (files.length > 1) return { message: MSG.oneFileOnly };
  const file = files[0];
  const ext = file.name.includes(".") ? file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase() : "";
  if (!(AGREE_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return { message: OWN_MSG.imageOnly };
  if (file.size > AGREE_IMAGE_MAX_BYTES) return { message: MSG.fileTooLarge };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!SIGNATURE[ext](head)) return { message: OWN_MSG.imageOnly };
  return { file };
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML an uploaded image adds at the end of the content. */
export const imageHtml = (link: string, alt: string) => `<p><img src="${escapeAttr(link)}" alt="${escapeAttr(alt.trim().slice(0, 200))}"></p>`;

// ---- the editor's action (R11) ----

const editValidator = withZod(editSchema);
/** The save's rule messages (the server re-checks them) and the field each marks. */
const SAVE_FIELDS: Readonly<Record<string, string>> = {
  [MSG.agreeTitleRequired]: "uiaNm",
  [OWN_MSG.agreeTitleTooLong]: "uiaNm",
  [MSG.agreeContentRequired]: "uiaContent",
  [OWN_MSG.agreeContentTooLong]: "uiaContent",
};

/**
 * intent=image uploads the chosen image and puts it at the end of the content, then shows the
 * form again (every value kept); intent=save (the default) also takes a chosen image along, then
 * saves and goes back to the list with '등록되었습니다.' / '수정되었습니다.'.
 */
export async function editorAction(request: Request, session: Session, uiaSeq: number | undefined): Promise<Response> {
  const form = await readMultipartForm(request, session, AGREE_IMAGE_MAX_BYTES, 1);
  const intent = String(form.get("intent") ?? "save");

  const image = await postedImage(form);
  if (image && "message" in image) return formFailure(form, image.message, { image: image.message });
  if (image) {
    const link = await orLegacy(
      () => privacyApi.uploadImage(session, image.file),
      (message) => formFailure(form, message, { image: message }),
    );
    if (typeof link !== "string") return link;
    form.set("uiaContent", `${String(form.get("uiaContent") ?? "").trimEnd()}\n${imageHtml(link, String(form.get("imageAlt") ?? ""))}`);
    form.delete("image");
    form.set("imageAlt", "");
    if (intent === "image") {
      const reply: FormReply = { fieldErrors: {}, repopulateFields: formValues(form), alert: OWN_MSG.agreeImageAdded, kind: "info", formId: EDITOR_FORM_ID };
      return json(reply);
    }
  } else if (intent === "image") {
    return formFailure(form, OWN_MSG.fileRequired, { image: OWN_MSG.fileRequired });
  }

  const v = await validateForm(editValidator, form, editOrder);
  if (!v.ok) return v.response;
  // the server's rule messages mark their field
  return orMarkedFailure(form, SAVE_FIELDS, async () => {
    await privacyApi.saveForm(session, { uiaSeq, ...v.data });
    // the audit log (ADR 0028): an administrator's change of a consent form (its title and state; the body is not personal data and may be long)
    await audit(
      { userId: session.user?.userId },
      { action: "admin", target: `/management/privacy${uiaSeq ? `/edit/${uiaSeq}` : "/add"}`, detail: fieldsText({ title: v.data.uiaNm, usyn: v.data.usyn }) },
    );
    session.flash(uiaSeq ? MSG.updated : MSG.created, "info");
    return redirect(LIST_PATH);
  });
}
