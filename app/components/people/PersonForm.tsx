/**
 * The student and professor forms (spec 001 §2, §4, §5): create (cancel and save) or edit (delete
 * and save, id read-only). Native multipart posts with the photo; the confirmation of save works
 * without JavaScript (ConfirmSubmit), delete opens the list's delete question; the first failing
 * field's message is the '알림'.
 */
import { Button, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from "~/components/ui/mantine";
import { Link, useFetcher } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState, type ReactNode } from "react";
import type { Validator } from "remix-validated-form";
import { AppForm, FormAlert, useFieldId } from "~/components/form/AppForm";
import { useFieldState } from "~/components/form/field-state";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { BirthDateField, DateField, EmailField, PhoneField, SelectField, TextField } from "~/components/form/fields";
import { PhotoField } from "~/components/form/PhotoField";
import { useHydrated } from "~/components/layout/useHydrated";
import { useCsrfToken } from "~/components/layout/useRootData";
import { MSG } from "~/schemas/messages.ko";
import { GENDERS, isResigned, professorOrder, professorSchema } from "~/schemas/professor";
import { PHONE_PREFIXES } from "~/schemas/rules";
import { admsYears, needsGrade, needsGraduationYear, studentOrder, studentSchema } from "~/schemas/student";

type Code = { id: string; text: string };
const opts = (list: readonly Code[]) => list.map((c) => ({ value: c.id, label: c.text }));

export interface PersonReply {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  alert?: string;
  confirm?: string;
  school?: { schoolName: string; page: number; total: number; list: { eduOffice: string; schoolName: string }[] } | null;
}

const studentValidator = withZod(studentSchema);
const professorValidator = withZod(professorSchema);

function firstInvalid(reply: PersonReply | undefined, order: readonly string[]) {
  return reply?.fieldErrors ? order.find((f) => reply.fieldErrors?.[f]) : undefined;
}

/** A select whose value other fields depend on (enrolment status, employment status). */
function useWatched(initial: string) {
  const [value, setValue] = useState(initial);
  return { value, onValueChange: setValue };
}

function SchoolPicker({ reply, formId, action }: { reply?: PersonReply; formId: string; action: string }) {
  const field = useFieldState("highSchool");
  const id = useFieldId("highSchool");
  const fetcher = useFetcher<PersonReply>();
  const csrf = useCsrfToken();
  const hydrated = useHydrated();
  const school = fetcher.data?.school ?? reply?.school;
  // with JavaScript the search goes through a fetcher, so an unfinished form does not block it
  const search = (e: React.MouseEvent<HTMLButtonElement>, page: number) => {
    if (!hydrated) return;
    e.preventDefault();
    const name = (document.querySelector<HTMLInputElement>(`#${formId}-schoolName`)?.value ?? "").trim();
    const fd = new FormData();
    fd.set("intent", `searchSchool:${page}`);
    fd.set("schoolName", name);
    fd.set("_csrf", csrf);
    fetcher.submit(fd, { method: "post", action, encType: "multipart/form-data" });
  };
  const pages = school ? Math.max(1, Math.ceil(school.total / 10)) : 1;
  return (
    <Stack gap={4}>
      <TextInput {...field.getInputProps()} id={id} label="출신고교" withAsterisk error={field.error} />
      <fieldset className="school-search">
        <legend>
          <Text component="span" size="sm" fw={500}>
            고등학교 검색
          </Text>
        </legend>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput id={`${formId}-schoolName`} name="schoolName" aria-label="학교명" placeholder="학교명" defaultValue={school?.schoolName ?? ""} form={formId} size="xs" />
          <Button type="submit" name="intent" value="searchSchool" variant="default" size="xs" formNoValidate form={formId} loading={fetcher.state !== "idle"} onClick={(e) => search(e, 1)}>
            검색
          </Button>
        </Group>
        {school ? (
          <div data-testid="school-results">
            {school.list.length === 0 ? (
              <Text size="sm" mt={4}>
                {MSG.noSearchResult}
              </Text>
            ) : (
              <table className="mini-table">
                <caption className="visually-hidden">고등학교 검색 결과</caption>
                <thead>
                  <tr>
                    <th scope="col">교육청</th>
                    <th scope="col">학교명</th>
                    <th scope="col">선택</th>
                  </tr>
                </thead>
                <tbody>
                  {school.list.map((s) => (
                    <tr key={`${s.eduOffice}-${s.schoolName}`}>
                      <td>{s.eduOffice}</td>
                      <td>{s.schoolName}</td>
                      <td>
                        <Button
                          type="submit"
                          name="pickSchool"
                          value={s.schoolName}
                          size="compact-xs"
                          variant="light"
                          form={formId}
                          formNoValidate
                          aria-label={`${s.schoolName} 선택`}
                          onClick={(e) => {
                            if (!hydrated) return;
                            e.preventDefault();
                            const input = document.getElementById(id) as HTMLInputElement | null;
                            if (input) {
                              input.value = s.schoolName;
                              input.focus();
                            }
                          }}
                        >
                          선택
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {pages > 1 ? (
              <Group gap={4} mt={4}>
                {Array.from({ length: Math.min(pages, 10) }, (_, i) => i + 1).map((p) => (
                  <Button key={p} type="submit" name="intent" value={`searchSchool:${p}`} size="compact-xs" variant={p === school.page ? "filled" : "default"} form={formId} formNoValidate aria-label={`${p} 페이지`} aria-current={p === school.page ? "page" : undefined} onClick={(e) => search(e, p)}>
                    {p}
                  </Button>
                ))}
              </Group>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </Stack>
  );
}

/** What both forms take: where they post, the reply, the stored values and photo, the year's codes, create or edit. */
interface PersonFormProps<C> {
  action: string;
  reply?: PersonReply;
  values?: Record<string, string>;
  imgSrc?: string | null;
  codes: C;
  mode: "create" | "edit";
  cancelHref: string;
  /** edit: the list's delete question of this person (`?dialog=delete&usSeq=`) */
  deleteHref?: string;
}

/**
 * The frame both forms share: the native multipart form with its '알림', the photo beside the
 * `head` fields, the kind's own fields (`children`), phone and e-mail, the kind's last field
 * (`last`), and the buttons.
 */
function PersonFormFrame({ id, validator, order, defaults, photo, head, last, children, props }: {
  id: string;
  validator: Validator<{ [fieldName: string]: any }>;
  order: readonly string[];
  defaults: Record<string, string>;
  photo: { name: string; alt: string };
  head: ReactNode;
  last: ReactNode;
  children: ReactNode;
  props: PersonFormProps<{ email: Code[] }>;
}) {
  const { action, reply, imgSrc, codes, mode, cancelHref, deleteHref } = props;
  return (
    <AppForm id={id} validator={validator} action={action} encType="multipart/form-data" defaultValues={defaults}>
      <FormAlert serverMessage={reply?.alert} order={order} />
      <Stack gap="sm">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <PhotoField name={photo.name} current={imgSrc} alt={photo.alt} error={reply?.fieldErrors?.[photo.name]} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1, minWidth: 260 }}>
            {head}
          </SimpleGrid>
        </Group>
        {children}
        <PhoneField required prefixes={PHONE_PREFIXES} />
        <EmailField domains={opts(codes.email)} noSpaceMessage={MSG.emailNoSpace} />
        {last}
        <FormButtons mode={mode} cancelHref={cancelHref} deleteHref={deleteHref} reply={reply} />
      </Stack>
    </AppForm>
  );
}

export function StudentForm(props: PersonFormProps<{ attn: Code[]; grde: Code[]; birthPlace: Code[]; admsSlctn: Code[]; email: Code[] }> & { currentYear: number }) {
  const { action, reply, values, codes, currentYear, mode } = props;
  const first = firstInvalid(reply, studentOrder);
  const initial = (reply?.repopulateFields ?? values ?? {}) as Record<string, string>;
  const attn = useWatched(String(initial.attnCd ?? ""));
  const formId = "student-form";
  // 2020 … current year + 10 (spec 001 §9); a stored year outside it stays visible, and saving
  // it asks for a year in the range
  const admsYearOptions = admsYears(currentYear).map((y) => ({ value: String(y), label: `${y}년` }));
  const storedYear = String(initial.admsYear ?? "");
  if (storedYear && !admsYearOptions.some((o) => o.value === storedYear)) admsYearOptions.push({ value: storedYear, label: `${storedYear}년 (선택 범위 밖)` });
  const head = (
    <>
      <TextField name="name" label="이름" required autoFocus={first === "name"} />
      <SelectField name="admsYear" label="입학년도" required placeholder="선택" options={admsYearOptions} autoFocus={first === "admsYear"} />
      <TextField name="id" label="학번" required inputMode="numeric" maxLength={20} readOnly={mode === "edit"} autoFocus={first === "id"} />
      <SelectField name="admsSlctn" label="입학전형" required placeholder="선택" options={opts(codes.admsSlctn)} autoFocus={first === "admsSlctn"} />
    </>
  );
  const photo = { name: "imgFile", alt: `${initial.name ?? "학생"} 사진` };
  return (
    <PersonFormFrame id={formId} validator={studentValidator} order={studentOrder} defaults={values ?? { telNo1: "010", cohortYn: "N" }} photo={photo} head={head} last={<YesNo name="cohortYn" legend="코호트 연구 동의" />} props={props}>
        <BirthDateField required currentYear={currentYear} />
        <SchoolPicker reply={reply} formId={formId} action={action} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField name="hsGrdtnYear" label="고교 졸업년도" required inputMode="numeric" maxLength={4} autoFocus={first === "hsGrdtnYear"} />
          <SelectField name="birthPlace" label="출신지역" required placeholder="선택" options={opts(codes.birthPlace)} autoFocus={first === "birthPlace"} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField name="attnCd" label="학적상태" required placeholder="선택" options={opts(codes.attn)} autoFocus={first === "attnCd"} onValueChange={attn.onValueChange} />
          {needsGrade(attn.value) || !attn.value ? <SelectField name="grdeCd" label="학년" required={needsGrade(attn.value)} placeholder="선택" options={opts(codes.grde)} autoFocus={first === "grdeCd"} /> : null}
          {needsGraduationYear(attn.value) || !attn.value ? (
            <TextField name="grdtnYear" label="졸업년도" required={needsGraduationYear(attn.value)} inputMode="numeric" maxLength={4} autoFocus={first === "grdtnYear"} />
          ) : null}
        </SimpleGrid>
    </PersonFormFrame>
  );
}

/** Create: cancel and save; edit: delete (the list's delete question) and save (spec 001 §4). */
function FormButtons({ mode, cancelHref, deleteHref, reply }: { mode: "create" | "edit"; cancelHref: string; deleteHref?: string; reply?: PersonReply }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button component={Link} to={mode === "create" ? cancelHref : (deleteHref ?? cancelHref)} preventScrollReset {...(mode === "create" ? { variant: "default" } : { color: "red", variant: "outline" })}>
        {mode === "create" ? "취소" : "삭제"}
      </Button>
      <ConfirmSubmit action="save" label="저장" question={MSG.confirmSave} pending={reply?.confirm === "save"} cancelHref={cancelHref} />
    </Group>
  );
}

function YesNo({ name, legend }: { name: string; legend: string }) {
  const f = useFieldState(name);
  const dv = String(f.getInputProps().defaultValue ?? "N");
  return (
    <Radio.Group name={name} label={legend} defaultValue={dv}>
      <Group mt={4}>
        <Radio value="Y" label="동의" id={`${name}-Y`} />
        <Radio value="N" label="미동의" id={`${name}-N`} />
      </Group>
    </Radio.Group>
  );
}

export function ProfessorForm(props: PersonFormProps<{ emply: Code[]; job: Code[]; dpt: Code[]; email: Code[] }>) {
  const { reply, values, codes, mode } = props;
  const first = firstInvalid(reply, professorOrder);
  // on create the first employment option is preselected (spec 001 §4)
  const defaults = values ?? { telNo1: "010", emplyCd: codes.emply[0]?.id ?? "", tutorYn: "N" };
  const initial = (reply?.repopulateFields ?? defaults) as Record<string, string>;
  const emply = useWatched(String(initial.emplyCd ?? ""));
  const head = (
    <>
      <TextField name="name" label="이름" required autoFocus={first === "name"} />
      <TextField name="id" label="사번" required inputMode="numeric" maxLength={20} readOnly={mode === "edit"} autoFocus={first === "id"} />
      <SelectField name="gndr" label="성별" placeholder="선택" options={GENDERS.map((g) => ({ value: g.id, label: g.text }))} />
      <DateField name="emplyDate" label="입사일" required autoFocus={first === "emplyDate"} />
    </>
  );
  const tutor = <NativeSelect name="tutorYn" label="PBL 튜터" defaultValue={initial.tutorYn ?? "N"} data={[{ value: "N", label: "아니오" }, { value: "Y", label: "예" }]} w={160} />;
  const photo = { name: "file", alt: `${initial.name ?? "교수"} 사진` };
  return (
    <PersonFormFrame id="professor-form" validator={professorValidator} order={professorOrder} defaults={defaults} photo={photo} head={head} last={tutor} props={props}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField name="emplyCd" label="재직상태" required placeholder="선택" options={opts(codes.emply)} autoFocus={first === "emplyCd"} onValueChange={emply.onValueChange} />
          {/* the resignation date only for 0001100003 (spec 001 §4) */}
          <DateField name="rsgntDate" label="퇴사일" required={isResigned(emply.value)} disabled={!isResigned(emply.value)} autoFocus={first === "rsgntDate"} />
          <SelectField name="jobCd" label="직위" required placeholder="선택" options={opts(codes.job)} autoFocus={first === "jobCd"} />
          <SelectField name="dptCd" label="소속" required placeholder="선택" options={opts(codes.dpt)} autoFocus={first === "dptCd"} />
          <TextField name="school" label="출신학교" required autoFocus={first === "school"} />
          <TextField name="trngAgcy" label="수련기관" />
        </SimpleGrid>
    </PersonFormFrame>
  );
}
