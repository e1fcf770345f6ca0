/**
 * The two tiers of app/ (docs/architecture.md "Layers", ADR 0054): the embedded backend
 * (app/embedded/) and the web tier (everything else under app/: routes, components, utils, legacy,
 * schemas, root.tsx…). The web tier reaches the backend through the gateway's transport and the one
 * start-up module (START_MODULE); nothing else of it imports app/embedded, app/utils least of all,
 * and no import circle runs through both tiers (the backend may use the web tier's pure helpers,
 * such as utils/mask.ts, only where they lead nowhere back into it).
 *
 * The graph is read from the sources with a small reader: `import … from "…"`, `export … from
 * "…"`, `import "…"` and `import("…")` (dynamic, awaited or not), with `~/` and relative
 * specifiers; type-only imports count too (they are dependencies of the source all the same).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const APP = path.join(ROOT, "app");
/** The one web-tier module that imports the embedded backend: starts, serves and reaches it. */
const START_MODULE = "app/legacy/backend.server.ts";

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx", "/index.js"];

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesUnder(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The text without comments (a `//` inside a string, as in a URL, is kept: it follows no space). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;{}])\/\/.*$/gm, "$1");
}

/** Every module specifier a file names: static imports and re-exports, side-effect imports, import(). */
export function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^;"'`]*?\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/** The file a specifier names (relative to the repository), or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith("./") || spec.startsWith("../")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  // `import x from "./a.js"` naming a .ts file
  const stripped = base.replace(/\.(js|mjs)$/, "");
  for (const e of [".ts", ".tsx"]) if (fs.existsSync(stripped + e)) return stripped + e;
  return null;
}

const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join("/");

export type Graph = Map<string, Set<string>>;

/** The import graph of app/: repository-relative file → the app/ files it imports. */
export function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourcesUnder(APP)) {
    const to = new Set<string>();
    for (const spec of specifiersOf(fs.readFileSync(file, "utf8"))) {
      const target = resolve(file, spec);
      if (target && target.startsWith(APP + path.sep)) to.add(rel(target));
    }
    graph.set(rel(file), to);
  }
  return graph;
}

export const isBackend = (f: string) => f.startsWith("app/embedded/");

/** The strongly connected components of more than one file (Tarjan), i.e. the import circles. */
export function circles(graph: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  // iterative, so a long chain of imports cannot overflow the call stack
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const enter = (node: string) => {
      idx.set(node, index);
      low.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1];
      const step = top.next.next();
      if (!step.done) {
        const w = step.value;
        if (!idx.has(w)) enter(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, idx.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === idx.get(top.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.node);
        if (component.length > 1) out.push(component.sort());
      }
    }
  }
  return out;
}

/** One circle through the import `from` → `to` inside a component, for the failure message: from → to … from. */
function circleThrough(graph: Graph, members: Set<string>, from: string, to: string): string[] {
  const prev = new Map<string, string>([[to, to]]);
  const queue = [to];
  while (queue.length) {
    const n = queue.shift()!;
    if (n === from) break;
    for (const m of graph.get(n) ?? []) {
      if (members.has(m) && !prev.has(m)) {
        prev.set(m, n);
        queue.push(m);
      }
    }
  }
  const pathBack = [from];
  while (pathBack[pathBack.length - 1] !== to) pathBack.push(prev.get(pathBack[pathBack.length - 1])!);
  return [from, ...pathBack.reverse()];
}

/** What breaks the tier rule, as sentences (empty when none). */
export function tierViolations(graph: Graph, startModule = START_MODULE): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (isBackend(file)) continue;
    for (const t of targets) {
      if (!isBackend(t)) continue;
      if (file.startsWith("app/utils/")) out.push(`${file} (app/utils) imports the embedded backend: ${t}`);
      else if (file !== startModule) out.push(`${file} imports the embedded backend (only ${startModule} may): ${t}`);
    }
  }
  for (const component of circles(graph)) {
    if (!component.some(isBackend) || component.every(isBackend)) continue;
    const members = new Set(component);
    // a circle that shows the crossing: from a web-tier file into the backend and back
    const from = component.find((f) => !isBackend(f) && [...graph.get(f)!].some((t) => members.has(t) && isBackend(t)))!;
    const to = [...graph.get(from)!].find((t) => members.has(t) && isBackend(t))!;
    out.push(`an import circle of ${component.length} files crosses the tiers: ${circleThrough(graph, members, from, to).join(" → ")}`);
  }
  return out;
}

describe("the import reader", () => {
  it("finds static, re-exported, side-effect and dynamic imports, not those in comments", () => {
    const text = [
      'import { a } from "~/utils/a";',
      'import type {\n  B,\n} from "../b";',
      'export { c } from "./c";',
      'import "./side";',
      'const { d } = await import("~/embedded/d");',
      'const e = import("./e");',
      '// import { f } from "./f";',
      '/* const g = await import("./g"); */',
      'const url = "http://example.invalid"; import { h } from "./h";',
    ].join("\n");
    expect(specifiersOf(text).sort()).toEqual(["../b", "./c", "./e", "./h", "./side", "~/embedded/d", "~/utils/a"]);
  });

  it("finds a circle and names a crossing", () => {
    const graph: Graph = new Map([
      ["app/utils/x.ts", new Set(["app/embedded/y.ts"])],
      ["app/embedded/y.ts", new Set(["app/embedded/z.ts"])],
      ["app/embedded/z.ts", new Set(["app/utils/x.ts"])],
      ["app/legacy/backend.server.ts", new Set(["app/embedded/y.ts"])],
    ]);
    expect(circles(graph)).toEqual([["app/embedded/y.ts", "app/embedded/z.ts", "app/utils/x.ts"]]);
    expect(tierViolations(graph)).toEqual([
      "app/utils/x.ts (app/utils) imports the embedded backend: app/embedded/y.ts",
      "an import circle of 3 files crosses the tiers: app/utils/x.ts → app/embedded/y.ts → app/embedded/z.ts → app/utils/x.ts",
    ]);
  });
});

describe("the tiers of app/ (ADR 0054)", () => {
  const graph = importGraph();

  it("reads the whole of app/", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.has(START_MODULE)).toBe(true);
    // the start-up module is the web tier's one door to the backend
    expect([...graph.get(START_MODULE)!].some(isBackend)).toBe(true);
  });

  it("app/utils imports nothing of app/embedded; only the start-up module does; no circle crosses the tiers", () => {
    expect(tierViolations(graph)).toEqual([]);
  });
});
