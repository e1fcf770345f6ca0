/**
 * E17 space status (spec 002 §7 "Space status"; docs/contract.md "Space status"): getData.do, the
 * nine tab saves, the template and the upload. The data's wire schema checks the parts the screen
 * reads (each is an object or a list); the values themselves are shown as the server gives them.
 */
import { z } from "zod";
import { SPACE_CALLS, type SpaceData, type SpaceTab } from "~/schemas/space";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { asQuery, uploadReply, obj, list, messageReply, flag } from "../wire";

const part = z.record(z.unknown());
const rows = list(part);
const wireSpaceData = obj({
  fclInfo: part,
  fclEqpList: rows,
  stspList: rows,
  stfclList: rows,
  mdclLbrrInfo: part,
  lbrrList: rows,
  sGroupList: rows,
  dormInfo: part,
  ssYn: flag,
  selfsSpaceList: rows,
  wlcnvFcltyList: rows,
  eduInfo: part,
  mngrList: rows,
  evalList: rows,
  labInfo: part,
  labGrdList: rows,
  mngrInfoList: rows,
});

export async function getSpaceData(session: TokenHolder, year: number): Promise<SpaceData> {
  return (await legacyPost(SPACE_CALLS.data, { year }, wireSpaceData, { session })) as unknown as SpaceData;
}


/** One tab's save (its call's body as the tab's schema made it); answers the server's message. */
export async function saveSpaceTab(session: TokenHolder, tab: SpaceTab, body: unknown): Promise<string> {
  return (await legacyPost(SPACE_CALLS[tab], body, messageReply, { session, whole: true })).message;
}

export function downloadSpaceTemplate(session: TokenHolder, year: number) {
  return legacyDownload(SPACE_CALLS.template, asQuery({ year }), { session });
}


export function uploadSpaceExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost(SPACE_CALLS.upload, fd, uploadReply, { session, whole: true, timeoutMs });
}
