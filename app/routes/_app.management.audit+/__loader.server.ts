/**
 * 감사 로그 (issue 17 "Audit log", ADR 0028; a screen of ours under 설정, administrators only): the
 * loader of the screen and of its Excel download. Both refuse anyone but an administrator on the
 * server (withAdmin, ADR 0040), whatever menus the backend hands out.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { OWN_MSG } from "~/schemas/messages.ko";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, audit, auditPages, auditStore, isAuditAction, searchAudit, type AuditFilter, type AuditRow } from "~/utils/audit.server";
import { withAdmin } from "~/utils/context.server";
import { xlsxResponse } from "~/utils/excel.server";
import { clientAddress } from "~/utils/rate-limit.server";

export const AUDIT_PAGE_SIZE = 20;

const outcomeName = (o: string) => AUDIT_OUTCOMES[o as keyof typeof AUDIT_OUTCOMES] ?? o;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter of the query: bad values are dropped, not refused (a GET form without JavaScript). */
export function readAuditFilter(url: URL): AuditFilter & { page: number } {
  const q = url.searchParams;
  const text = (k: string) => (q.get(k) ?? "").trim().slice(0, 100);
  const date = (k: string) => (DATE.test(text(k)) ? text(k) : "");
  const action = text("action");
  const page = Number(q.get("page"));
  return {
    from: date("from"),
    to: date("to"),
    userId: text("userId"),
    action: isAuditAction(action) ? action : "",
    target: text("target"),
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

export function auditLoader(args: LoaderFunctionArgs) {
  return withAdmin(args, async ({ user }) => {
    const url = new URL(args.request.url);
    const { page, ...filter } = readAuditFilter(url);
    const badPeriod = Boolean(filter.from && filter.to && filter.from > filter.to);
    const { db } = await auditStore();
    const r = badPeriod ? { total: 0, rows: [] as AuditRow[] } : await searchAudit(db, filter, page, AUDIT_PAGE_SIZE);
    return json({
      filter,
      page,
      total: r.total,
      rows: r.rows.map((row) => ({ ...row, actionNm: AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] ?? row.action, outcomeNm: outcomeName(row.outcome) })),
      actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
      alert: badPeriod ? OWN_MSG.auditBadPeriod : null,
    });
  });
}

/** The log's Excel (the screen's filter, every page): formula-safe cells as every export. */
export function auditExcelLoader(args: LoaderFunctionArgs) {
  return withAdmin(args, async ({ user }) => {
    const url = new URL(args.request.url);
    const { page: _page, ...filter } = readAuditFilter(url);
    const { db } = await auditStore();
    // downloading the log is itself recorded
    await audit({ userId: user.userId, address: clientAddress(args.context) }, { action: "excelDownload", target: "/management/audit", detail: "" });
    const stamp = new Date().toISOString().slice(0, 10);
    return xlsxResponse(`감사로그_${stamp}.xlsx`, {
      sheetName: "감사 로그",
      columns: [
        { header: "일시", width: 20, value: (r: AuditRow) => r.at },
        { header: "사용자", value: (r: AuditRow) => r.userId ?? "" },
        { header: "작업", value: (r: AuditRow) => AUDIT_ACTIONS[r.action as keyof typeof AUDIT_ACTIONS] ?? r.action },
        { header: "대상", width: 40, value: (r: AuditRow) => r.target },
        { header: "내용", width: 60, value: (r: AuditRow) => r.detail },
        { header: "결과", value: (r: AuditRow) => outcomeName(r.outcome) },
        { header: "접속 주소", value: (r: AuditRow) => r.address },
      ],
      pages: auditPages(db, filter),
    });
  });
}
