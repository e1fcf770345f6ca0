/**
 * P06 data list page (menu type DATA; spec 000 §2 "Data list page") on the list kit: the year and
 * a search text (file name or keyword); the columns number, file name, keywords, size, manager,
 * register date and the row's actions in the spec's order: delete (the kit's question), edit (the
 * file dialog), download (the file with its Korean name) and preview (image, video, pdf, audio).
 */
import { Link } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, numberColumn, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { dataPath, sizeText, type WireDataFile } from "./__schema";
import { formDialog, type ListData } from "~/utils/list-url";
import { withParams } from "~/utils/url";
import { DATA_FORM_ID, DataFileDialog, type DataFileDialogData } from "./__dialog";
import { FilePreview } from "./__preview-dialog";

type Row = WireDataFile & Record<string, unknown>;

export type DataFileData = ListData<{ value: string }, DataFileDialogData | Row | null, { menuSeq: number; menuNm: string }>;

/** A file's download link (the resource route finds it among the menu's files of its year). */
export const dataFileHref = (path: string, f: { year: number; seq: number }) => `${path}/file${withParams("", { year: String(f.year), seq: String(f.seq) })}`;

/** The row's buttons in the spec's order: delete, edit, download, preview. */
function FileActions({ path, row }: { path: string; row: Row }) {
  const { dialogHref } = useListLinks(path, "seq");
  const link = (text: string, kind: "delete" | "edit" | "preview", red?: boolean) => (
    <Link to={dialogHref(kind, row.seq)} preventScrollReset className="row-button" data-red={red || undefined} aria-label={`${text}: ${row.orn}`}>
      {text}
    </Link>
  );
  return (
    <div className="row-actions">
      {link("삭제", "delete", true)}
      {link("수정", "edit")}
      <a href={dataFileHref(path, row)} className="row-button" aria-label={`다운로드: ${row.orn}`}>
        다운로드
      </a>
      {link("미리보기", "preview")}
    </div>
  );
}

export function DataFilePage({ data, reply }: { data: DataFileData; reply?: ListReplyData }) {
  const menuSeq = data.more?.menuSeq ?? 0;
  const title = data.more?.menuNm ?? "자료실";
  const path = dataPath(menuSeq);
  const { closeTo, here } = useListLinks(path, "seq");
  const columns: DataColumn<Row>[] = [
    numberColumn<Row>(data),
    { key: "orn", header: "파일명", sortable: true, wrap: true },
    { key: "keyword", header: "키워드", sortable: true, wrap: true },
    { key: "flsz", header: "크기", align: "right", sortable: true, cell: (r) => sizeText(r.flsz) },
    { key: "userNm", header: "담당자", align: "center", sortable: true },
    { key: "regDt", header: "등록일", align: "center", sortable: true, cell: (r) => (r.regDt ?? "").slice(0, 10) },
    { key: "actions", header: "관리", align: "center", pinRight: true, cell: (r) => <FileActions path={path} row={r} /> },
  ];
  const open = formDialog<DataFileDialogData>(data.dialog);
  const preview = data.dialog?.kind === "preview" ? (data.dialog.data as Row | null) : null;
  return (
    <ListPage<Row>
      path={path}
      keyName="seq"
      data={data}
      title={title}
      register="파일 등록"
      // getCommFileList.do answers newest first (docs/contract.md)
      initialSort={{ key: "regDt", dir: "desc" }}
      search={{ value: data.filter.value, placeholder: "파일명 또는 키워드", label: "파일명·키워드 검색" }}
      searching={Boolean(data.filter.value)}
      columns={columns}
      caption={`${title} 파일 목록: 번호, 파일명, 키워드, 크기, 담당자, 등록일과 관리 기능`}
      reply={reply}
      dialogFormId={DATA_FORM_ID}
      remove={{ title: "파일 삭제", subject: (r) => String(r.orn) }}
      dialog={
        open ? (
          <DataFileDialog key={`${open.mode}-${open.seq ?? "new"}`} dialog={open} reply={reply} action={here} closeTo={closeTo} />
        ) : preview ? (
          <FilePreview file={preview} closeTo={closeTo} />
        ) : null
      }
      unit="건"
      testId="data-file-list"
      rowTestId="data-file-row"
    />
  );
}
