/**
 * P06 data list pages (menu type DATA; spec 000 §2 "Data list page", §3 "File", §5 "File upload",
 * §7 "Files", §8, §9): the paths and the file dialog's one definition (the calls: app/calls/file.ts). The same rules
 * run in the browser (before the upload), in the Remix action and in the embedded backend's
 * insertFiles.do, so the messages are the same everywhere.
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { FILES } from "~/calls/file";

/** `/data/{menuSeq}` (SCREENS.md P06). */
export const DATA_PATH = "/data";
export const dataPath = (menuSeq: number) => `${DATA_PATH}/${menuSeq}`;

/** spec 000 §5: the nine extensions a data file may have. */
export const DATA_FILE_EXTENSIONS = ["pptx", "pdf", "xlsx", "xls", "hwp", "docx", "jpg", "jpeg", "png"] as const;
/** spec 000 §9: 10 MB a file. */
export const DATA_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** spec 000 §9: at most 5 keywords. */
export const DATA_MAX_KEYWORDS = 5;
/** Ours: the files one post may carry (the upload paths' body limit, docs/decisions/0027). */
export const DATA_MAX_FILES = 5;
/** spec 000 §9: the file dialog's years start at 2024. */
export const DATA_FILE_FIRST_YEAR = 2024;
export const DATA_ACCEPT = DATA_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

/** The field names of the file dialog. */
export const DATA_FILE_FIELD = "file";
export const dataFileOrder: readonly string[] = ["year", DATA_FILE_FIELD, "keyword"];

/** The lower-case extension of a file name ('pdf'), or ''. */
export const fileExtension = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? "").toLowerCase();

/** The keywords of the comma-separated text: trimmed, empty ones dropped. */
export const keywordsOf = (text: string) =>
  text
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);

/** The stored form of the keywords: joined by ', '. */
export const keywordText = (text: string) => keywordsOf(text).join(", ");

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(max)).transform((s) => s.trim());

/** The chosen files of a posted value: File objects (a browser's FormData, a parsed multipart post) that are not empty. */
const chosenFiles = (v: unknown): File[] =>
  (Array.isArray(v) ? v : [v]).filter((f): f is File => typeof f === "object" && f !== null && "size" in f && "name" in f && (f as File).size > 0);

/**
 * The dialog's form; `current` is this year (Seoul). `withFiles`: the chosen files are checked too
 * (the browser and the Remix action; the backend checks its multipart files itself, with their
 * signatures): insert needs one ('파일을 추가해주세요.'), each of the nine extensions, at most 10 MB.
 */
export const dataFileSchemaOf = (current: number, withFiles = false) =>
  z
    .object({
      /** the file being edited (empty when adding) */
      seq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
      year: text(10),
      keyword: text(2000),
      [DATA_FILE_FIELD]: z.unknown().optional(),
    })
    .superRefine((d, ctx) => {
      const at = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (!/^[0-9]{4}$/.test(d.year) || Number(d.year) < DATA_FILE_FIRST_YEAR || Number(d.year) > current) at("year", MSG.yearRequired);
      const files = withFiles ? filesProblem(chosenFiles(d[DATA_FILE_FIELD]), d.seq === "") : null;
      if (files) at(DATA_FILE_FIELD, files);
      if (keywordsOf(d.keyword).length > DATA_MAX_KEYWORDS) at("keyword", MSG.dataKeywordMax);
      else if (keywordText(d.keyword).length > 500) at("keyword", OWN_MSG.dataKeywordTooLong);
    });

export type DataFileForm = z.output<ReturnType<typeof dataFileSchemaOf>>;

/**
 * The chosen files' refusal by name and size (the server checks the content signature too), or
 * null: none when one is needed ('파일을 추가해주세요.'), more than a post carries, an extension
 * outside the nine ('등록 가능한 파일이 아닙니다.'), over 10 MB ('파일당 최대 10MB까지 등록가능합니다.').
 */
export function filesProblem(files: readonly { name: string; size: number }[], required: boolean): string | null {
  if (files.length === 0) return required ? MSG.dataFileRequired : null;
  if (files.length > DATA_MAX_FILES) return OWN_MSG.dataTooManyFiles;
  for (const f of files) if (!(DATA_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(f.name))) return MSG.activityFileType;
  for (const f of files) if (f.size > DATA_FILE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}

/** A file as the list call answers it (spec 000 §3 "File"). */
export interface WireDataFile {
  seq: number;
  orn: string;
  flnm: string;
  rovl: string;
  fnen: string;
  flsz: number;
  keyword: string;
  year: number;
  userNm: string;
  regDt: string | null;
}

/** What a preview shows: spec 000 §2 "image, video, pdf and audio"; anything else is refused. */
export type PreviewKind = "image" | "pdf" | "video" | "audio";
const PREVIEW_OF: Record<string, PreviewKind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  gif: "image",
  webp: "image",
  pdf: "pdf",
  mp4: "video",
  webm: "video",
  mp3: "audio",
  wav: "audio",
  m4a: "audio",
};
export const previewKind = (fnen: string): PreviewKind | null => PREVIEW_OF[fnen.toLowerCase()] ?? null;

/** The preview's resource route (spec 000 §7: pdf through pdfView.do, the rest through imgView.do). */
export const previewHref = (kind: PreviewKind, file: { rovl: string; flnm: string }) =>
  `${kind === "pdf" ? FILES.pdfView.path : FILES.imgView.path}?filePath=${encodeURIComponent(`${file.rovl}/${file.flnm}`)}`;

/** A file size for people: '512 B', '12.3 KB', '4.5 MB'. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
