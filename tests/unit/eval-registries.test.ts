/**
 * The evaluation registries beside the screens (ADR 0039; issue 38): what each data screen offers an
 * indicator to tick (`LIST_EVAL_COLUMNS`, else a synced report's definition) and the Excel route the
 * evidence workbook calls for it (`excelRouteOf`), held against the route tree itself, so that a new
 * evaluation screen, or one removed, cannot leave them behind unnoticed.
 */
import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { excelRouteOf } from "~/routes/__eval-indicators.server";
import { LIST_EVAL_COLUMNS, offeredColumns } from "~/schemas/eval-columns";

const ROUTES = path.resolve(__dirname, "../../app/routes");
const EVAL_FILE = /^_app\.(.+?)_?\.\$eiSeq\.\$menuSeq\.\$year\.tsx$/;

/** Every evaluation-mode route, by its list's path: a flat file `_app.a.b_.$eiSeq…`, or `_.$eiSeq…` in a screen folder `_app.a.b+/`. */
function evaluationRoutes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(ROUTES, { withFileTypes: true })) {
    if (entry.isFile()) {
      const m = EVAL_FILE.exec(entry.name);
      if (m) found.set(`/${m[1].replace(/\./g, "/")}`, entry.name);
    } else if (entry.name.startsWith("_app.") && entry.name.endsWith("+") && existsSync(path.join(ROUTES, entry.name, "_.$eiSeq.$menuSeq.$year.tsx"))) {
      found.set(`/${entry.name.slice("_app.".length, -1).replace(/\./g, "/")}`, `${entry.name}/_.$eiSeq.$menuSeq.$year.tsx`);
    }
  }
  return found;
}

/** The Excel route module of a list's path, if the tree has one: `a.b.excel.tsx`, the people lists' `insert.$kind.document.excel.tsx`, or a screen folder's `_.excel.tsx`. */
function excelRouteFile(listPath: string): string | null {
  const dotted = listPath.slice(1).replace(/\//g, ".");
  const candidates = [`${dotted}.excel.tsx`, `_app.${dotted}+/_.excel.tsx`, dotted.replace(/^insert\.(student|professor|tutor)\.document$/, "insert.$kind.document") + ".excel.tsx"];
  return candidates.find((f) => existsSync(path.join(ROUTES, f))) ?? null;
}

describe("the evaluation registries and the route tree", () => {
  const routes = evaluationRoutes();

  it("finds the evaluation routes (flat files and screen folders)", () => {
    expect(routes.get("/insert/student/awards")).toBe("_app.insert.student.awards+/_.$eiSeq.$menuSeq.$year.tsx");
    expect(routes.get("/insert/eval/patient-safety")).toBe("_app.insert.eval.patient-safety+/_.$eiSeq.$menuSeq.$year.tsx");
    expect(routes.size).toBeGreaterThanOrEqual(14);
  });

  it("every evaluation route offers columns to tick, and every listed screen has its evaluation route", () => {
    for (const p of routes.keys()) expect(offeredColumns(p).length, `${p}: no columns to tick`).toBeGreaterThan(0);
    for (const p of Object.keys(LIST_EVAL_COLUMNS)) expect(routes.has(p), `${p}: listed, but the tree has no evaluation route`).toBe(true);
  });

  it("the family lists' columns come from their definitions, the keys their evaluation rows carry", () => {
    expect(LIST_EVAL_COLUMNS["/insert/student/volunteer"]).toEqual([["year", "년도"], ["id", "학번"], ["name", "이름"], ["vaStde", "시작일"], ["vaEnde", "종료일"], ["vaTime", "활동시간"], ["vaPlace", "장소"]]);
    expect(LIST_EVAL_COLUMNS["/insert/student/medical"]).toEqual([["year", "년도"], ["id", "학번"], ["name", "이름"], ["gaStde", "시작일"], ["gaEnde", "종료일"], ["gaTime", "활동시간"], ["gaCountry", "국가"], ["gaSchool", "활동기관(학교)"]]);
    expect(LIST_EVAL_COLUMNS["/insert/tutor/document"]).toEqual([["id", "사번"], ["name", "이름"], ["dptNm", "소속"], ["jobNm", "직위"]]);
    expect(LIST_EVAL_COLUMNS["/insert/student/document"].map(([clm]) => clm)).toEqual(["id", "name", "grdeNm", "attnNm", "admsYear", "admsSlctnNm", "birthPlaceNm", "highSchool"]);
  });

  it("the evidence workbook calls each list's own Excel route, and only one the tree has", async () => {
    for (const p of Object.keys(LIST_EVAL_COLUMNS)) {
      const file = excelRouteFile(p);
      const used = excelRouteOf(`${p}/excel`);
      expect(Boolean(used), `${p}: an Excel route ${file ? "the workbook does not call" : "that the tree does not have"}`).toBe(Boolean(file));
      if (file && used) {
        const mod = (await import(path.join(ROUTES, file))) as { loader: unknown };
        expect(used.loader, `${p}: the workbook calls another loader than ${file}'s`).toBe(mod.loader);
      }
    }
  });
});
