/**
 * E17 space status (spec 002 §7 "Space status"; docs/contract.md "Space status"): getData.do, the
 * nine tab saves, the template and the upload. The data's wire schema checks the parts the screen
 * reads (each is an object or a list); the values themselves are shown as the server gives them.
 */
import { z } from "zod";
import { SPACE_CALLS, type SpaceData, type SpaceTab } from "~/schemas/space";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { asQuery, wireUploadFailure } from "../wire";

const part = z.record(z.unknown());
const list = z.array(part).nullish().transform((v) => v ?? []);
const wireSpaceData = z
  .object({
    fclInfo: part,
    fclEqpList: list,
    stspList: list,
    stfclList: list,
    mdclLbrrInfo: part,
    lbrrList: list,
    sGroupList: list,
    dormInfo: part,
    ssYn: z.string().nullish(),
    selfsSpaceList: list,
    wlcnvFcltyList: list,
    eduInfo: part,
    mngrList: list,
    evalList: list,
    labInfo: part,
    labGrdList: list,
    mngrInfoList: list,
  })
  .passthrough();

export async function getSpaceData(session: TokenHolder, year: number): Promise<SpaceData> {
  return (await legacyPost(SPACE_CALLS.data, { year }, wireSpaceData, { session })) as unknown as SpaceData;
}

const savedReply = z.object({ message: z.string().nullish().transform((v) => v ?? "") }).passthrough();

/** One tab's save (its call's body as the tab's schema made it); answers the server's message. */
export async function saveSpaceTab(session: TokenHolder, tab: SpaceTab, body: unknown): Promise<string> {
  return (await legacyPost(SPACE_CALLS[tab], body, savedReply, { session, whole: true })).message;
}

export function downloadSpaceTemplate(session: TokenHolder, year: number) {
  return legacyDownload(SPACE_CALLS.template, asQuery({ year }), { session });
}

const num = z.coerce.number();
const uploadReply = z.object({ message: z.string().nullish().transform((v) => v ?? ""), successCount: num, faildCount: num, failures: z.array(wireUploadFailure).default([]) }).passthrough();

export function uploadSpaceExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost(SPACE_CALLS.upload, fd, uploadReply, { session, whole: true, timeoutMs });
}
