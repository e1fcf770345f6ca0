/**
 * The filter bar of record lists (DESIGN.md "Record list"): a GET form, so filters live in the URL
 * and work without JavaScript, with search and reset buttons. Pieces: YearFilter, CheckFilter
 * (checkbox group whose 'all' box is exclusive with the specific ones) and SearchFilter.
 *
 * Focus after a search (issue 36, ADR 0060): the form is drawn anew for each search (its key), so
 * with JavaScript the control that had the focus (검색어 after Enter, the year, a box) gets it back
 * in the new form, and the list's count is a polite status region that announces the result.
 * Without JavaScript a search is a page load: the search box takes the focus (`autofocus`) when the
 * URL carries its parameter, and its description is the list's count, so the result is read out.
 */
import { FOCUS_PARAM } from "~/utils/focus-return";
import { NativeSelect, Text, TextInput } from "~/components/ui/mantine";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "~/components/layout/useHydrated";
import { ALL } from "~/utils/list-url";
import { PlainButton, PlainGroup } from "~/components/ui/plain";
import c from "./FilterBar.module.css";

/** The control that has the focus in a filter form: its name, and a checkbox's value. */
type Focused = { name: string; value: string | null };

export function FilterBar({ children, resetTo, label = "검색 조건" }: { children: ReactNode; resetTo: string; label?: string }) {
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const focused = useRef<Focused | null>(null);
  useEffect(() => {
    // the new form replaced the focused control: the same control in it takes the focus back
    const was = focused.current;
    const active = document.activeElement;
    if (!was || !form.current || (active && active !== document.body)) return;
    const same = Array.from(form.current.elements).find((el) => {
      const input = el as HTMLInputElement;
      return input.name === was.name && (was.value === null || input.value === was.value);
    });
    (same as HTMLElement | undefined)?.focus();
  }, [location.search]);
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      key={location.search}
      ref={form}
      preventScrollReset
      className="filter-bar"
      onFocus={(e) => {
        const el = e.target as unknown as HTMLInputElement;
        if (el.name) focused.current = { name: el.name, value: el.type === "checkbox" || el.type === "radio" ? el.value : null };
      }}
      onBlur={(e) => {
        // the focus went elsewhere on the page (not: the form was drawn anew, which leaves it nowhere)
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) focused.current = null;
      }}
    >
      <PlainGroup align="flex-end" gap="md" wrap="wrap">
        {children}
        <PlainGroup gap="xs">
          <PlainButton type="submit">검색</PlainButton>
          <PlainButton component={Link} to={resetTo} variant="default">
            초기화
          </PlainButton>
        </PlainGroup>
      </PlainGroup>
    </Form>
  );
}

export function YearFilter({ years, value, name = "year", label = "년도", autoSubmit = true }: { years: readonly number[]; value: number; name?: string; label?: string; autoSubmit?: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={String(value)}
      data={years.map((y) => ({ value: String(y), label: `${y}년` }))}
      onChange={(e) => hydrated && autoSubmit && submit(e.currentTarget.form, { preventScrollReset: true })}
      w={110}
    />
  );
}

/** A one-of select: the options after an 'all' option (`allValue`, '' unless given) labelled 전체. */
export function SelectFilter({ name, label, value, options, allValue = "", w }: { name: string; label: string; value: string; options: readonly { value: string; label: string }[]; allValue?: string; w: number }) {
  return <NativeSelect name={name} label={label} defaultValue={value} data={[{ value: allValue, label: "전체" }, ...options]} w={w} />;
}

/**
 * The search text box. `describedBy`: the list's count (its status region), read with the box.
 * A page that comes from a search (its parameter in the URL) starts with the focus here, as the
 * server renders it (no JavaScript; with it the filter bar keeps the focus itself), unless the URL
 * gives the focus to a dialog or back to a dialog's opener (ADR 0059).
 */
export function SearchFilter({ name = "value", label = "검색어", value, placeholder, w = 220, describedBy }: { name?: string; label?: string; value: string; placeholder?: string; w?: number; describedBy?: string }) {
  const params = new URLSearchParams(useLocation().search);
  // a page that gives the focus back to a dialog's opener, or opens a dialog, keeps it there
  const searched = params.has(name) && !params.has(FOCUS_PARAM) && !params.has("dialog");
  const hydrated = useHydrated();
  // Mantine writes the input's aria-describedby from its own description: the count's id is given as
  // the description's, whose own line is left out of the layout (inputWrapperOrder)
  const described = describedBy ? { description: label, descriptionProps: { id: describedBy }, inputWrapperOrder: ["label", "input", "error"] as ("label" | "input" | "error")[] } : {};
  return <TextInput name={name} label={label} defaultValue={value} placeholder={placeholder} w={w} maxLength={100} {...described} autoFocus={searched && !hydrated} />;
}

/**
 * A checkbox group with an exclusive 'all' box. Without JavaScript the server reads 'all' (or
 * nothing) as all; with it, ticking 'all' clears the others and ticking another clears 'all'.
 */
export function CheckFilter({
  name,
  legend,
  options,
  selected,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  /** null = all */
  selected: readonly string[] | null;
}) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const boxes = [...(ref.current?.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`) ?? [])];
    const all = boxes.find((b) => b.value === ALL);
    if (e.currentTarget.value === ALL) {
      if (e.currentTarget.checked) for (const b of boxes) if (b !== all) b.checked = false;
    } else if (all) {
      all.checked = !boxes.some((b) => b !== all && b.checked);
    }
  };
  return (
    <fieldset ref={ref} className="check-filter">
      <legend>
        <Text component="span" size="sm" fw={500}>
          {legend}
        </Text>
      </legend>
      <PlainGroup gap="sm" mt={6} wrap="wrap">
        <FilterCheckbox name={name} value={ALL} label="전체" defaultChecked={selected === null} onChange={onChange} />
        {options.map((o) => (
          <FilterCheckbox key={o.value} name={name} value={o.value} label={o.label} defaultChecked={selected?.includes(o.value) ?? false} onChange={onChange} />
        ))}
      </PlainGroup>
    </fieldset>
  );
}

const CHECK_PATH =
  "M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z";
/**
 * One box of a CheckFilter: a native checkbox drawn as Mantine's small Checkbox by our own
 * stylesheet (FilterBar.module.css; ADR 0055), not Mantine's component. A list page has some
 * thirty of them, and Mantine's style props made them about a tenth of the page's server render
 * (ADR 0046).
 */
export function FilterCheckbox({ name, value, label, defaultChecked, onChange }: { name: string; value: string; label: string; defaultChecked: boolean; onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void }) {
  const id = `check-${useId().replace(/:/g, "")}`;
  return (
    <div className={c.check}>
      <div className={c.box}>
        <input className={c.input} id={id} name={name} type="checkbox" value={value} defaultChecked={defaultChecked} onChange={onChange} />
        <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className={c.icon}>
          <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </div>
      <label className={c.label} htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
