/** A seminar's schedule (`?year=&smSeq=`), streamed from the backend's /api/fileDownload.do with its Korean name. */
import { seminarFileLoader } from "./__loader.server";

export const loader = seminarFileLoader;
