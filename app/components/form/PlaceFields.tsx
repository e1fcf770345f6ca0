/**
 * Where an activity took place (spec 001 §3/§9): the place code (교내/교외) and the place, as R17's
 * participation programs and R07's seminars ask them.
 */
import { Group } from "~/components/ui/mantine";
import { SelectField, TextField } from "~/components/form/fields";
import { PLACE_CODES } from "~/schemas/place";

export function PlaceFields({ codeLabel, placeLabel }: { codeLabel: string; placeLabel: string }) {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <SelectField name="placeCd" label={codeLabel} required placeholder="선택" options={PLACE_CODES.map((p) => ({ value: p.value, label: p.label }))} w={140} />
      <TextField name="place" label={placeLabel} required maxLength={200} w={320} />
    </Group>
  );
}
