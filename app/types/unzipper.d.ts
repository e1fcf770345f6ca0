/** The part of unzipper 0.10 (exceljs's own zip reader) that excel.server.ts uses: the central directory of a zip in memory. */
declare module "unzipper" {
  import type { Readable } from "node:stream";
  export interface CentralDirectoryFile {
    path: string;
    type: "File" | "Directory";
    compressedSize: number;
    uncompressedSize: number;
    stream(): Readable;
  }
  export interface CentralDirectory {
    files: CentralDirectoryFile[];
  }
  export const Open: { buffer(buffer: Buffer): Promise<CentralDirectory> };
  const unzipper: { Open: typeof Open };
  export default unzipper;
}
