/**
 * R06 education achievement score (spec 001 §7; docs/contract.md "Education achievement score"):
 * the chart, a year's score, its save, the upload and the download (the template is a resource
 * file: /api/resourceFileDownload.do).
 *
 * Only this screen makes these calls, so they are defined in its folder (ADR 0081). The embedded
 * backend's handler (app/embedded/handlers/achievement.server.ts) imports them from here too. Like
 * app/calls/*, this module imports zod, ~/calls/define and the wire primitives only.
 */
import { z } from "zod";
import { list, messageReply, num, numOrNull, obj, evalRow, replyColumns, key, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields } from "~/calls/define";

export const wireAchievementPoint = obj({ year: num, basic: numOrNull, clinical: numOrNull });
export type WireAchievementPoint = z.infer<typeof wireAchievementPoint>;

export const wireArchive = obj({ year: num, dept: key, score: num, regDt: text, uptDt: text });

export const ACHIEVEMENT = {
  /** the chart's points (one per year with a score); with evaluation params also the configured rows and columns */
  chart: defineCall("/api/professor/getArchiveChart.do", {
    spec: "spec 001 §7",
    request: z.object({ ...evalFields, year: z.number().optional() }),
    reply: obj({ chartData: list(wireAchievementPoint), list: list(evalRow).optional(), columns: replyColumns }),
  }),
  /** the score of a year and department (null when none was entered) */
  detail: defineCall("/api/professor/archiveDetail.do", { spec: "spec 001 §7", request: z.object({ year: z.number(), dept: z.string() }), reply: obj({ archive: wireArchive.nullable() }) }),
  /** enters (or replaces) the score of a year and department */
  save: defineCall("/api/professor/editArchive.do", { spec: "spec 001 §7", request: z.object({ year: z.number(), dept: z.string(), score: z.number() }), reply: messageReply, whole: true }),
  upload: defineCall("/api/professor/archiveExcelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ file: z.unknown() }), reply: uploadReply, whole: true }),
  /** every score (up to `year` in evaluation mode, with its configured columns) */
  download: defineCall("/api/professor/archiveExcelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ year: z.number().optional(), ...evalFields }) }),
} as const;
