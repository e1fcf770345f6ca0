/**
 * Consent HTML as it may be shown, on the server. Two screens render it: the staff preview
 * (R13, `_app.management.privacy+/preview.$uiaSeq.tsx`) and the public consent page
 * (`send.privacyAgree.$uiaSeq.$usSeq.tsx`), which is outside the staff frame and so outside that
 * folder; the one sanitiser they share stays here, beside both.
 */
import { sanitizeRichHtml } from "~/utils/sanitize.server";

/** Sanitised again (a real legacy server may store anything), only the product's own editor images. */
export const renderableHtml = (html: string) => sanitizeRichHtml(html, { allowDataImages: true, images: "media" });
