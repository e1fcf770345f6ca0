/** The attachment of a 연구참여 및 수상 program (`?paSeq=`), streamed from the backend's /api/fileDownload.do with its Korean name. */
import { awardsFileLoader } from "./__loader.server";

export const loader = awardsFileLoader;
