/**
 * P06 the file dialog (spec 000 §2 "Data list page", §5 "File upload"): insert (the year from 2024,
 * one or more files of the nine extensions, at most 10 MB each, comma-separated keywords, at most
 * 5) and update (the year and the keywords of a registered file: 'also when editing'). One native
 * multipart form: without JavaScript it posts as it is, and a refusal comes back with the
 * message and the typed keywords. With JavaScript the same rules are checked first, then the same
 * post goes through XMLHttpRequest so that the dialog shows the upload's progress (an accessible
 * <progress>); its redirect is followed, a refusal shown in the dialog with the keywords kept.
 */
import { Group, Stack, Text } from "~/components/ui/mantine";
import { useMatches, useNavigate } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { useFieldState } from "~/components/form/field-state";
import { SaveWithoutConfirm } from "~/components/form/ConfirmSubmit";
import { FieldGroup, SelectField, TextField } from "~/components/form/fields";
import { Dialog } from "~/components/layout/Dialog";
import type { ListReplyData } from "~/components/list/ListPage";
import type { DataFileDialogData } from "./__loader.server";
import { DATA_ACCEPT, DATA_FILE_EXTENSIONS, DATA_FILE_FIELD, DATA_MAX_FILES, dataFileOrder, dataFileSchemaOf } from "./__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { seoulYear } from "~/utils/time";

export type { DataFileDialogData };
export const DATA_FORM_ID = "data-file-form";

/** The files' input with its message (the browser's check or the server's). */
function FilesInput() {
  const { error } = useFieldState(DATA_FILE_FIELD);
  const errorId = `${DATA_FORM_ID}-file-error`;
  return (
    <FieldGroup legend={`파일 (한 번에 ${DATA_MAX_FILES}개까지, 파일당 10MB 이하: ${DATA_FILE_EXTENSIONS.join(", ")})`} required error={error} errorId={errorId}>
      <input type="file" name={DATA_FILE_FIELD} multiple accept={DATA_ACCEPT} id={`${DATA_FORM_ID}-file`} aria-label="파일" aria-describedby={error ? errorId : undefined} style={{ marginTop: 4 }} />
    </FieldGroup>
  );
}

/** The upload's progress while XMLHttpRequest sends the form. */
function UploadProgress({ loaded, total }: { loaded: number; total: number }) {
  const percent = total ? Math.round((loaded / total) * 100) : 0;
  return (
    <div role="status" data-testid="upload-progress">
      <Text size="sm" id={`${DATA_FORM_ID}-progress-label`}>
        {OWN_MSG.dataUploading} ({percent}%)
      </Text>
      <progress aria-labelledby={`${DATA_FORM_ID}-progress-label`} value={loaded} max={total || 1} style={{ width: "100%" }} />
    </div>
  );
}

export function DataFileDialog({ dialog, reply, action, closeTo }: { dialog: DataFileDialogData; reply?: ListReplyData; action: string; closeTo: string }) {
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === DATA_FORM_ID ? reply : undefined;
  const validator = withZod(dataFileSchemaOf(seoulYear(), true));
  const navigate = useNavigate();
  const routeId = useMatches().at(-1)?.id ?? "";
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  /** The checked form, posted with its upload progress; Remix's data request answers the redirect or the refusal. */
  const upload = (form: HTMLFormElement) => {
    const body = new FormData(form);
    body.set("intent", "save");
    const url = new URL(action, window.location.href);
    url.searchParams.set("_data", routeId);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${url.pathname}${url.search}`);
    xhr.upload.onprogress = (e) => setProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onload = () => {
      const to = xhr.getResponseHeader("X-Remix-Redirect");
      if (to) return navigate(to, { preventScrollReset: true });
      setProgress(null);
      let message: string = xhr.status === 413 ? MSG.fileTooLarge : MSG.genericError;
      try {
        message = (JSON.parse(xhr.responseText) as { alert?: string }).alert ?? message;
      } catch {
        // not JSON (a refused body): the status's message
      }
      setRefused(message);
    };
    xhr.onerror = () => {
      setProgress(null);
      setRefused(MSG.genericError);
    };
    setRefused(null);
    setProgress({ loaded: 0, total: 0 });
    xhr.send(body);
  };

  return (
    <Dialog id="data-file-dialog" title={`파일 ${editing ? "수정" : "등록"}`} closeTo={closeTo}>
      <AppForm
        id={DATA_FORM_ID}
        validator={validator}
        action={action}
        encType="multipart/form-data"
        defaultValues={dialog.values}
        onSubmit={(_data, event) => {
          const form = document.getElementById(DATA_FORM_ID);
          if (!(form instanceof HTMLFormElement)) return;
          event.preventDefault();
          upload(form);
        }}
      >
        <FormAlert serverMessage={refused ?? posted?.alert ?? null} order={dataFileOrder} />
        <Stack gap="sm">
          <input type="hidden" name="seq" value={dialog.seq ?? ""} />
          <SelectField name="year" label="년도" required placeholder="선택" options={dialog.years.map((y) => ({ value: String(y), label: `${y}년` }))} w={160} />
          {editing ? (
            <Text size="sm" data-testid="edited-file">
              파일: {dialog.orn}
            </Text>
          ) : (
            <FilesInput />
          )}
          <TextField name="keyword" label="키워드" description="쉼표(,)로 구분하여 최대 5개까지 입력합니다." maxLength={2000} />
          {progress ? <UploadProgress {...progress} /> : null}
          <Group justify="flex-end">
            <SaveWithoutConfirm update={editing} cancelHref={closeTo} />
          </Group>
        </Stack>
      </AppForm>
    </Dialog>
  );
}
