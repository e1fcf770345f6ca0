/**
 * The audit log's one place for what no route records itself (issue 37 item 3, ADR 0067): the
 * gateway hands every `.do` call it makes here, and the calls of this table are written with who
 * and from where (the request's scope), what (the call and its masked parameters) and how it
 * ended. Whatever route makes them, on either backend:
 *
 * - **imports**: every Excel upload (students, professors, tutors, exam analysis, achievement and
 *   the rest): the file's size and the counts, never its bytes or its name;
 * - **personal-data reads**: the lists and details of people (students, professors, tutors, user
 *   accounts, committee members) and the recipient lists of surveys and consent forms, once per
 *   call and request;
 * - **exports the Excel toolbar does not make**: the survey answers workbook (respondents' names);
 * - **account recovery**: find-password (and the reset code it issues) and the reset's change with
 *   the code, succeeded or refused; the profile's own password change.
 *
 * Record changes and deletes, the toolbar's downloads, sign-in, link sends and administration are
 * recorded where they happen with what changed (ADR 0028); they are not in this table, so nothing
 * is written twice.
 */
import { ACCOUNT } from "~/calls/account";
import { AGREE } from "~/calls/agree";
import { COMMITTEES } from "~/calls/committees";
import { PROFESSOR, STUDENT, TUTOR } from "~/calls/people";
import { SURVEY } from "~/calls/survey";
import { TUTOR_EVAL } from "~/calls/tutor-eval";
import { USER_ADMIN } from "~/calls/user-admin";
import { LegacyError } from "~/legacy/errors";
import { audit, auditScope, fieldsText, type AuditAction } from "./audit.server";

interface CallKind {
  action: AuditAction;
  /** a write the route records when it succeeds: only its failure is written here */
  failuresOnly?: boolean;
  /** what the row says the call was */
  what: string;
  /** the reply's part of the detail (counts, whether a code went out) */
  reply?: (result: unknown) => { detail?: string; failed?: boolean };
}

const read = (what: string): CallKind => ({ action: "personalRead", what });

const counts = (result: unknown) => {
  const r = (result ?? {}) as { successCount?: number; faildCount?: number; result?: { successCount?: number; faildCount?: number } };
  const success = r.successCount ?? r.result?.successCount;
  const failed = r.faildCount ?? r.result?.faildCount;
  return { detail: success === undefined ? "" : `success=${success}, failed=${failed ?? 0}` };
};

const AUDITED_CALLS: Record<string, CallKind> = {
  [STUDENT.list.path]: read("학생 목록"),
  [STUDENT.detail.path]: read("학생 상세"),
  [PROFESSOR.list.path]: read("교수 목록"),
  [PROFESSOR.detail.path]: read("교수 상세"),
  [TUTOR.list.path]: read("튜터 목록"),
  [TUTOR_EVAL.list.path]: read("튜터 목록"),
  [USER_ADMIN.list.path]: read("사용자 목록"),
  [ACCOUNT.getUser.path]: read("사용자 상세"),
  [COMMITTEES.userList.path]: read("위원 목록"),
  [SURVEY.recipients.path]: read("설문 발송 대상"),
  [AGREE.recipients.path]: read("동의서 발송 대상"),
  [AGREE.people.path]: read("발송 대상 추가 목록"),
  [SURVEY.answers.path]: { action: "excelDownload", what: "설문 응답 (응답자 이름 포함)" },
  [ACCOUNT.find.path]: {
    action: "accountRecovery",
    what: "비밀번호 찾기",
    reply: (result) => {
      const info = (result as { findInfo?: { codeSent?: string } | null } | null)?.findInfo;
      if (!info) return { detail: "일치하는 사용자 없음", failed: true };
      return { detail: info.codeSent ? `재설정 코드 발송(${info.codeSent})` : "사용자 확인" };
    },
  },
  [ACCOUNT.changePwd.path]: { action: "accountRecovery", what: "비밀번호 재설정" },
  [ACCOUNT.changeMyPwd.path]: { action: "recordChange", what: "내 비밀번호 변경" },
};

/** Every Excel upload of the contract, whatever its screen (`…excelUpload.do`, `…ExcelUpload.do`, `/api/survey/addUsers`-like names excluded). */
const UPLOAD = /^\/api\/[A-Za-z/]+[eE]xcelUpload(\.do)?$/;

/**
 * A staff write (create, change, delete, send): the route records it with what changed when it
 * succeeds (ADR 0028); a refused one is written here with the server's message. The public answer
 * calls, sign-in and sign-out are not staff writes.
 */
const WRITE = /\/(insert|save|edit|update|delete|del[A-Z]|copy|add|approv|change|send|link|term\/(insert|copy|delete)|user\/(insert|delete))[A-Za-z]*(\.do)?$/;
const NOT_STAFF = /^\/api\/(survey\/ask\/|agree\/submitAgree|login|auth\/|loginpass\/insertUserInfo)/;

/** The table's entry for a call, or undefined when the call is recorded elsewhere (or is no one's business). */
export function auditedCall(path: string): CallKind | undefined {
  if (Object.hasOwn(AUDITED_CALLS, path)) return AUDITED_CALLS[path];
  if (UPLOAD.test(path)) return { action: "excelUpload", what: "엑셀 업로드", reply: counts };
  if (WRITE.test(path) && !NOT_STAFF.test(path)) return { action: /\/(delete|del[A-Z])/.test(path) ? "recordDelete" : "recordChange", what: "저장 실패", failuresOnly: true };
  return undefined;
}

/** A call's parameters as a row may hold them: masked, secrets and files left out; a file as its size. */
function paramsText(body: unknown): string {
  if (body instanceof FormData) {
    const fields: Record<string, unknown> = {};
    let size = 0;
    for (const [k, v] of body.entries()) {
      if (typeof v === "string") fields[k] = v;
      else size += v.size;
    }
    return [size ? `size=${size}` : "", fieldsText(fields)].filter(Boolean).join(", ");
  }
  if (body instanceof URLSearchParams) return fieldsText(Object.fromEntries(body));
  if (!body || typeof body !== "object") return "";
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (v === null || v === undefined || v === "") continue;
    flat[k] = Array.isArray(v) ? (v.length > 20 ? `${v.length}건` : v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(" ")) : typeof v === "object" ? JSON.stringify(v) : v;
  }
  return fieldsText(flat);
}

/**
 * Records one call of the table (the gateway calls this after each call it makes): `error` is what
 * the call threw, if it did. A personal-data read is written once per request and call.
 */
export async function auditCall(path: string, body: unknown, result: unknown, error?: unknown): Promise<void> {
  const kind = auditedCall(path);
  if (!kind || (kind.failuresOnly && error === undefined)) return;
  const scope = auditScope.getStore();
  if (kind.action === "personalRead" && scope) {
    if (scope.seen.has(path)) return;
    scope.seen.add(path);
  }
  const fromReply = error === undefined && kind.reply ? kind.reply(result) : {};
  const failed = error !== undefined || fromReply.failed === true;
  const why = error === undefined ? "" : error instanceof LegacyError ? error.message : "처리 실패";
  const detail = [kind.what, paramsText(body), fromReply.detail ?? "", why].filter(Boolean).join(" | ");
  // before sign-in (find-password) the account named is who
  const typedId = body && typeof body === "object" && !(body instanceof FormData) && !(body instanceof URLSearchParams) ? (body as { userId?: unknown }).userId : undefined;
  await audit(
    { userId: scope?.userId ?? (typeof typedId === "string" ? typedId : null) },
    { action: kind.action, target: `${scope?.path ?? ""} ${path}`.trim(), detail, outcome: failed ? "fail" : "ok" },
  );
}
