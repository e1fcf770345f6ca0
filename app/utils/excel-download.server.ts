/**
 * The Excel resource routes of the list pages (ExcelToolbar's download and template links):
 * `?type=template` answers the upload template, anything else the list's download (its filter, or
 * the evaluation's columns with eiSeq/menuSeq). The backend's file streams through with its
 * Korean name; a failure goes back to the list with the filter kept and '엑셀 다운로드
 * 실패하였습니다.' (or the spec's own message, e.g. no codes for the year), or to the evaluation
 * page with the `errorMessage` of the server's reply, as the page's '알림' message.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import { fillMessage, MSG, RANGE_MSG } from "~/schemas/messages.ko";
import { audit } from "./audit.server";
import { withUser } from "./context.server";
import { clientAddress } from "./rate-limit.server";
import { passDownload } from "./download.server";
import { listYears, readYear } from "./list-url";
import type { Session } from "./session.server";
import { seoulYear } from "./time";
import { seqParam } from "./url";


/** The evaluation a download is for: {eiSeq, menuSeq} from the query, or {} for the list. */
export function evalQuery(url: URL): { eiSeq: number; menuSeq: number } | Record<string, never> {
  const eiSeq = seqParam(url.searchParams.get("eiSeq"));
  const menuSeq = seqParam(url.searchParams.get("menuSeq"));
  return eiSeq && menuSeq ? { eiSeq, menuSeq } : {};
}

/**
 * The year of a download: an evaluation names its own (any plausible year), the list one of its
 * `years` (else `fallback`).
 */
export function downloadYear(url: URL, years: readonly number[], fallback: number): number {
  const asked = Number(url.searchParams.get("year"));
  if ("eiSeq" in evalQuery(url) && Number.isInteger(asked) && asked >= 1900 && asked <= 2999) return asked;
  return readYear(url, years, fallback);
}

/** The list's search text of a download. */
export const downloadText = (url: URL) => (url.searchParams.get("value") ?? "").trim().slice(0, 100);

/** A download's filter for the audit log: the list's own parameters, bounded (ADR 0028: never the full query). */
export function auditQuery(url: URL): string {
  const keep = ["year", "value", "grde", "attn", "eiSeq", "menuSeq", "srSeq", "from", "to", "userId", "action", "target"];
  return keep
    .flatMap((k) => url.searchParams.getAll(k).map((v) => `${k}=${v.slice(0, 50)}`))
    .join(", ")
    .slice(0, 500);
}

export interface Download {
  res: Response;
  /** the file name when the backend names none */
  name: string;
}

export interface ExcelDownloadSpec {
  /** The list page (evaluation pages are `${listPath}/${eiSeq}/${menuSeq}/${year}`). */
  listPath: string;
  /** the list's years (default 2025 … this year): `year` is the download's (`downloadYear`) */
  years?: () => readonly number[];
  /** the upload template (none: a list whose download is its upload's form, `type=template` is the download) */
  template?: (session: Session, url: URL, year: number) => Promise<Download>;
  download: (session: Session, url: URL, year: number) => Promise<Download>;
  /** The message of a failure (default '엑셀 다운로드 실패하였습니다.'). */
  failure?: (e: LegacyError) => string;
  /**
   * The template's year is required and must be one of `years` (spec 001 §5 awards "Year required
   * to download the template", 002 §5 space: the year's codes): a template asked without one says
   * '년도를 선택해주세요.', one outside the list says which years are allowed, instead of this year's
   * sheet (issue 35 §7). `"always"`: the download too (a screen whose download is the template).
   */
  yearRequired?: "template" | "always";
}

/** The refusal of a download's year (`yearRequired`), or null when it names one of `years`. */
export function downloadYearRefusal(url: URL, years: readonly number[]): string | null {
  const raw = url.searchParams.get("year");
  if (raw === null || raw.trim() === "") return MSG.yearRequired;
  const y = Number(raw);
  if (years.includes(y)) return null;
  return fillMessage(RANGE_MSG.yearRange, { first: Math.min(...years), last: Math.max(...years) });
}

export function excelDownload(args: LoaderFunctionArgs, spec: ExcelDownloadSpec) {
  return withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const template = url.searchParams.get("type") === "template";
    if (spec.yearRequired === "always" || (spec.yearRequired === "template" && template)) {
      const refused = downloadYearRefusal(url, spec.years?.() ?? listYears());
      if (refused) {
        session.flash(refused, "error");
        return redirect(backToList(spec.listPath, url));
      }
    }
    try {
      const year = downloadYear(url, spec.years?.() ?? listYears(), seoulYear());
      const { res, name } = await (template && spec.template ? spec.template : spec.download)(session, url, year);
      // the audit log (ADR 0028): a download of records (not the empty template), with its filter
      if (!template || !spec.template) {
        await audit(
          { userId: session.user?.userId, address: clientAddress(args.context) },
          { action: "excelDownload", target: spec.listPath, detail: auditQuery(url) },
        );
      }
      return passDownload(res, name);
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      const ev = evalQuery(url);
      // spec 002 §8 (and 001 §8): in evaluation mode the errorMessage of the reply is shown instead
      const evalReason = ev.eiSeq ? e.errorMessage || e.serverMessage : "";
      session.flash(evalReason || (spec.failure?.(e) ?? MSG.excelDownloadFailed), "error");
      const year = seqParam(url.searchParams.get("year"));
      if (ev.eiSeq && year) return redirect(`${spec.listPath}/${ev.eiSeq}/${ev.menuSeq}/${year}`);
      return redirect(backToList(spec.listPath, url));
    }
  });
}

/** The list a download came from, its filter kept (the download's own parameters left out). */
function backToList(listPath: string, url: URL): string {
  const back = new URLSearchParams(url.search);
  for (const k of ["type", "eiSeq", "menuSeq"]) back.delete(k);
  const s = back.toString();
  return `${listPath}${s ? `?${s}` : ""}`;
}
