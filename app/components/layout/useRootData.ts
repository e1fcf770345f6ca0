import { useRouteLoaderData } from "@remix-run/react";

export interface RootData {
  csrf: string;
  user: { userSeq: number; userId: string; userNm: string; dptNm?: string | null; authTy: string; adminYn?: string | null } | null;
  flash: { kind: "info" | "error"; text: string } | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useCsrfToken(): string {
  return useRootData()?.csrf ?? "";
}
