/**
 * E18 register/edit dialog of an exam question analysis (spec 002 §2 screen 18, §3, §5). A native
 * post that works without JavaScript; with it the same schema validates in the browser, number
 * inputs keep only what their rule allows while typing, and a value above 999.99 is cleared with
 * '최대 입력가능한 값은 999입니다.' as the user leaves the field (without JavaScript the server answers
 * the form with that field emptied and the same message). Save asks '시험문항분석을 등록하시겠습니까?'
 * for a new analysis and an edited one alike.
 */
import { Fieldset, Group, Radio, SimpleGrid, Stack } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import { AppForm, FormAlert, useFieldId } from "~/components/form/AppForm";
import { useFieldState } from "~/components/form/field-state";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { CancelButton } from "~/components/form/DialogFoot";
import { NumberTextField, SelectField, TextField } from "~/components/form/fields";
import { DSCP_CLASSES, EQA_NUMBERS, EQA_TYPES, GRD_CLASSES, eqaYears, examAnalysisOrder, examAnalysisSchema, isOverCap, type AnalysisDialog, type EqaNumberName } from "./__schema";
import { MSG } from "~/schemas/messages.ko";

export interface AnalysisReply {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  alert?: string;
  confirm?: string;
}

export const ANALYSIS_FORM_ID = "analysis-form";

/** The type radio (1 weekend, 2 end of course). */
function TypeField({ autoFocus }: { autoFocus?: boolean }) {
  const { error, getInputProps } = useFieldState("eqaSe");
  const id = useFieldId("eqaSe");
  const value = String(getInputProps().defaultValue ?? "1");
  return (
    <Radio.Group name="eqaSe" label="구분" withAsterisk defaultValue={value} error={error} id={id}>
      <Group mt={6}>
        {EQA_TYPES.map((t, i) => (
          <Radio key={t.value} value={t.value} label={t.label} id={`${id}-${t.value}`} autoFocus={autoFocus && i === 0} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function AnalysisForm({ action, reply, dialog, cancelHref }: { action: string; reply?: AnalysisReply; dialog: AnalysisDialog; cancelHref: string }) {
  const { values, currentYear } = dialog;
  const validator = useMemo(() => withZod(examAnalysisSchema(currentYear)), [currentYear]);
  const first = reply?.fieldErrors ? examAnalysisOrder.find((f) => reply.fieldErrors?.[f]) : undefined;
  const years = eqaYears(currentYear).map((y) => ({ value: String(y), label: `${y}년` }));
  const classOptions = (list: readonly { value: string; label: string }[]) => list.map((c) => ({ value: c.value, label: `${c.value} ${c.label}` }));
  const num = (name: EqaNumberName) => <NumberTextField name={name} {...EQA_NUMBERS[name]} over={{ test: isOverCap, message: MSG.eqaMax999 }} autoFocus={first === name} />;
  return (
    <AppForm id={ANALYSIS_FORM_ID} validator={validator} action={action} encType="multipart/form-data" defaultValues={values}>
      <FormAlert serverMessage={reply?.alert} order={examAnalysisOrder} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField name="year" label="년도" required options={years} autoFocus={first === "year"} />
          <TypeField autoFocus={first === "eqaSe"} />
          <TextField name="currNm" label="과정명" required maxLength={100} autoFocus={first === "currNm"} />
          <TextField name="period" label="시기" required maxLength={50} placeholder="예: 3주차" autoFocus={first === "period"} />
          {num("qestCnt")}
          {num("totalScore")}
        </SimpleGrid>
        <Fieldset p="sm" pt={4} legend="평균±편차">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {num("avgStdevSt")}
            {num("avgStdevEn")}
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {num("minScore")}
          {num("maxScore")}
        </SimpleGrid>
        <Fieldset p="sm" pt={4} legend="난이도">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {num("grdSt")}
            {num("grdEn")}
            <SelectField name="grdSe" label="난이도 구분" placeholder="선택" options={classOptions(GRD_CLASSES)} autoFocus={first === "grdSe"} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset p="sm" pt={4} legend="분별도">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {num("dscpSt")}
            {num("dscpEn")}
            <SelectField name="dscpSe" label="분별도 구분" placeholder="선택" options={classOptions(DSCP_CLASSES)} autoFocus={first === "dscpSe"} />
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{num("qestRate")}</SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <CancelButton to={cancelHref} />
          <ConfirmSubmit action="save" label="저장" question={MSG.eqaConfirm} pending={reply?.confirm === "save"} cancelHref={cancelHref} />
        </Group>
      </Stack>
    </AppForm>
  );
}
