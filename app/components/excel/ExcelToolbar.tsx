/**
 * The one Excel toolbar (docs/architecture.md "Excel"): template download, upload of one .xlsx with its
 * result (success and failure counts and the failing rows), and bulk download. Downloads are
 * plain links to resource routes (the file name comes from Content-Disposition; a failure comes
 * back to the page with '엑셀 다운로드 실패하였습니다.'). The upload is a native multipart post
 * that works without JavaScript; with it the file is checked on choice ('xlsx 파일만 등록이
 * 가능합니다.', '하나의 파일만 선택해 주세요') and the form shows that it is uploading. In evaluation
 * mode only the download is rendered.
 */
import { Button, Text, Box } from "~/components/ui/mantine";
import { Form, useNavigation } from "@remix-run/react";
import { IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { CsrfField } from "~/components/form/field-state";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { PlainButton, PlainGroup } from "~/components/ui/plain";

export interface ExcelUploadResult {
  successCount: number;
  faildCount: number;
  failures: { row: number; id?: string | null; message: string }[];
  message?: string | null;
  /** The embedded backend's extension (ADR 0061): absent from a legacy server's reply. */
  insertCount?: number | null;
  updateCount?: number | null;
  unchangedCount?: number | null;
}

/** 'Added N, updated N, unchanged N' when the reply counts them (and that nothing changed when so), else nothing. */
export function uploadBreakdown(r: ExcelUploadResult): string | null {
  if (typeof r.insertCount !== "number" || typeof r.updateCount !== "number" || typeof r.unchangedCount !== "number") return null;
  const counts = OWN_MSG.uploadBreakdown
    .replace("{insert}", String(r.insertCount))
    .replace("{update}", String(r.updateCount))
    .replace("{unchanged}", String(r.unchangedCount));
  return r.insertCount + r.updateCount === 0 ? `${OWN_MSG.uploadNothingChanged} (${counts})` : counts;
}

export interface ExcelToolbarProps {
  /** resource route of the bulk download (with the current filters); absent on a screen with none (E17) */
  downloadHref?: string;
  /** resource route of the template; absent in evaluation mode */
  templateHref?: string;
  /** where the upload posts (the list route's action); absent in evaluation mode */
  uploadAction?: string;
  /** extra fields posted with the upload (year…) */
  uploadFields?: Record<string, string>;
  result?: ExcelUploadResult | null;
  /** a note after the failure count (students: '(학번 중복, 필수항목 입력 등 확인 필요)') */
  failureNote?: string;
  evalMode?: boolean;
}

/**
 * The download and template links of a list's Excel resource route (`{path}/excel`, see
 * `excelDownload`): the download carries the year, the list's filters and, in evaluation mode, the
 * evaluation's ids; the template the year (when the screen has one).
 */
export function excelLinks(
  path: string,
  opts: { year?: number; filters?: Record<string, string | readonly string[] | null | undefined>; evalMode?: { eiSeq: number; menuSeq: number } | null },
): { downloadHref: string; templateHref: string } {
  const download = new URLSearchParams({ type: "download" });
  const template = new URLSearchParams({ type: "template" });
  if (opts.year !== undefined) {
    download.set("year", String(opts.year));
    template.set("year", String(opts.year));
  }
  for (const [key, value] of Object.entries(opts.filters ?? {})) {
    if (typeof value === "string") {
      if (value) download.set(key, value);
    } else if (value) {
      for (const v of value) download.append(key, v);
    }
  }
  if (opts.evalMode) {
    download.set("eiSeq", String(opts.evalMode.eiSeq));
    download.set("menuSeq", String(opts.evalMode.menuSeq));
  }
  return { downloadHref: `${path}/excel?${download}`, templateHref: `${path}/excel?${template}` };
}

export function ExcelToolbar({ downloadHref, templateHref, uploadAction, uploadFields = {}, result, failureNote, evalMode }: ExcelToolbarProps) {
  const navigation = useNavigation();
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "excelUpload";
  return (
    <div className="excel-toolbar">
      <PlainGroup gap="sm" wrap="wrap" align="flex-end">
        {!evalMode && templateHref ? (
          <PlainButton component="a" href={templateHref} variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
            양식 다운로드
          </PlainButton>
        ) : null}
        {!evalMode && uploadAction ? (
          <Form
            method="post"
            action={uploadAction}
            encType="multipart/form-data"
            onSubmit={(e) => {
              if (problem) e.preventDefault();
            }}
          >
            <CsrfField />
            <input type="hidden" name="intent" value="excelUpload" />
            {Object.entries(uploadFields).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <PlainGroup gap="xs" align="flex-end" wrap="wrap">
              <div>
                <label htmlFor="excel-file" className="file-label">
                  엑셀 파일 (.xlsx)
                </label>
                <input
                  id="excel-file"
                  className="file-input"
                  type="file"
                  name="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  required
                  aria-describedby={problem ? "excel-file-problem" : undefined}
                  onChange={(e) => {
                    const files = [...(e.currentTarget.files ?? [])];
                    if (files.length > 1) setProblem(MSG.oneFileOnly);
                    else if (files[0] && !files[0].name.toLowerCase().endsWith(".xlsx")) setProblem(MSG.xlsxOnly);
                    else setProblem(null);
                  }}
                />
              </div>
              <Button type="submit" variant="light" loading={uploading} leftSection={<IconUpload size={16} aria-hidden />}>
                업로드
              </Button>
            </PlainGroup>
            {problem ? (
              <Text id="excel-file-problem" role="alert" c="red.9" size="sm" mt={4}>
                {problem}
              </Text>
            ) : null}
          </Form>
        ) : null}
        {downloadHref ? (
          <PlainButton component="a" href={downloadHref} variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            엑셀 다운로드
          </PlainButton>
        ) : null}
      </PlainGroup>
      {result ? (
        <Box role="status" mt="sm" p="sm" className="excel-result" data-testid="excel-result">
          <Text fw={700}>
            업로드 결과: 성공 {result.successCount}건, 실패 {result.faildCount}건
            {result.faildCount > 0 && failureNote ? ` ${failureNote}` : ""}
          </Text>
          {uploadBreakdown(result) ? <Text>{uploadBreakdown(result)}</Text> : null}
          {result.failures.length > 0 ? (
            <ul className="excel-failures">
              {result.failures.slice(0, 100).map((f) => (
                <li key={`${f.row}-${f.message}`}>
                  {f.row}행{f.id ? ` (${f.id})` : ""}: {f.message}
                </li>
              ))}
              {result.failures.length > 100 ? <li>외 {result.failures.length - 100}건</li> : null}
            </ul>
          ) : null}
        </Box>
      ) : null}
    </div>
  );
}

