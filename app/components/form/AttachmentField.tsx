/**
 * A record's attachments in a native multipart form (spec 001 §5: extension list, 10 MB a file): a
 * saved file is its download link and a remove checkbox (checked, it is removed when the form is
 * saved; a new file replaces it); the file input posts the new one. `AttachmentField` is the one
 * file of an award program or a seminar's schedule; `SavedFile` is also a row of the activities'
 * several attachments. The server checks every file again (extension, signature, size).
 */
import { Anchor, Checkbox, Group, Stack } from "~/components/ui/mantine";
import { FieldGroup } from "~/components/form/fields";

/** A link in a dialog is a touch target of its own: at least 24px high (axe target-size). */
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

/** The input's `accept` of an extension list ('pdf' → '.pdf'). */
export const acceptOf = (extensions: readonly string[]) => extensions.map((e) => `.${e}`).join(",");

/** A saved file: its download link (none while the record has no key) and its remove checkbox. */
export function SavedFile({ href, orn, removeName, removeValue = "Y", removed }: { href: string | null; orn: string; removeName: string; removeValue?: string; removed: boolean }) {
  return (
    <Group gap="sm" data-testid="saved-file">
      {href ? (
        <Anchor href={href} size="sm" style={TARGET}>
          {orn}
        </Anchor>
      ) : null}
      <Checkbox name={removeName} value={removeValue} label={`삭제: ${orn}`} size="sm" defaultChecked={removed} />
    </Group>
  );
}

/**
 * One attachment: the legend says the field's name, '1개, 10MB 이하' and the extensions; the saved
 * file (when `saved`), and a file input named `name` (`${formId}-file`), its error (`${formId}-file-error`) read out as an alert.
 */
export function AttachmentField({
  formId,
  label,
  name,
  removeName,
  extensions,
  saved,
  removed,
  error,
}: {
  formId: string;
  label: string;
  name: string;
  removeName: string;
  extensions: readonly string[];
  saved: { orn: string; href: string | null } | null;
  removed: boolean;
  error?: string;
}) {
  const errorId = `${formId}-file-error`;
  return (
    <FieldGroup legend={`${label} (1개, 10MB 이하: ${extensions.join(", ")})`} error={error} errorId={errorId} errorRole="alert">
      <Stack gap={6} mt={4}>
        {saved?.href ? <SavedFile href={saved.href} orn={saved.orn} removeName={removeName} removed={removed} /> : null}
        <input type="file" name={name} accept={acceptOf(extensions)} id={`${formId}-file`} aria-label={saved ? `새 ${label} (저장된 파일을 바꿉니다)` : label} aria-describedby={error ? errorId : undefined} />
      </Stack>
    </FieldGroup>
  );
}
