/**
 * One definition per `.do` call (issue 38 item 1, ADR 0079): its path, how it is sent, the fields
 * of its request, the reply schema the web tier reads it with, and the spec section that names it
 * (null: our extension, which a legacy server may lack and the pages work without).
 *
 * The one place a path is written. Both tiers use the definition:
 * - the gateway sends it (`callLegacy`, `downloadLegacy` in app/legacy/gateway.server.ts): the body's
 *   type is the request schema's input, the reply is parsed with `reply`; on the end-to-end server
 *   (INVENTORY_STRICT=1) a body with a field the request does not declare fails at once;
 * - the embedded backend serves it (`route`, `getRoute` in app/embedded/lib/context.server.ts): with
 *   CHECK_REPLIES=1 (the contract and end-to-end runs) every reply it gives is parsed with the same
 *   `reply` schema, so the stand-in cannot drift from what the web tier reads;
 * - docs/contract.md's inventory and app/legacy/inventory.generated.ts are generated from the
 *   definitions (npm run inventory), and tests/unit/calls.test.ts checks that no other file of
 *   app/ writes a path.
 *
 * This module and app/calls/* import zod and the tolerant wire primitives only: both tiers import
 * them (tests/unit/import-tiers.test.ts).
 */
import { z, type ZodTypeAny } from "zod";

/**
 * How a call is sent:
 * - `json`: POST with a JSON body, the JSON envelope answered;
 * - `upload`: POST multipart/form-data (a FormData: the request's fields plus files), the envelope answered;
 * - `download`: GET with the request's fields as the query, a file answered (or an error envelope);
 * - `postDownload`: POST with a JSON body, a file answered.
 */
export type CallKind = "json" | "upload" | "download" | "postDownload";

export interface CallDef<Req extends ZodTypeAny = ZodTypeAny, Rep extends ZodTypeAny = ZodTypeAny, K extends CallKind = CallKind> {
  readonly path: string;
  readonly kind: K;
  /** the request's fields as the web tier writes them (JSON body, multipart fields, or query) */
  readonly request: Req;
  /** what the web tier reads of the reply: `result`, or the whole body when `whole` (downloads: nothing) */
  readonly reply: Rep;
  readonly whole: boolean;
  /** the spec section that names the call ("spec 001 §7"), or null for our extension */
  readonly spec: string | null;
}

/** A call that answers a file. */
export type DownloadDef = CallDef<ZodTypeAny, ZodTypeAny, "download" | "postDownload">;

/** A request with no fields. */
export const noFields = z.object({});

/** Evaluation mode's two parameters (both present: the configured columns, docs/contract.md). */
export const evalFields = { eiSeq: z.number().optional(), menuSeq: z.number().optional() };
/** A list's paging and sort (docs/contract.md "Paging and sorting"). */
export const pageFields = { page: z.number().optional(), size: z.number().optional(), sort: z.string().optional() };
/** A query's value: a GET's fields arrive as text (asQuery writes numbers and lists as text). */
export const queryValue = z.union([z.string(), z.number(), z.array(z.string())]).optional();

interface Definition<Req extends ZodTypeAny, Rep extends ZodTypeAny, K extends CallKind> {
  kind?: K;
  request: Req;
  reply?: Rep;
  whole?: boolean;
  spec: string | null;
}

/** A definition: `kind` json and `reply` z.unknown() (nothing read) unless given. */
export function defineCall<Req extends ZodTypeAny, Rep extends ZodTypeAny = z.ZodUnknown, K extends CallKind = "json">(path: string, d: Definition<Req, Rep, K>): CallDef<Req, Rep, K> {
  return Object.freeze({
    path,
    kind: (d.kind ?? "json") as K,
    request: d.request,
    reply: (d.reply ?? z.unknown()) as Rep,
    whole: d.whole ?? false,
    spec: d.spec,
  });
}

/** The fields a request declares (null: a request schema that is not an object, which declares none by name). */
export function requestFields(def: CallDef): ReadonlySet<string> | null {
  let s: ZodTypeAny = def.request;
  while (s instanceof z.ZodEffects) s = s.innerType();
  return s instanceof z.ZodObject ? new Set(Object.keys(s.shape as object)) : null;
}

/** The names a body sends that its call's request does not declare ([] for a request that declares none by name). */
export function undeclaredFields(def: CallDef, body: unknown): string[] {
  const declared = requestFields(def);
  if (!declared) return [];
  const names =
    body instanceof FormData || body instanceof URLSearchParams
      ? [...new Set([...body.keys()])]
      : body && typeof body === "object"
        ? Object.entries(body as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .map(([k]) => k)
        : [];
  return names.filter((n) => !declared.has(n));
}

/** The paths of a group of definitions by the same names (the contract tests post to them). */
export function pathsOf<T extends Record<string, CallDef>>(defs: T): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(defs).map(([k, d]) => [k, d.path])) as { [K in keyof T]: string };
}
