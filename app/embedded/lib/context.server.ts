/**
 * What every handler gets: the database, the token service (its secret lives in app_settings so
 * tokens survive restarts and are shared by every instance on one PostgreSQL), the caller's
 * identity, and the parsed JSON body.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { appSettings, type AuthSessionRow, type UserRow } from "../db/schema";
import { TokenService, decodeJwtSecret, newJwtSecret } from "../crypto.server";
import type { Envelope } from "./envelope.server";
import { dbStorage, type FileStorage } from "./storage.server";
import type { SyncSources } from "../reports/sources.server";
import type { CallDef } from "../../calls/define";

export interface Deps {
  db: Db;
  tokens(): Promise<TokenService>;
  /** Stored files (in the database). */
  storage: FileStorage;
  /** The synced reports' sources and clock (issue 12; injected in tests). */
  reports: ReportDeps;
}

export interface ReportDeps {
  sources: SyncSources;
  now: () => Date;
}

export interface AuthInfo {
  user: UserRow;
  session: AuthSessionRow;
  isAdmin: boolean;
  authorities: string[];
}

export interface CallContext {
  deps: Deps;
  db: Db;
  /** The JSON body, or the text fields of a multipart body (a repeated name becomes an array). */
  body: Record<string, unknown>;
  /** The files of a multipart body by field name (empty file inputs left out); {} otherwise. */
  files: Record<string, File[]>;
  auth: AuthInfo | null;
  req: Request;
}

/**
 * Who may call a route: anyone, anyone (identified when a token comes), a signed-in user, or an
 * administrator (`admin`, ADR 0040: a signed-in user who is not one gets status 403
 * '해당 메뉴는 접근할 수 없습니다.' before the handler runs).
 */
export type AuthMode = "none" | "optional" | "required" | "admin";

export interface RouteDef {
  path: string;
  /** the call's definition (app/calls, ADR 0079): its path, and the reply schema CHECK_REPLIES parses each reply with */
  call?: CallDef;
  auth: AuthMode;
  handler: (ctx: CallContext) => Promise<Envelope>;
  /**
   * Also accepts `multipart/form-data` (uploads) of at most this many bytes in all; the caller is
   * authenticated before such a body is read. A JSON body is accepted as on every route.
   */
  multipartMaxBytes?: number;
}

/**
 * A GET route that answers a raw Response (file downloads). Its query parameters arrive as
 * `body` (strings); failures are thrown as HttpError, which answers the JSON envelope.
 */
export interface GetRouteDef {
  path: string;
  call?: CallDef;
  auth: AuthMode;
  handler: (ctx: CallContext) => Promise<Response>;
}

/** The route of a call's definition (app/calls, ADR 0079): its path is the definition's. */
export function route(call: CallDef, auth: AuthMode, handler: RouteDef["handler"], more: Pick<RouteDef, "multipartMaxBytes"> = {}): RouteDef {
  return { path: call.path, call, auth, handler, ...more };
}

/** The download route of a call's definition (GET, or a POST answering a file). */
export function getRoute(call: CallDef, auth: AuthMode, handler: GetRouteDef["handler"]): GetRouteDef {
  return { path: call.path, call, auth, handler };
}

/** The caller's identity on a route declared with auth 'required' or 'admin'. */
export function requireAuth(ctx: CallContext): AuthInfo {
  if (!ctx.auth) throw new Error(`route needs auth 'required'`);
  return ctx.auth;
}

const JWT_SECRET_KEY = "jwt_secret";

/** Reads the JWT secret from app_settings, creating it on first use (race-safe). */
export async function loadJwtSecret(db: Db): Promise<Uint8Array> {
  await db.insert(appSettings).values({ key: JWT_SECRET_KEY, value: newJwtSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, JWT_SECRET_KEY)).limit(1);
  if (!row) throw new Error("JWT secret missing from app_settings");
  return decodeJwtSecret(row.value);
}

export function createDeps(db: Db, reports: ReportDeps): Deps {
  let tokens: Promise<TokenService> | null = null;
  return {
    db,
    reports,
    storage: dbStorage(db),
    tokens() {
      tokens ??= loadJwtSecret(db).then((s) => new TokenService(s));
      tokens.catch(() => {
        tokens = null;
      });
      return tokens;
    },
  };
}
