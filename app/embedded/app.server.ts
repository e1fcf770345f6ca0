/**
 * The embedded backend's Hono app: the `.do` contract of docs/contract.md over a Drizzle database.
 * Every route is POST with a JSON body, except the GET downloads; routes are declared per domain in
 * handlers/*.server.ts.
 */
import { Hono } from "hono";
import { MSG, OWN_MSG } from "../schemas/messages.ko";
import type { Db } from "./db/client.server";
import { accountRoutes } from "./handlers/account.server";
import { authRoutes } from "./handlers/auth.server";
import { codeRoutes } from "./handlers/code.server";
import { fileGetRoutes, fileRoutes } from "./handlers/file.server";
import { menuRoutes } from "./handlers/menu.server";
import { messageRoutes } from "./handlers/message.server";
import { authenticate } from "./lib/auth.server";
import { createDeps, type AuthInfo, type Deps, type GetRouteDef, type RouteDef } from "./lib/context.server";
import { ApiError, HttpError, type Envelope } from "./lib/envelope.server";

/** Request bodies above this size are refused (JSON calls; uploads get their own limits). */
const MAX_JSON_BYTES = 1024 * 1024;

export const ROUTES: readonly RouteDef[] = [
  ...authRoutes,
  ...menuRoutes,
  ...accountRoutes,
  ...codeRoutes,
  ...messageRoutes,
  ...fileRoutes,
];

/** The GET routes (downloads): query parameters instead of a JSON body, a raw Response. */
export const GET_ROUTES: readonly GetRouteDef[] = [...fileGetRoutes];

type Env = { Variables: { deps: Deps } };

/** Reads the JSON body: empty is {}, anything but a JSON object is a bad request. */
async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new HttpError(413, OWN_MSG.badRequest);
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, OWN_MSG.badRequest);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, OWN_MSG.badRequest);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new HttpError(400, OWN_MSG.badRequest);
  return value as Record<string, unknown>;
}

export function createEmbeddedApp(db: Db): Hono<Env> {
  const deps = createDeps(db);
  const app = new Hono<Env>();

  for (const route of ROUTES) {
    app.post(route.path, async (c) => {
      const req = c.req.raw;
      const body = await readJsonBody(req);
      let auth: AuthInfo | null = null;
      if (route.auth !== "none") auth = await authenticate(deps, req, route.auth === "optional");
      const envelope: Envelope = await route.handler({ deps, db, body, auth, req });
      return c.json(envelope, 200);
    });
  }

  for (const route of GET_ROUTES) {
    app.get(route.path, async (c) => {
      const req = c.req.raw;
      const body: Record<string, unknown> = Object.fromEntries(new URL(req.url).searchParams);
      let auth: AuthInfo | null = null;
      if (route.auth !== "none") auth = await authenticate(deps, req, route.auth === "optional");
      return route.handler({ deps, db, body, auth, req });
    });
  }

  app.notFound((c) => c.json({ status: 404, message: MSG.notFound }, 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.envelope, 200);
    if (err instanceof HttpError) {
      // 419 is not a registered status code, so build the response by hand.
      return new Response(JSON.stringify({ status: err.httpStatus, message: err.message }), {
        status: err.httpStatus,
        headers: { "content-type": "application/json; charset=UTF-8" },
      });
    }
    console.error(`[embedded] ${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ status: 500, message: MSG.genericError }, 500);
  });

  return app;
}
