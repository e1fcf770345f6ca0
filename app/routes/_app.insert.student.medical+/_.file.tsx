/** An attachment of a 국제보건의료 활동 record (`?year=&seq=&file=`), streamed from the backend's /api/fileDownload.do with its Korean name. */
import { medicalFileLoader } from "~/routes/__activities.server";

export const loader = medicalFileLoader;
