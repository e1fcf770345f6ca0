/** An attachment of a 봉사활동 record (`?year=&seq=&file=`), streamed from the backend's /api/fileDownload.do with its Korean name. */
import { volunteerFileLoader } from "~/routes/__activities.server";

export const loader = volunteerFileLoader;
