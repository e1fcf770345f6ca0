/** A stored pdf inline: `/view/pdfView.do?filePath=<folder>/<name>` (spec 000 §7), streamed from the backend's /view/pdfView.do (utils/preview.server.ts). */
import { previewLoader } from "~/utils/preview.server";

export const loader = previewLoader("pdf");
