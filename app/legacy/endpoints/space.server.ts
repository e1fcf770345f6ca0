/**
 * E17 space status (spec 002 §7 "Space status"; docs/contract.md "Space status"): getData.do, the
 * nine tab saves, the template and the upload. The data's wire schema checks the parts the screen
 * reads (each is an object or a list); the values themselves are shown as the server gives them.
 */
import type { z } from "zod";
import type { CallDef } from "~/calls/define";
import { SPACE } from "~/calls/space";
import type { SpaceData, SpaceTab } from "~/schemas/space";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { messageReply } from "../wire";

/** What a tab's save sends: its tab's schema's output (app/schemas/space.ts SPACE_SCHEMAS). */
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
