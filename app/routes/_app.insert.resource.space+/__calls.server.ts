/**
 * E17 space status (spec 002 §7 "Space status"; docs/contract.md "Space status"): getData.do, the
 * nine tab saves, the template and the upload. The data's wire schema checks the parts the screen
 * reads (each is an object or a list); the values themselves are shown as the server gives them.
 * Their definitions are ./__calls.ts. The embedded backend's side of these calls stays in the
 * backend's tier (ADR 0073): app/embedded/handlers/space.server.ts, its demo rows in
 * app/embedded/db/seed-space.server.ts.
 */
import type { z } from "zod";
import type { CallDef } from "~/calls/define";
import { SPACE } from "./__calls";
import type { SpaceData, SpaceTab } from "./__schema";
import { callLegacy, downloadLegacy, type TokenHolder } from "~/legacy/gateway.server";
import type { messageReply } from "~/legacy/wire";

/** What a tab's save sends: its tab's schema's output (./__schema.ts SPACE_SCHEMAS). */
export type SpaceSaveBody = z.input<(typeof SPACE)[SpaceTab]["request"]>;

export async function getSpaceData(session: TokenHolder, year: number): Promise<SpaceData> {
  return (await callLegacy(SPACE.data, { year }, { session })) as unknown as SpaceData;
}


/** One tab's save (its call's body as the tab's schema made it); answers the server's message. */
export async function saveSpaceTab(session: TokenHolder, tab: SpaceTab, body: SpaceSaveBody): Promise<string> {
  const def: CallDef<z.ZodType<SpaceSaveBody>, typeof messageReply, "json"> = SPACE[tab];
  return (await callLegacy(def, body, { session })).message;
}

export function downloadSpaceTemplate(session: TokenHolder, year: number) {
  return downloadLegacy(SPACE.template, { year }, { session });
}


export function uploadSpaceExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(SPACE.upload, fd, { session, timeoutMs });
}
