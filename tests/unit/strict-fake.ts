/**
 * A strict fake legacy server: the embedded backend behind a filter that strips every JSON reply
 * down to what the spec lists for the call (app/legacy/spec-replies.ts). A call without a spec
 * list fails (the test must name every call the web tier makes). Requests pass through unchanged
 * and are recorded, so that tests can check what the web tier sent.
 *
 * One emulation: a legacy server's changePwd.do takes {userSeq, userPass} (spec 000 §7) and keeps
 * whatever it needs of the find on its side; the embedded backend instead hands out a change token
 * (docs/contract.md). The fake strips the token from findUserInfo.do's reply, remembers it by
 * userSeq, and puts it back on a changePwd.do request that comes without one: the web tier's
 * request is recorded as it was sent. The embedded backend's change also needs the one-time code
 * it sent (ADR 0024); a legacy server has none, so the fake adds the code too, read through
 * `codeOf` (the administrators' outbox).
 *
 * With `vary` on (tests/unit/tolerant-replies.test.ts), every JSON reply's `result` is also
 * rewritten as a Java legacy server might send it (app/embedded/spec-only/vary.server.ts);
 * `passUnlisted` lets calls the spec lists nothing for through unstripped (varied all the same).
 */
import { varyReply } from "~/embedded/spec-only/vary.server";
import type { Transport } from "~/legacy/transport.server";
import { SPEC_REPLIES, stripReply } from "~/legacy/spec-replies";

export interface SeenCall {
  path: string;
  /** the JSON body, or a multipart body's text fields */
  body: Record<string, unknown>;
}

export interface StrictFake {
  transport: Transport;
  /** rewrite every JSON reply's `result` as a Java legacy server might (app/embedded/spec-only/vary.server.ts); may be switched between calls */
  vary: boolean;
  /** every call, in order */
  seen: SeenCall[];
  /** the last call of a path */
  last(path: string): SeenCall | undefined;
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method !== "POST") return Object.fromEntries(new URL(request.url).searchParams);
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    const fd = await request.clone().formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of fd.entries()) if (typeof v === "string") out[k] = v;
    return out;
  }
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const isEval = (body: Record<string, unknown>) => Boolean(body.eiSeq) && Boolean(body.menuSeq);

export interface StrictFakeOptions {
  codeOf?: (userSeq: number) => Promise<string>;
  /** start with the shape varier on (StrictFake.vary) */
  vary?: boolean;
  /** a call without a spec list passes unstripped instead of failing (replies still varied) */
  passUnlisted?: boolean;
}

export function strictFake(backend: Transport, opts: StrictFakeOptions = {}): StrictFake {
  const seen: SeenCall[] = [];
  const changeTokens = new Map<number, string>();

  const transport: Transport = async (request) => {
    const path = new URL(request.url).pathname;
    const body = await readBody(request);
    seen.push({ path, body });
    const isDownload = request.method === "GET";
    const spec = SPEC_REPLIES[path];
    if (!spec && !isDownload && !opts.passUnlisted) throw new Error(`strict fake: no spec list for ${path} (add it to app/legacy/spec-replies.ts)`);

    let forwarded = request;
    if (path === "/api/loginpass/changePwd.do" && !body.changeToken) {
      const token = changeTokens.get(Number(body.userSeq));
      if (token) {
        const code = opts.codeOf ? await opts.codeOf(Number(body.userSeq)) : undefined;
        forwarded = new Request(request.url, { method: "POST", headers: request.headers, body: JSON.stringify({ ...body, changeToken: token, code }) });
      }
    }
    const res = await backend(forwarded);
    if (!(res.headers.get("content-type") ?? "").includes("application/json") || (!spec && !fake.vary)) return res;

    const reply = (await res.json()) as Record<string, unknown>;
    if (path === "/api/loginpass/findUserInfo.do") {
      const info = (reply.result as { findInfo?: { userSeq: number; changeToken?: string } } | null)?.findInfo;
      if (info?.changeToken) changeTokens.set(info.userSeq, info.changeToken);
    }
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    const stripped = spec ? stripReply(reply, spec, isEval(body)) : reply;
    if (fake.vary && "result" in stripped) stripped.result = varyReply(stripped.result);
    return new Response(JSON.stringify(stripped), { status: res.status, headers });
  };

  const fake: StrictFake = { transport, vary: opts.vary ?? false, seen, last: (path) => [...seen].reverse().find((c) => c.path === path) };
  return fake;
}
