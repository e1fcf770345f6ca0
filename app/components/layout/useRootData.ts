import type { DraftReply } from "~/utils/session.server";
import { useRouteLoaderData } from "@remix-run/react";

export interface RootData {
  csrf: string;
  user: { userSeq: number; userId: string; userNm: string; dptNm?: string | null; authTy: string; adminYn?: string | null } | null;
  flash: { kind: "info" | "error"; text: string } | null;
  /** the session's idle limit (the session warning counts down from it, ADR 0066) */
  idleMinutes: number;
  /** a form's draft kept through the sign-in, for its page (utils/session.server.ts `takeDraft`) */
  draft?: DraftReply;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useCsrfToken(): string {
  return useRootData()?.csrf ?? "";
}
