/**
 * Privacy-consent forms (spec 001 §5 "Consent form", §4, §9): one schema per form, shared by the
 * browser (remix-validated-form) and the Remix actions; the embedded backend checks the same rules
 * again. Also the template a new form starts from: the four notices Korean privacy law asks of a
 * consent to collect and use personal information (개인정보 보호법 제15조 제2항): the purpose, the
 * items collected, the retention period, and the right to refuse with its consequences.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";

/** The consent-form list (R10); the other screens lie under it. */
export const LIST_PATH = "/management/privacy";
/** Year lists of the consent screens start in 2025 (spec 001 §9). */
export const AGREE_FIRST_YEAR = 2025;
export const AGREE_TITLE_MAX = 200;
/** The content as posted (HTML); the backend's limit after sanitising is a little lower. */
export const AGREE_CONTENT_MAX = 900_000;
/** Sending-status filter codes (spec 001 §9): 재직, 퇴직 (employment); 재학, 휴학, 졸업 (enrolment). */
export const AGREE_STATUS_CODES = ["0001100001", "0001100003", "0000600001", "0000600002", "0000600005"] as const;
/** Editor images (checked again on the server by content). */
export const AGREE_IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"] as const;
export const AGREE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const AGREE_YN_OPTIONS = [
  { value: "Y", label: "동의" },
  { value: "N", label: "미동의 (비동의·미응답)" },
] as const;

export const US_TY_LABEL: Record<string, string> = { "1": "학생", "2": "교수" };

/**
 * Whether some HTML shows anything: text once tags and entities are gone, or an image. A quick
 * check for the browser; the server decides on the sanitised HTML.
 */
export function htmlHasContent(html: string): boolean {
  if (/<img\s[^>]*src\s*=/i.test(html)) return true;
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/&[a-z0-9#]+;/gi, "x");
  return text.trim().length > 0;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

// ---- editor (R11) ----

export const editSchema = z.object({
  uiaNm: z.preprocess(
    text,
    z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, MSG.agreeTitleRequired).refine((s) => [...s].length <= AGREE_TITLE_MAX, OWN_MSG.agreeTitleTooLong)),
  ),
  uiaContent: z.preprocess(
    text,
    z.string().refine(htmlHasContent, MSG.agreeContentRequired).refine((s) => s.length <= AGREE_CONTENT_MAX, OWN_MSG.agreeContentTooLong),
  ),
  usyn: z.preprocess((v) => (v === "N" ? "N" : "Y"), z.enum(["Y", "N"])),
});
export const editOrder = ["uiaNm", "uiaContent", "usyn"] as const;
export type EditData = z.infer<typeof editSchema>;

// ---- list actions (R10) ----

const seqText = z.preprocess(text, z.string().regex(/^[1-9][0-9]{0,9}$/, OWN_MSG.badRequest).transform(Number));
export const rowActionSchema = z.object({ uiaSeq: seqText });

// ---- sending (R12) ----

const stringList = z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()));
const seqList = stringList.pipe(z.array(z.string().regex(/^[1-9][0-9]{0,9}$/, OWN_MSG.badRequest).transform(Number)).max(5000, OWN_MSG.badRequest));

/**
 * Send or resend: the ticked people (`selected`), or a whole group (`groupAll` N = every unsent
 * person under the current filters, Y = every sent one), which is how 'select all' works without
 * JavaScript.
 */
export const sendSchema = z
  .object({
    selected: seqList,
    groupAll: stringList.pipe(z.array(z.enum(["Y", "N"]))),
  })
  .refine((v) => v.selected.length > 0 || v.groupAll.length > 0, { message: MSG.agreeSelectUser, path: ["selected"] });
export const sendOrder = ["selected"] as const;

/** Add recipients: the people ticked in the dialog, from the records of `year`. */
export const addUsersSchema = z.object({
  users: seqList.refine((l) => l.length > 0, MSG.agreeSelectUser),
  year: z.preprocess(text, z.string().regex(/^[0-9]{4}$/, OWN_MSG.badRequest).transform(Number)),
});
export const addUsersOrder = ["users"] as const;

// ---- the public consent page (R14) ----

export const agreeSchema = z.object({
  agreeYn: z.preprocess(text, z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.agreeChoiceRequired }) })),
  ver: z.preprocess((v) => (typeof v === "string" && /^[1-9][0-9]{0,5}$/.test(v) ? Number(v) : undefined), z.number().optional()),
});
export const agreeOrder = ["agreeYn"] as const;

// ---- the template of a new form ----

export const AGREE_TEMPLATE_TITLE = "개인정보 수집·이용 동의서";

/**
 * The four notices of a consent to collect and use personal information, for the author to adapt.
 * Plain HTML the sanitiser keeps (headings, paragraphs, a table, lists).
 */
export const AGREE_TEMPLATE_HTML = `<p>○○의과대학은 「개인정보 보호법」 제15조 및 제22조에 따라 아래와 같이 개인정보를 수집·이용하고자 합니다. 내용을 자세히 읽으신 후 동의 여부를 결정하여 주십시오.</p>
<h3>1. 개인정보의 수집·이용 목적</h3>
<p>교육평가 및 의학교육 인증 평가 자료의 작성·관리, 교육과정 개선을 위한 통계 분석</p>
<h3>2. 수집하는 개인정보의 항목</h3>
<p>필수항목: 성명, 학번(사번), 소속(학년), 학적(재직) 상태, 연락처, 이메일</p>
<h3>3. 개인정보의 보유 및 이용 기간</h3>
<p>수집·이용 동의일로부터 <strong>졸업(퇴직) 후 5년</strong>까지 보유·이용하며, 기간이 지나거나 목적이 달성되면 지체 없이 파기합니다.</p>
<h3>4. 동의를 거부할 권리 및 동의 거부 시 불이익</h3>
<p>귀하는 개인정보 수집·이용에 대한 동의를 거부할 권리가 있습니다. 다만, 동의를 거부하실 경우 교육평가 자료 작성 및 관련 통계에서 제외될 수 있습니다.</p>`;

/** The consent-form editor's form id (its messages show in the form, not on the page). */
export const EDITOR_FORM_ID = "agree-editor";
