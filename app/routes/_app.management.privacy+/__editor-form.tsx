/**
 * R11 consent form editor (spec 001 §2, §3 "Consent form", §5): title, rich HTML content, usage
 * flag. A native multipart form post (the content's image upload rides along without
 * JavaScript); the same schema validates in the browser and in the action.
 */
import { Button, Group, Paper, Radio, Stack, Text } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import { AppForm, useFieldId } from "~/components/form/AppForm";
import { useFieldState } from "~/components/form/field-state";
import { DefaultSubmit } from "~/components/form/DefaultSubmit";
import { RichTextField } from "~/components/form/RichTextField";
import { TextField } from "~/components/form/fields";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { AGREE_IMAGE_EXTENSIONS, AGREE_IMAGE_MAX_BYTES, AGREE_TITLE_MAX, EDITOR_FORM_ID, editOrder } from "~/schemas/privacy";
import type { FormReply } from "~/utils/form.server";
import { withZod } from "@remix-validated-form/with-zod";
import { editSchema } from "~/schemas/privacy";

export const MEDIA_ACTION = "/management/privacy/media";
/** One form id for the add and edit pages (the action's image reply names it). */
export const editValidator = withZod(editSchema);

/** 사용 / 미사용 as a radio group (fieldset and legend). */
function UsynField() {
  const { getInputProps, error } = useFieldState("usyn");
  const id = useFieldId("usyn");
  const { defaultValue } = getInputProps();
  const value = defaultValue === "N" ? "N" : "Y";
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend>
        <Text component="span" size="sm" fw={500}>
          사용여부
        </Text>
      </legend>
      <Group gap="lg" mt={6}>
        <Radio id={`${id}-Y`} name="usyn" value="Y" label="사용" defaultChecked={value === "Y"} />
        <Radio id={`${id}-N`} name="usyn" value="N" label="미사용" defaultChecked={value === "N"} />
      </Group>
      {error ? (
        <Text c="red.9" size="xs" mt={4}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

/** The '알림' region: the server's word, else (with JavaScript) the first failing field's message. */
function EditorAlert({ reply, notice }: { reply?: FormReply & { kind?: "info" | "error" }; notice?: string | null }) {
  const title = useFieldState("uiaNm");
  const content = useFieldState("uiaContent");
  const clientError = title.error ?? content.error;
  if (reply?.alert && (reply.kind === "info" || !clientError)) return <AlertRegion message={reply.alert} kind={reply.kind ?? "error"} />;
  if (clientError) return <AlertRegion message={clientError} kind="error" />;
  return <AlertRegion message={notice} kind="info" />;
}

export function ConsentEditorForm({
  action,
  defaults,
  reply,
  notice,
  uiaSeq,
}: {
  action: string;
  defaults: { uiaNm: string; uiaContent: string; usyn: string };
  reply?: FormReply & { kind?: "info" | "error" };
  notice?: string | null;
  uiaSeq?: number;
}) {
  const first = reply?.fieldErrors ? editOrder.find((f) => reply.fieldErrors[f]) : undefined;
  const imageError = reply?.fieldErrors?.image ?? null;
  return (
    <AppForm id={EDITOR_FORM_ID} validator={editValidator} action={action} encType="multipart/form-data" defaultValues={defaults}>
      {/* Enter in the title saves: the default button comes first */}
      <DefaultSubmit intent="save">
        저장
      </DefaultSubmit>
      <EditorAlert reply={reply} notice={notice} />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <TextField name="uiaNm" label="제목" required maxLength={AGREE_TITLE_MAX} placeholder="예: 개인정보 수집·이용 동의서" autoFocus={first === "uiaNm"} />
          <RichTextField
            name="uiaContent"
            label="내용"
            required
            autoFocus={first === "uiaContent"}
            description="동의서 본문(HTML)입니다. 수집·이용 목적, 수집 항목, 보유 기간, 동의를 거부할 권리와 거부 시 불이익을 적어 주세요. 저장할 때 안전하지 않은 태그와 속성은 지워집니다."
            uploadAction={MEDIA_ACTION}
            imageExtensions={AGREE_IMAGE_EXTENSIONS}
            imageMaxBytes={AGREE_IMAGE_MAX_BYTES}
            imageError={imageError}
            messages={{ imageType: OWN_MSG.imageOnly, imageSize: MSG.fileTooLarge, imageRequired: OWN_MSG.fileRequired, failed: MSG.genericError }}
          />
          <UsynField />
        </Stack>
      </Paper>
      <Group justify="space-between" mt="md">
        <Group gap="sm">
          <Button component={Link} to="/management/privacy" variant="default">
            목록
          </Button>
          {uiaSeq ? (
            <Button component={Link} to={`/management/privacy/preview/${uiaSeq}`} variant="default">
              미리보기
            </Button>
          ) : null}
        </Group>
        <Button type="submit" name="intent" value="save">
          저장
        </Button>
      </Group>
    </AppForm>
  );
}
