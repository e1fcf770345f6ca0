/** The consent editor's images (spec 000 §7 "Files": froala/mediaUpload.do; mediaView.do, which shows them, is ours). */
import { z } from "zod";
import { obj } from "~/legacy/wire";
import { defineCall } from "./define";

export const EDITOR_MEDIA = {
  /** multipart: file (one image); answers the link to put in the content */
  upload: defineCall("/api/comm/froala/mediaUpload.do", { spec: "spec 000 §7", kind: "upload", request: z.object({ file: z.unknown() }), reply: obj({ link: z.string().min(1) }) }),
  /** public (the consent page shows the images): an image by its stored name */
  view: defineCall("/api/comm/froala/mediaView.do", { spec: null, kind: "download", request: z.object({ flnm: z.string() }) }),
} as const;
