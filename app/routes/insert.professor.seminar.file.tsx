/** A seminar's schedule (`?year=&smSeq=`), streamed from the backend's /api/fileDownload.do with its Korean name. */
import { seminarFileLoader } from "./__seminars.server";

export const loader = seminarFileLoader;
