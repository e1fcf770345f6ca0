/**
 * Issue 35 class 3 (ADR 0057): no validation message of the product is anything but Korean, and
 * none contradicts its input. The schemas are not listed by hand: every module of app/schemas is
 * imported and every export that is a zod schema (or a record of them) is driven; an exported
 * factory (a function whose name has 'schema') must have its arguments in FACTORY_ARGS, so a new
 * one cannot slip past. Each schema gets empty, overlong, wrong-type and out-of-range values, built
 * from its own shape; every message it answers must be Korean, an overlong value must not be told
 * to be entered, and a stated length must be the rule's own.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ZodFirstPartyTypeKind, ZodType, type ZodIssue, type ZodTypeAny } from "zod";

const SCHEMA_DIR = fileURLToPath(new URL("../../app/schemas/", import.meta.url));
const ROUTES_DIR = fileURLToPath(new URL("../../app/routes/", import.meta.url));
/** app/schemas' modules, and each screen folder's own schema (app/routes/<screen>+/__schema.ts, ADR 0073), as paths from app/schemas/. */
const files = [
  ...readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")),
  ...readdirSync(ROUTES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && readdirSync(`${ROUTES_DIR}${e.name}`).includes("__schema.ts"))
    .map((e) => `../routes/${e.name}/__schema.ts`),
];

/** The arguments of each exported schema factory (a missing entry fails the test). */
const FACTORY_ARGS: Record<string, unknown[][]> = {
  "../routes/_app.insert.professor.archive+/__schema.ts:achievementSchema": [[2026]],
  "activities.ts:activitySchema": [["volunteer"], ["medical"]],
  "committees.ts:committeeSchemaOf": [[2026]],
  "../routes/_app.data.$menuSeq+/__schema.ts:dataFileSchemaOf": [[2026]],
  "eval-indicators.ts:indicatorSchemaOf": [[2026]],
  "../routes/_app.eval.monitor.analysis+/__schema.ts:examAnalysisSchema": [[2026]],
  // a builder of the person forms: what it builds is student.ts's studentSchema and professor.ts's
  // professorSchema, both checked here as they are exported (ADR 0078)
  "person-fields.ts:personSchema": [],
};

interface Named {
  name: string;
  schema: ZodTypeAny;
}

const isSchema = (v: unknown): v is ZodTypeAny => v instanceof ZodType;

async function allSchemas(): Promise<{ named: Named[]; missingFactories: string[] }> {
  const named: Named[] = [];
  const missingFactories: string[] = [];
  for (const file of files) {
    const mod = (await import(/* @vite-ignore */ `${SCHEMA_DIR}${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (name === "z" || file === "zod.ts") continue;
      if (isSchema(value)) named.push({ name: `${file}:${name}`, schema: value });
      else if (typeof value === "function" && /schema/i.test(name)) {
        const args = FACTORY_ARGS[`${file}:${name}`];
        if (!args) {
          missingFactories.push(`${file}:${name}`);
          continue;
        }
        for (const a of args) {
          const made = (value as (...x: unknown[]) => unknown)(...a);
          if (isSchema(made)) named.push({ name: `${file}:${name}(${a.join(",")})`, schema: made });
        }
      } else if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const [k, v] of Object.entries(value)) if (isSchema(v)) named.push({ name: `${file}:${name}.${k}`, schema: v });
      }
    }
  }
  return { named, missingFactories };
}

type Mode = "empty" | "blank" | "overlongDigits" | "overlongHangul" | "wrongType" | "outOfRange";
const MODES: Mode[] = ["empty", "blank", "overlongDigits", "overlongHangul", "wrongType", "outOfRange"];

/** The string limits met on the way down to a leaf (pipes, preprocessors, refinements). */
function stringMax(t: ZodTypeAny, seen: number[] = []): number[] {
  const def = t._def as { typeName: ZodFirstPartyTypeKind; [k: string]: unknown };
  switch (def.typeName) {
    case ZodFirstPartyTypeKind.ZodString:
      for (const c of (def.checks as { kind: string; value?: number }[]) ?? []) if (c.kind === "max" || c.kind === "length") seen.push(c.value!);
      return seen;
    case ZodFirstPartyTypeKind.ZodEffects:
      return stringMax(def.schema as ZodTypeAny, seen);
    case ZodFirstPartyTypeKind.ZodPipeline:
      stringMax(def.in as ZodTypeAny, seen);
      return stringMax(def.out as ZodTypeAny, seen);
    case ZodFirstPartyTypeKind.ZodOptional:
    case ZodFirstPartyTypeKind.ZodNullable:
    case ZodFirstPartyTypeKind.ZodDefault:
    case ZodFirstPartyTypeKind.ZodCatch:
    case ZodFirstPartyTypeKind.ZodReadonly:
      return stringMax(def.innerType as ZodTypeAny, seen);
    case ZodFirstPartyTypeKind.ZodBranded:
      return stringMax(def.type as ZodTypeAny, seen);
    case ZodFirstPartyTypeKind.ZodUnion:
      for (const o of def.options as ZodTypeAny[]) stringMax(o, seen);
      return seen;
    default:
      return seen;
  }
}

function numberBounds(t: ZodTypeAny): { min?: number; max?: number } | null {
  const def = t._def as { typeName: ZodFirstPartyTypeKind; [k: string]: unknown };
  switch (def.typeName) {
    case ZodFirstPartyTypeKind.ZodNumber: {
      const out: { min?: number; max?: number } = {};
      for (const c of (def.checks as { kind: string; value?: number }[]) ?? []) {
        if (c.kind === "min") out.min = c.value;
        if (c.kind === "max") out.max = c.value;
      }
      return out;
    }
    case ZodFirstPartyTypeKind.ZodEffects:
      return numberBounds(def.schema as ZodTypeAny);
    case ZodFirstPartyTypeKind.ZodPipeline:
      return numberBounds(def.out as ZodTypeAny) ?? numberBounds(def.in as ZodTypeAny);
    case ZodFirstPartyTypeKind.ZodOptional:
    case ZodFirstPartyTypeKind.ZodNullable:
    case ZodFirstPartyTypeKind.ZodDefault:
    case ZodFirstPartyTypeKind.ZodCatch:
      return numberBounds(def.innerType as ZodTypeAny);
    default:
      return null;
  }
}

const DATE_NAME = /(date|dt|stde|ende|stdt|endt|day)$/i;
const HOUR_NAME = /(hour|hr|hh)$/i;
const MINUTE_NAME = /(min|minute|mm)$/i;

/** A value for a schema in a mode; `limits` records each overlong leaf's path and its rule's limit. */
function gen(t: ZodTypeAny, mode: Mode, path: string, limits: Map<string, number>, key = ""): unknown {
  const def = t._def as { typeName: ZodFirstPartyTypeKind; [k: string]: unknown };
  const leafString = () => {
    const max = stringMax(t);
    if ((mode === "overlongDigits" || mode === "overlongHangul") && max.length) {
      const limit = Math.min(...max);
      limits.set(path, limit);
      return (mode === "overlongDigits" ? "1" : "가").repeat(limit + 1);
    }
    if (mode === "empty") return undefined;
    if (mode === "blank") return "";
    if (mode === "wrongType") return { not: ["a", "string"] };
    if (mode === "outOfRange") {
      if (DATE_NAME.test(key)) return "1901-01-01";
      if (HOUR_NAME.test(key)) return "25";
      if (MINUTE_NAME.test(key)) return "75";
      const n = numberBounds(t);
      if (n?.max !== undefined) return String(n.max + 1);
      return "-1";
    }
    return "1";
  };
  switch (def.typeName) {
    case ZodFirstPartyTypeKind.ZodObject: {
      if (mode === "empty") return {};
      const shape = (def.shape as () => Record<string, ZodTypeAny>)();
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, gen(v, mode, path ? `${path}.${k}` : k, limits, k)]));
    }
    case ZodFirstPartyTypeKind.ZodArray:
      if (mode === "empty") return [];
      if (mode === "wrongType") return "not a list";
      return [gen(def.type as ZodTypeAny, mode, `${path}.0`, limits, key)];
    case ZodFirstPartyTypeKind.ZodRecord:
      return { k: gen(def.valueType as ZodTypeAny, mode, `${path}.k`, limits, "k") };
    case ZodFirstPartyTypeKind.ZodIntersection: {
      const l = gen(def.left as ZodTypeAny, mode, path, limits, key);
      const r = gen(def.right as ZodTypeAny, mode, path, limits, key);
      return l && r && typeof l === "object" && typeof r === "object" ? { ...l, ...r } : l ?? r;
    }
    case ZodFirstPartyTypeKind.ZodUnion:
      return gen((def.options as ZodTypeAny[])[0], mode, path, limits, key);
    case ZodFirstPartyTypeKind.ZodDiscriminatedUnion:
      return gen([...(def.options as ZodTypeAny[])][0], mode, path, limits, key);
    case ZodFirstPartyTypeKind.ZodOptional:
    case ZodFirstPartyTypeKind.ZodNullable:
    case ZodFirstPartyTypeKind.ZodDefault:
    case ZodFirstPartyTypeKind.ZodCatch:
    case ZodFirstPartyTypeKind.ZodReadonly:
      return gen(def.innerType as ZodTypeAny, mode, path, limits, key);
    case ZodFirstPartyTypeKind.ZodBranded:
      return gen(def.type as ZodTypeAny, mode, path, limits, key);
    case ZodFirstPartyTypeKind.ZodLazy:
      return gen((def.getter as () => ZodTypeAny)(), mode, path, limits, key);
    case ZodFirstPartyTypeKind.ZodEffects: {
      const inner = def.schema as ZodTypeAny;
      const innerKind = (inner._def as { typeName: ZodFirstPartyTypeKind }).typeName;
      if (innerKind === ZodFirstPartyTypeKind.ZodString || stringMax(t).length) return gen(inner, mode, path, limits, key) ?? leafString();
      return gen(inner, mode, path, limits, key);
    }
    case ZodFirstPartyTypeKind.ZodPipeline: {
      const inner = def.in as ZodTypeAny;
      const innerKind = (inner._def as { typeName: ZodFirstPartyTypeKind }).typeName;
      if (stringMax(t).length) return leafString();
      return gen(innerKind === ZodFirstPartyTypeKind.ZodUnknown || innerKind === ZodFirstPartyTypeKind.ZodAny ? (def.out as ZodTypeAny) : inner, mode, path, limits, key);
    }
    case ZodFirstPartyTypeKind.ZodString:
      return leafString();
    case ZodFirstPartyTypeKind.ZodNumber: {
      const b = numberBounds(t) ?? {};
      if (mode === "empty") return undefined;
      if (mode === "blank") return "";
      if (mode === "wrongType") return "열";
      if (mode === "outOfRange") return b.max !== undefined ? b.max + 1 : b.min !== undefined ? b.min - 1 : -1e12;
      return 1;
    }
    case ZodFirstPartyTypeKind.ZodBoolean:
      return mode === "wrongType" ? "네" : mode === "empty" ? undefined : true;
    case ZodFirstPartyTypeKind.ZodEnum:
    case ZodFirstPartyTypeKind.ZodNativeEnum:
    case ZodFirstPartyTypeKind.ZodLiteral:
      return mode === "empty" ? undefined : mode === "wrongType" ? 12 : mode === "blank" ? "" : "zz";
    default:
      return mode === "empty" ? undefined : mode === "wrongType" ? { not: "it" } : "1";
  }
}

/** The English zod says by itself, or any run of three Latin words. */
const LATIN_SENTENCE = /[A-Za-z]*[a-z]+[\s,.:'()]+[a-z]+[\s,.:'()]+[a-z]+|\b(Required|Invalid|Expected|must|received)\b/;
const HANGUL = /[가-힣]/;
/** '…을 입력하세요.', '…를 모두 선택해주세요.': a message for an empty value */
const ASKS_TO_ENTER = /[을를] (모두 )?(입력|선택) ?(하세요|해주세요|해 주세요)/;
/** '100자', '1000글자' (not '4자리': digits) */
const STATED_LENGTH = /([0-9][0-9,]*)(글)?자(?!리)/;

function problems(issues: readonly ZodIssue[], mode: Mode, limits: Map<string, number>): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    const at = issue.path.join(".");
    const m = issue.message;
    if (!HANGUL.test(m) || LATIN_SENTENCE.test(m)) out.push(`${mode} ${at}: not Korean: ${m}`);
    const limit = limits.get(at);
    if (limit !== undefined) {
      if (ASKS_TO_ENTER.test(m)) out.push(`${mode} ${at}: asks to enter a value ${limit + 1} characters long: ${m}`);
      const stated = STATED_LENGTH.exec(m);
      if (stated && Number(stated[1].replace(/,/g, "")) !== limit) out.push(`${mode} ${at}: states ${stated[1]} where the rule's limit is ${limit}: ${m}`);
    }
  }
  return out;
}

describe("every schema of app/schemas answers in Korean, and never against its input (issue 35)", async () => {
  const { named, missingFactories } = await allSchemas();

  it("finds every schema and has the arguments of every exported factory", () => {
    expect(missingFactories).toEqual([]);
    // a floor, so that an enumeration that silently finds nothing fails
    expect(named.length).toBeGreaterThan(40);
    // a screen's own schema in its route folder (ADR 0073) is driven too
    expect(named.map((n) => n.name)).toContain("../routes/_app.insert.eval.patient-safety+/__schema.ts:patientSafetySchema");
  });

  it.each(named.map((n) => [n.name, n.schema] as const))("%s", async (_name, schema) => {
    const found: string[] = [];
    for (const mode of MODES) {
      const limits = new Map<string, number>();
      const input = gen(schema, mode, "", limits);
      const r = await schema.safeParseAsync(input);
      if (!r.success) found.push(...problems(r.error.issues, mode, limits));
      // the overlong value of each limited field also alone among valid-looking values
      if (mode === "overlongHangul" && limits.size && input && typeof input === "object") {
        const r2 = await schema.safeParseAsync(input);
        if (!r2.success) found.push(...problems(r2.error.issues, mode, limits));
      }
    }
    expect(found).toEqual([]);
  });
});

describe("the Korean error map is zod's wherever a rule runs (issue 35)", () => {
  it("every module of app/schemas takes zod from app/schemas/zod.ts", async () => {
    const { readFileSync } = await import("node:fs");
    const direct = files.filter((f) => f !== "zod.ts" && /from "zod"/.test(readFileSync(`${SCHEMA_DIR}${f}`, "utf8")));
    expect(direct).toEqual([]);
  });

  it("a rule written in the embedded backend with plain zod answers in Korean and names its limit", async () => {
    await import("../../app/embedded/lib/envelope.server");
    const { z } = await import("zod");
    const r = z.object({ name: z.string().max(100), n: z.coerce.number().int().min(1).max(999) }).safeParse({ name: "가".repeat(101), n: "0" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(["100자 이하로 입력해주세요.", "1 이상의 값을 입력해주세요."]);
  });
});
