/**
 * The hidden inputs a form carries besides what the user types (the record's keys, the year, the
 * page's view), one per entry in the order given. An entry that is null or undefined posts nothing;
 * an empty string posts an empty value.
 */
export function HiddenFields({ values }: { values: Record<string, string | number | null | undefined> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (value === null || value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
    </>
  );
}
