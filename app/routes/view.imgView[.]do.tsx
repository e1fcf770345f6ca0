/**
 * Stored images (people's photos, data files), video and audio inline: `/view/imgView.do?filePath=<folder>/<name>`
 * (spec 000 §7), streamed from the backend's /view/imgView.do (utils/preview.server.ts).
 */
import { previewLoader } from "~/utils/preview.server";

export const loader = previewLoader("media");
