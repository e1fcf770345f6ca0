/**
 * The fields of E17's tabs (spec 002 §3, §4, §5 "Space status"): uncontrolled inputs named as the
 * wire names the fields, drawn from the tab's values (the saved data, or what was posted when a
 * save was refused or a row added). Numbers keep digits only while typing (inputMode decimal; the
 * server checks again); hours and minutes take 2 characters. With JavaScript the resets of §4
 * happen as the user chooses (a facility's 'none' hides and empties its list, an unchecked
 * equipment or 'no professional staff' empties its count); without it the save applies them.
 */
import { Button, Checkbox, Group, Radio, Text, TextInput } from "~/components/ui/mantine";
import { useState, type ReactNode } from "react";
import { Table } from "~/components/ui/Table";
import { SPACE_LABELS, spaceTextMax, type SpaceField } from "./__schema";

export type Values = Record<string, unknown>;
export const str = (v: unknown) => (v === undefined || v === null || typeof v === "object" ? "" : String(v));
export const obj = (v: unknown): Values => (v && typeof v === "object" && !Array.isArray(v) ? (v as Values) : {});
export const rowsOf = (v: unknown): Values[] => (Array.isArray(v) ? v.map(obj) : []);

const keepDigits = (e: React.FormEvent<HTMLInputElement>) => {
  const el = e.currentTarget;
  const clean = el.value.replace(/[^0-9]/g, "");
  if (clean !== el.value) el.value = clean;
};

/** A form control of the tab's form by name (the JavaScript resets of §4). */
export function control(from: Element, name: string): HTMLInputElement | null {
  const form = (from as HTMLInputElement).form ?? from.closest("form");
  const el = form?.elements.namedItem(name);
  return el instanceof HTMLInputElement ? el : null;
}

/** A number: digits only, at most 6 characters (2 for hours and minutes), labelled or (in a table) named by aria-label. */
export function NumField({ name, field, value, ariaLabel, short, onInput }: { name: string; field: SpaceField; value: unknown; ariaLabel?: string; short?: boolean; onInput?: (value: string, el: HTMLInputElement) => void }) {
  return (
    <TextInput
      name={name}
      id={`space-${name}`}
      label={ariaLabel ? undefined : SPACE_LABELS[field]}
      aria-label={ariaLabel}
      defaultValue={str(value)}
      inputMode="decimal"
      autoComplete="off"
      maxLength={short ? 2 : 6}
      w={ariaLabel ? (short ? 56 : 96) : 180}
      onInput={(e) => {
        keepDigits(e);
        onInput?.(e.currentTarget.value, e.currentTarget);
      }}
    />
  );
}

export function TextField({ name, field, value, ariaLabel, w }: { name: string; field: SpaceField; value: unknown; ariaLabel?: string; w?: number }) {
  return <TextInput name={name} id={`space-${name}`} label={ariaLabel ? undefined : SPACE_LABELS[field]} aria-label={ariaLabel} defaultValue={str(value)} maxLength={spaceTextMax(field)} w={w ?? (ariaLabel ? 180 : 260)} autoComplete="off" />;
}

/** A Y/N (or coded) choice as radios; `onChange` for the resets that follow a choice. */
export function Choice({ name, label, value, options, onChange }: { name: string; label: string; value: string; options: readonly { value: string; label: string }[]; onChange?: (v: string) => void }) {
  return (
    <Radio.Group name={name} label={label} defaultValue={value} onChange={onChange}>
      <Group gap="md" mt={4}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} id={`space-${name}-${o.value}`} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export const HAS = [
  { value: "Y", label: "있음" },
  { value: "N", label: "없음" },
] as const;
export const DONE = [
  { value: "Y", label: "예" },
  { value: "N", label: "아니오" },
] as const;

/** A checkbox posting `on` (default Y) when checked; `checked` says whether it starts checked. */
export function Check({ name, label, checked, on = "Y", onChange, ariaLabel }: { name: string; label?: string; checked: boolean; on?: string; onChange?: (checked: boolean, el: HTMLInputElement) => void; ariaLabel?: string }) {
  return <Checkbox name={name} value={on} id={`space-${name}`} label={label} aria-label={ariaLabel} defaultChecked={checked} onChange={(e) => onChange?.(e.currentTarget.checked, e.currentTarget)} />;
}

/** A list's table: headers, its rows (each with its remove button when rows can be removed) and the add button under it. */
export function RowsTable({
  caption,
  headers,
  rows,
  cells,
  list,
  add,
  removable = true,
  rowIndex = (i) => i,
  testId,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly Values[];
  cells: (row: Values, i: number) => ReactNode;
  /** the list's form name (`stspList`, `list`): the add and remove buttons post it */
  list?: string;
  /** the blank row the add button adds (BLANK_ROWS key) */
  add?: string;
  removable?: boolean;
  /** the row's index in the posted list (a list shown as two tables) */
  rowIndex?: (i: number) => number;
  testId?: string;
}) {
  return (
    <div>
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder withColumnBorders data-testid={testId}>
          <caption className="space-caption">{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">번호</Table.Th>
              {headers.map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
              {list && removable ? <Table.Th scope="col">관리</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                {cells(row, i)}
                {list && removable ? (
                  <Table.Td>
                    <Button type="submit" name="intent" value={`removeRow:${list}:${rowIndex(i)}`} size="xs" variant="default" aria-label={`${caption} ${i + 1}행 삭제`} formNoValidate>
                      삭제
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list && add ? (
        <Button type="submit" name="intent" value={`addRow:${list}:${add}`} size="xs" variant="light" mt={6} aria-label={`${caption} 행 추가`} formNoValidate>
          행 추가
        </Button>
      ) : null}
    </div>
  );
}

/** A sum of two counts shown beside them (dormitory total, a library's staff), live with JavaScript. */
export function useSum(a: unknown, b: unknown, sum: (a: unknown, b: unknown) => string) {
  const [pair, setPair] = useState<[string, string]>([str(a), str(b)]);
  return {
    total: sum(pair[0], pair[1]),
    setA: (v: string) => setPair((p) => [v, p[1]]),
    setB: (v: string) => setPair((p) => [p[0], v]),
  };
}

export function Total({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      <output id={id} aria-labelledby={`${id}-label`} className="space-total" data-testid={id}>
        {value || "-"}
      </output>
    </div>
  );
}
