/** A data page's file (`/data/{menuSeq}/file?year=&seq=`), streamed from the backend's /api/fileDownload.do with its Korean name. */
import { dataFileDownloadLoader } from "./__loader.server";

export const loader = dataFileDownloadLoader;
