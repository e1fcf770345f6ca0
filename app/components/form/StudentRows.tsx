/**
 * The student lookup rows of the score-entry dialogs (spec 002 §4; docs/architecture.md "Forms
 * without JavaScript"): per row a student number (digits only) and a confirm button that fills the name
 * and usSeq; with `multiple`, rows are added and removed (the first row cannot be removed).
 *
 * - Without JavaScript every button posts the whole form with an intent (`lookup:<i>`, `addRow`,
 *   `removeRow:<i>`); the action answers with `rowsStep()` (app/utils/student-rows.server.ts) and
 *   the dialog re-renders from the reply's rows with every value kept.
 * - With JavaScript adding and removing rows is local, and the confirm button posts just the row's
 *   number and the year through a fetcher to the same action.
 * Confirmation is derived (`isConfirmed`): editing the number or changing the year undoes it.
 * The screen renders each row's own fields (scores, flags) through `extra`, named with `rowField`.
 */
import { Group, Stack, Text, TextInput } from "~/components/ui/mantine";
import { useFetcher, useFormAction } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useField } from "remix-validated-form";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useCsrfToken } from "~/components/layout/useRootData";
import { useHydrated } from "~/components/layout/useHydrated";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { ROWS, blankRow, digitsOnly, isConfirmed, rowField, type LookupReply, type LookupRow } from "~/schemas/student-rows";
import { afterPress } from "./after-press";
import { useFieldId, useFirstInvalid } from "./field-state";
import { IntentButton } from "./IntentButton";

interface RowState {
  key: string;
  row: LookupRow;
  /** the lookup's message (JavaScript) */
  error?: string;
}
type RowPatch = Partial<LookupRow> & { error?: string };

let nextKey = 0;
const keyed = (row: LookupRow): RowState => ({ key: `r${nextKey++}`, row });

/** What a dialog with lookup rows gets back from its action (rowsStep, a failed save, a confirmation step). */
export interface RowsReply {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  alert?: string;
  confirm?: string;
  formId?: string;
  rows?: LookupRow[];
}

/** Who the rows are: the row's name, the number's label and the lookup's own messages (default: students). */
export interface RowsPerson {
  noun: string;
  idLabel: string;
  needsId: string;
  changed: string;
}

export const STUDENT_PERSON: RowsPerson = { noun: "학생", idLabel: "학번", needsId: MSG.lookupNeedsId, changed: OWN_MSG.lookupChanged };

export interface StudentRowsProps {
  /** Who the rows are (default: students). */
  person?: RowsPerson;
  /**
   * Every row can be removed but the last one left: its remove button says this message instead
   * (spec 001 §5 '한명의 참여자는 등록되어야합니다.'). Without it the first row cannot be removed.
   */
  lastRowMessage?: string;
  /** The rows to start from: the reply's rows after a post, the record's when editing, else one blank row. */
  initial: readonly LookupRow[];
  /** The dialog's year as it is now (a changed year undoes every confirmation). */
  year: string;
  /** The form field holding the year (posted with a lookup). */
  yearField?: string;
  /** Rows can be added and removed. */
  multiple?: boolean;
  /** Fields a new row starts with besides the lookup ones. */
  extraBlank?: Record<string, string>;
  /** The row's own fields. */
  extra?: (index: number, row: LookupRow) => ReactNode;
  /** The label of the add button. */
  addLabel?: string;
  prefix?: string;
  /** The number field is read-only (an update dialog of one record keeps its student). */
  fixed?: boolean;
}

export function StudentRows({
  initial,
  year,
  yearField = "year",
  multiple = false,
  extraBlank = {},
  extra,
  addLabel = "학생 추가",
  prefix = ROWS,
  fixed = false,
  person = STUDENT_PERSON,
  lastRowMessage,
}: StudentRowsProps) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<RowState[]>(() => (initial.length ? initial : [blankRow(extraBlank)]).map(keyed));
  // after a post without JavaScript, the number takes the focus when it is the field the form's
  // reply refused first (the form kit's rule, field-state.tsx)
  const first = useFirstInvalid();
  const focusIndex = rows.findIndex((_, i) => first === rowField(i, "id", prefix));
  const [announce, setAnnounce] = useState<string | null>(null);

  const update = (key: string, { error, ...patch }: RowPatch) =>
    setRows((list) => list.map((r) => (r.key === key ? { key, row: { ...r.row, ...patch } as LookupRow, error } : r)));

  return (
    <Stack gap="sm">
      {hydrated ? <AlertRegion message={announce} /> : null}
      {rows.map(({ key, row, error }, i) => (
        <StudentRow
          key={key}
          row={row}
          lookupError={error}
          index={i}
          year={year}
          yearField={yearField}
          prefix={prefix}
          fixed={fixed}
          person={person}
          removable={multiple && (lastRowMessage ? true : i > 0)}
          autoFocus={i === focusIndex}
          onChange={(patch) => update(key, patch)}
          onRemove={() => {
            if (lastRowMessage && rows.length <= 1) {
              update(key, { error: lastRowMessage });
              setAnnounce(lastRowMessage);
              return;
            }
            setRows((list) => list.filter((r) => r.key !== key));
          }}
          onMessage={setAnnounce}
        >
          {extra?.(i, row)}
        </StudentRow>
      ))}
      {multiple ? (
        <Group>
          <IntentButton intent="addRow" formNoValidate variant="default" size="xs" run={() => setRows((list) => [...list, keyed(blankRow(extraBlank))])}>
            {addLabel}
          </IntentButton>
        </Group>
      ) : null}
    </Stack>
  );
}

function StudentRow({
  row,
  lookupError,
  index,
  year,
  yearField,
  prefix,
  fixed,
  removable,
  person,
  onChange,
  onRemove,
  onMessage,
  autoFocus,
  children,
}: {
  autoFocus?: boolean;
  row: LookupRow;
  lookupError?: string;
  index: number;
  year: string;
  yearField: string;
  prefix: string;
  fixed: boolean;
  removable: boolean;
  person: RowsPerson;
  onChange: (patch: RowPatch) => void;
  onRemove: () => void;
  onMessage: (message: string | null) => void;
  children?: ReactNode;
}) {
  const csrf = useCsrfToken();
  const action = useFormAction();
  const fetcher = useFetcher<{ lookup?: LookupReply }>();
  const idName = rowField(index, "id", prefix);
  const { error: fieldError, validate } = useField(idName);
  const inputId = useFieldId(idName);
  const confirmed = isConfirmed(row, year);
  const error = lookupError ?? fieldError;
  const n = index + 1;
  const lastReply = useRef<unknown>(null);

  useEffect(() => {
    const reply = fetcher.data?.lookup;
    if (!reply || fetcher.state !== "idle" || lastReply.current === fetcher.data) return;
    lastReply.current = fetcher.data;
    if (reply.message) {
      onChange({ name: "", usSeq: "", checked: "", error: reply.message });
      onMessage(reply.message);
    } else {
      onChange({ name: reply.name, usSeq: reply.usSeq, checked: reply.checked, error: undefined });
      onMessage(null);
    }
  }, [fetcher.data, fetcher.state, onChange, onMessage]);

  return (
    <fieldset className="student-row" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 6, padding: "8px 12px", margin: 0, minWidth: 0 }}>
      <legend>
        <Text component="span" size="sm" fw={600}>
          {person.noun} {n}
        </Text>
      </legend>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          id={inputId}
          name={idName}
          label={person.idLabel}
          withAsterisk
          aria-required
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          readOnly={fixed}
          autoFocus={autoFocus}
          value={row.id}
          error={error}
          w={140}
          onChange={(e) => {
            const id = digitsOnly(e.currentTarget.value);
            onChange({ id, error: undefined });
          }}
          onBlur={(e) => {
            // a message that goes moves the buttons below it too: after the press (ADR 0086)
            if (fieldError) afterPress(() => void validate(), e.currentTarget);
          }}
        />
        {fixed ? null : (
          <IntentButton
            intent={`lookup:${index}`}
            formNoValidate
            variant="default"
            aria-label={`${person.noun} ${n} ${person.idLabel} 확인`}
            loading={fetcher.state !== "idle"}
            run={() => {
              if (!row.id.trim()) {
                onChange({ error: person.needsId });
                onMessage(person.needsId);
                return;
              }
              fetcher.submit({ _csrf: csrf, intent: `lookup:${index}`, [yearField]: year, [idName]: row.id }, { method: "post", action });
            }}
          >
            확인
          </IntentButton>
        )}
        <Text size="sm" className="student-row-name" data-confirmed={confirmed ? "Y" : "N"} mb={8} aria-live="polite">
          {confirmed ? `이름: ${row.name}` : row.usSeq && row.checked ? person.changed : "확인 전"}
        </Text>
        <input type="hidden" name={rowField(index, "name", prefix)} value={row.name} />
        <input type="hidden" name={rowField(index, "usSeq", prefix)} value={row.usSeq} />
        <input type="hidden" name={rowField(index, "checked", prefix)} value={row.checked} />
        {children}
        {removable ? (
          <IntentButton intent={`removeRow:${index}`} formNoValidate variant="subtle" color="red" c="red.9" aria-label={`${person.noun} ${n} 삭제`} run={onRemove}>
            삭제
          </IntentButton>
        ) : null}
      </Group>
    </fieldset>
  );
}
