/// <reference types="vite/client" />
/**
 * One definition per `.do` call (ADR 0079): the definitions of app/calls are the only place a path
 * is written, each is served by the embedded backend from the definition itself, and each says
 * whether the spec names it as the spec texts do.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CallDef } from "~/calls/define";
import { GET_ROUTES, POST_DOWNLOAD_ROUTES, ROUTES } from "~/embedded/app.server";
import { CALLS } from "~/legacy/inventory.generated";

const ROOT = path.resolve(__dirname, "../..");

const isDef = (v: unknown): v is CallDef =>
  typeof v === "object" && v !== null && typeof (v as CallDef).path === "string" && "request" in v && "reply" in v && "kind" in v && "spec" in v;

/** The files that may write a path: a domain's definitions (app/calls) and a screen's own (app/routes/<screen>+/__calls.ts, ADR 0081). */
const isDefinitionFile = (file: string) => file.startsWith("app/calls/") || /^app\/routes\/[^/]+\+\/__calls\.ts$/.test(file);

/** Every definition exported by app/calls and the screens' own __calls.ts, however deep in its module's objects. */
function definitions(): CallDef[] {
  const modules = { ...import.meta.glob("../../app/calls/*.ts", { eager: true }), ...import.meta.glob("../../app/routes/*+/__calls.ts", { eager: true }) };
  const found = new Set<CallDef>();
  const walk = (v: unknown, depth: number) => {
    if (isDef(v)) found.add(v);
    else if (v && typeof v === "object" && depth < 5) for (const inner of Object.values(v)) walk(inner, depth + 1);
  };
  for (const m of Object.values(modules)) walk(m, 0);
  return [...found];
}

/** The text without comments (a `//` inside a string, as in a URL, is kept: it follows no space). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;{}])\/\/.*$/gm, "$1");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
  });
}

/** The spec's reply lists (data transcribed from the spec) and the generated inventory name paths without making calls. */
const NAMING_ONLY = new Set(["app/legacy/spec-replies.ts", "app/legacy/inventory.generated.ts", "app/legacy/reads.generated.ts"]);

describe("one definition per call (ADR 0079)", () => {
  const defs = definitions();
  const routes = [...ROUTES.map((r) => ({ r, on: "post" as const })), ...GET_ROUTES.map((r) => ({ r, on: "get" as const })), ...POST_DOWNLOAD_ROUTES.map((r) => ({ r, on: "postDownload" as const }))];

  it("writes each path once, in app/calls or a screen's __calls.ts", () => {
    expect(defs.length).toBeGreaterThan(150);
    const paths = defs.map((d) => d.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    const elsewhere: string[] = [];
    for (const file of sources("app")) {
      if (isDefinitionFile(file) || NAMING_ONLY.has(file)) continue;
      const code = withoutComments(fs.readFileSync(path.join(ROOT, file), "utf8"));
      for (const m of code.matchAll(/["'`](\/(?:api|view)\/[A-Za-z0-9_/]+\.do)["'`]/g)) elsewhere.push(`${file}: ${m[1]}`);
    }
    expect(elsewhere).toEqual([]);
  });

  it("sends every call by its definition: only the gateway's callLegacy and downloadLegacy use the transport", () => {
    const direct: string[] = [];
    for (const file of sources("app")) {
      if (file === "app/legacy/gateway.server.ts") continue;
      const code = withoutComments(fs.readFileSync(path.join(ROOT, file), "utf8"));
      for (const m of code.matchAll(/\b(legacyPost|legacyDownload|legacyPostDownload)\s*\(/g)) direct.push(`${file}: ${m[1]}`);
    }
    expect(direct).toEqual([]);
  });

  it("defines every call of the inventory, and says whether the spec names it as the spec texts do", () => {
    const byPath = new Map(defs.map((d) => [d.path, d]));
    expect([...byPath.keys()].sort()).toEqual(Object.keys(CALLS).sort());
    for (const d of defs) expect(d.spec, d.path).toBe(CALLS[d.path]);
  });

  it("serves every definition from one embedded route of its kind, built from the definition", () => {
    const served = new Map<string, number>();
    for (const { r, on } of routes) {
      expect(r.call, `${r.path} is not built from a definition (route(), getRoute() or the table kit given one)`).toBeDefined();
      // a path the spec writes without .do (survey/addUsers) is also served with it (docs/contract.md)
      const alias = !r.call!.path.endsWith(".do") && r.path === `${r.call!.path}.do`;
      if (!alias) expect(r.call!.path).toBe(r.path);
      const kind = r.call!.kind;
      const expected = on === "get" ? ["download"] : on === "postDownload" ? ["postDownload"] : ["json", "upload"];
      expect(expected, `${r.path} is a ${kind} call served as ${on}`).toContain(kind);
      if (kind === "upload") expect((r as { multipartMaxBytes?: number }).multipartMaxBytes, `${r.path} takes multipart`).toBeGreaterThan(0);
      if (!alias) served.set(r.path, (served.get(r.path) ?? 0) + 1);
    }
    for (const d of defs) expect(served.get(d.path) ?? 0, d.path).toBe(1);
  });
});
