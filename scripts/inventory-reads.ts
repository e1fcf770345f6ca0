/**
 * The fields the web tier reads of each `.do` reply (issue 33, part of `npm run inventory`): every
 * `defineCall(path, { reply, whole })` of app/calls (ADR 0079; the gateway sends nothing else), its
 * path and the fields of its reply schema.
 *
 * The schemas are zod schemas built of app/legacy/wire.ts's primitives; what a schema reads is
 * taken from its TypeScript type (the TypeScript compiler, as `tsc` sees the code), not from a
 * list kept by hand:
 * - the fields are the properties of the schema's output type (`z.output`), walked into objects
 *   and lists; a passthrough object's other keys, a record's (evaluation-mode rows: the configured
 *   columns' values as sent) and a field that reads as nothing (`noColumns`) are not fields read;
 * - a schema over `z.unknown()` (a reply the code reads by hand, or not at all) reads no declared
 *   field and says so;
 * - `whole: true` reads the body (the envelope's `message`, an upload's counts), else `result`; a
 *   download answers a file, of which nothing is read.
 * The path is the call's string literal, or what a constant of the code makes of it (a
 * conditional, a const, a property of an object literal: ACTIVITY_KINDS[kind].calls.list); a path
 * taken from a parameter is every value written in the code under the same property names
 * (`def.calls.list`: each `calls: { list: "…" }`), or as PARAMETER_PATHS says.
 *
 * This takes some seconds (the compiler infers every schema's type), so the result is written to
 * app/legacy/reads.generated.ts with a hash of the files it was read from (`inputsHash`); the
 * inventory's test reads it again only when that hash changed.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The calls' definitions (ADR 0079): `defineCall("/api/…", { reply, whole, … })`. */
const DEFINITIONS = "app/calls";
/** A screen's own calls, in its route folder (ADR 0081): `app/routes/<screen>+/__calls.ts`. */
const ROUTES = "app/routes";

/** A path taken from a parameter whose property names alone do not say it: `function.parameter` → the property chain of its values. */
const PARAMETER_PATHS: Record<string, string[]> = {};

/** Only the types of the schemas matter: every other file the endpoints import is read as empty. */
const KEPT = /\/app\/(legacy|schemas|calls)\/|\/app\/routes\/[^/]+\+\/__(calls|calls\.server|schema)\.ts$|\/node_modules\/(zod|typescript)\//;

/**
 * The files that define the calls (the gateway sends nothing else): app/calls/*.ts, a domain's calls
 * (ADR 0079), and app/routes/<screen>+/__calls.ts, the calls only one screen makes (ADR 0081).
 */
function callFiles(): string[] {
  const domains = readdirSync(path.join(ROOT, DEFINITIONS))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(ROOT, DEFINITIONS, f));
  const screens = readdirSync(path.join(ROOT, ROUTES), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name.endsWith("+") && existsSync(path.join(ROOT, ROUTES, e.name, "__calls.ts")))
    .map((e) => path.join(ROOT, ROUTES, e.name, "__calls.ts"));
  return [...domains, ...screens];
}

/** What one call reads: its fields (paths like `list[].usSeq`), relative to `result`, or to the body when `whole`. */
export interface CallReads {
  whole: boolean;
  fields: readonly string[];
  /** the schema reads nothing declared (z.unknown(), or a transform of it) */
  opaque: boolean;
}

export interface Reads {
  /** call path → what its calls read (several calls of one path: the union) */
  calls: Record<string, CallReads>;
  /** the files the schemas' types were read from (relative to the root), for `inputsHash` */
  inputs: string[];
}

/** The hash of the inputs: the files the schemas' types were read from, this script and the zod version. */
export function inputsHash(files: readonly string[]): string | null {
  const h = createHash("sha256");
  for (const f of [...files, "scripts/inventory-reads.ts", "node_modules/zod/package.json"]) {
    const abs = path.join(ROOT, f);
    if (!existsSync(abs)) return null;
    h.update(`${f}\n`).update(readFileSync(abs)).update("\n");
  }
  return h.digest("hex");
}

function program(): ts.Program {
  const cfg = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!cfg) throw new Error("tsconfig.json cannot be read");
  const options: ts.CompilerOptions = { ...cfg.options, types: [], noEmit: true };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, ...rest) =>
    KEPT.test(file) || file.includes("/typescript/lib/") ? read(file, lang, ...rest) : ts.createSourceFile(file, "export {};", lang);
  return ts.createProgram(callFiles(), options, host);
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) || ts.isNonNullExpression(e) ? unwrap(e.expression) : e;

const isCallPath = (s: string) => /^\/(api|view)\//.test(s);

/** Every `name: "/api/…"` directly inside a `parent: { … }` (or anywhere, without a parent) of the web tier's files. */
function literalsUnder(chain: readonly string[], files: readonly ts.SourceFile[]): string[] {
  const [parent, name] = chain.length > 1 ? chain.slice(-2) : [null, chain[0]];
  const out = new Set<string>();
  for (const sf of files) {
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText(sf) === name) {
        const v = unwrap(node.initializer);
        const holder = node.parent.parent;
        const under = parent === null || (ts.isPropertyAssignment(holder) && holder.name.getText(sf) === parent);
        if (under && ts.isStringLiteralLike(v) && isCallPath(v.text)) out.add(v.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...out];
}

/** The web tier's source files outside the embedded backend, parsed only (for `literalsUnder`). */
function appFiles(): ts.SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return rel === "app/embedded" ? [] : walk(rel);
      return /\.(ts|tsx)$/.test(e.name) && !rel.endsWith(".generated.ts") && rel !== "app/legacy/spec-replies.ts" ? [rel] : [];
    });
  return walk("app").map((f) => ts.createSourceFile(f, readFileSync(path.join(ROOT, f), "utf8"), ts.ScriptTarget.ES2022, true));
}

class PathResolver {
  private files: ts.SourceFile[] | undefined;
  constructor(private checker: ts.TypeChecker) {}

  private declarationOf(id: ts.Node): ts.Declaration | undefined {
    let sym = this.checker.getSymbolAtLocation(id);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = this.checker.getAliasedSymbol(sym);
    return sym?.valueDeclaration ?? sym?.declarations?.[0];
  }

  /** The object literals an expression stands for (a const, a property of one, any property for a computed index). */
  private objects(e: ts.Expression): ts.ObjectLiteralExpression[] | null {
    e = unwrap(e);
    if (ts.isObjectLiteralExpression(e)) return [e];
    if (ts.isIdentifier(e)) {
      const d = this.declarationOf(e);
      return d && ts.isVariableDeclaration(d) && d.initializer ? this.objects(d.initializer) : null;
    }
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      const of = this.objects(e.expression);
      if (!of) return null;
      const names = this.keys(e);
      const out: ts.ObjectLiteralExpression[] = [];
      for (const o of of)
        for (const p of o.properties)
          if (ts.isPropertyAssignment(p) && (names === null || names.includes(p.name.getText()))) {
            const inner = this.objects(p.initializer);
            if (inner) out.push(...inner);
          }
      return out;
    }
    return null;
  }

  /** The property names an access may take: `.name`, `["name"]`, `[tab]` whose type is a union of texts; null for any. */
  private keys(e: ts.PropertyAccessExpression | ts.ElementAccessExpression): string[] | null {
    if (ts.isPropertyAccessExpression(e)) return [e.name.text];
    const t = this.checker.getTypeAtLocation(e.argumentExpression);
    const parts = t.isUnion() ? t.types : [t];
    return parts.every((p) => p.isStringLiteral()) ? parts.map((p) => (p as ts.StringLiteralType).value) : null;
  }

  /** The property names after the root of `a.b[c].d` (`["b", "d"]`; a computed index is skipped), and the root. */
  private chain(e: ts.Expression): { root: ts.Expression; names: string[] } {
    const names: string[] = [];
    e = unwrap(e);
    while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      if (ts.isPropertyAccessExpression(e)) names.unshift(e.name.text);
      e = unwrap(e.expression);
    }
    return { root: e, names };
  }

  /** The call paths an expression stands for; throws when it cannot say (extend the rules or PARAMETER_PATHS). */
  paths(e: ts.Expression): string[] {
    e = unwrap(e);
    if (ts.isStringLiteralLike(e)) return [e.text];
    if (ts.isConditionalExpression(e)) return [...new Set([...this.paths(e.whenTrue), ...this.paths(e.whenFalse)])];
    if (ts.isIdentifier(e)) {
      const d = this.declarationOf(e);
      if (d && ts.isVariableDeclaration(d) && d.initializer) return this.paths(d.initializer);
    }
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      const keys = this.keys(e);
      const of = this.objects(e.expression);
      if (of) {
        const out = new Set<string>();
        for (const o of of)
          for (const p of o.properties) if (ts.isPropertyAssignment(p) && (keys === null || keys.includes(p.name.getText()))) for (const s of this.paths(p.initializer)) out.add(s);
        if (out.size) return [...out];
      }
      const { root, names } = this.chain(e);
      const d = ts.isIdentifier(root) ? this.declarationOf(root) : undefined;
      if (d && ts.isParameter(d)) {
        const fn = d.parent;
        const fnName = (ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name ? fn.name.text : ts.isVariableDeclaration(fn.parent) ? fn.parent.name.getText() : "";
        const hint = PARAMETER_PATHS[`${fnName}.${root.getText()}`];
        const chain = hint ?? (names.length > 1 ? names : null);
        if (chain) {
          this.files ??= appFiles();
          const found = literalsUnder(chain, this.files);
          if (found.length) return found;
        }
      }
    }
    throw new Error(`inventory: the path of ${e.getSourceFile().fileName}:${e.getText()} cannot be told (scripts/inventory-reads.ts PARAMETER_PATHS)`);
  }
}

/** The fields of a type, as paths (`a`, `a.b`, `list[].c`), objects and lists walked in. */
function fieldsOf(checker: ts.TypeChecker, type: ts.Type, prefix = "", within: readonly ts.Type[] = [], out = new Set<string>()): Set<string> {
  // a recursive schema (a tree of codes) is read to its first repetition
  if (within.includes(type) || within.length > 12) return out;
  const inner = [...within, type];
  if (type.isUnion() || type.isIntersection()) {
    for (const t of type.types) fieldsOf(checker, t, prefix, inner, out);
    return out;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const t of checker.getTypeArguments(type as ts.TypeReference)) fieldsOf(checker, t, `${prefix}[]`, inner, out);
    return out;
  }
  if (!(type.flags & ts.TypeFlags.Object) || type.getCallSignatures().length) return out;
  for (const prop of checker.getPropertiesOfType(type)) {
    const t = checker.getTypeOfSymbol(prop);
    // a field that reads as nothing (noColumns: whatever is sent, there are none)
    if (t.flags & ts.TypeFlags.Undefined) continue;
    const name = prefix ? `${prefix}.${prop.name}` : prop.name;
    out.add(name);
    fieldsOf(checker, t, name, inner, out);
  }
  return out;
}

export function readReplies(): Reads {
  const prog = program();
  const definitionFiles = new Set(callFiles().map((f) => path.resolve(f)));
  const checker = prog.getTypeChecker();
  const resolver = new PathResolver(checker);
  const calls: Record<string, CallReads> = {};
  for (const sf of prog.getSourceFiles()) {
    if (!definitionFiles.has(path.resolve(sf.fileName))) continue;
    const record = (paths: string[], whole: boolean, schema: ts.Type | null) => {
      const input = schema?.getProperty("_input");
      const output = schema?.getProperty("_output");
      const opaque = !input || !output || Boolean(checker.getTypeOfSymbol(input).flags & ts.TypeFlags.Unknown);
      const fields = opaque ? [] : [...fieldsOf(checker, checker.getTypeOfSymbol(output!))];
      for (const p of paths) {
        const had = calls[p];
        if (had && had.whole !== whole) throw new Error(`inventory: ${p} is read both whole and by its result`);
        calls[p] = { whole, opaque: (had?.opaque ?? true) && opaque, fields: [...new Set([...(had?.fields ?? []), ...fields])].sort() };
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "defineCall" && node.arguments.length === 2) {
        const [pathArg, defArg] = node.arguments;
        const def = unwrap(defArg);
        const prop = (name: string) => (ts.isObjectLiteralExpression(def) ? def.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name) : undefined) as ts.PropertyAssignment | undefined;
        const reply = prop("reply");
        const kind = prop("kind");
        // a download answers a file: nothing of it is read
        if (!(kind && ts.isStringLiteralLike(kind.initializer) && /download|postDownload/.test(kind.initializer.text))) {
          record(resolver.paths(pathArg), prop("whole")?.initializer.kind === ts.SyntaxKind.TrueKeyword, reply ? checker.getTypeAtLocation(reply.initializer) : null);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const inputs = prog
    .getSourceFiles()
    .map((s) => path.relative(ROOT, s.fileName))
    .filter((f) => f.startsWith("app/") && KEPT.test(`/${f}`))
    .sort();
  return { calls: Object.fromEntries(Object.entries(calls).sort(([a], [b]) => a.localeCompare(b))), inputs };
}
