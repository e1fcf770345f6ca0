/**
 * The survey editor of P11 (spec 000 §2 "Survey registration", §4, §5, §9): one native form.
 *
 * Without JavaScript every operation that changes the form's shape (add, remove, move, retype a
 * question; add or remove an item or a lecture row) is a submit button with an `intent`: the
 * action re-renders the form with every typed value kept (app/schemas/survey.ts `applyOp`). With
 * JavaScript the same buttons run the same `applyOp` in place, and save is checked in the browser
 * with the same rules before the form posts. Every field has a label; each question is a fieldset
 * with a legend; errors are tied to their fields and the first failing one takes focus.
 */
import { Anchor, Button, Checkbox, Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput, Box } from "~/components/ui/mantine";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { DefaultSubmit } from "~/components/form/DefaultSubmit";
import { CsrfField } from "~/components/form/field-state";
import { HiddenFields } from "~/components/form/HiddenFields";
import { IntentButton } from "~/components/form/IntentButton";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { PaperSection } from "~/components/layout/PaperSection";
import { useHydrated } from "~/components/layout/useHydrated";
import {
  applyOp,
  applyPendingRetypes,
  fieldErrorsOf,
  isManualItems,
  ITEM_TYPES,
  itemName,
  lectureName,
  LIMITS,
  opIntent,
  qName,
  SQ_TYPES,
  validateSurvey,
  type EditorOp,
  type EditorQuestion,
  type EditorState,
  type SqType,
} from "~/schemas/survey";

export interface SurveyEditorProps {
  initial: EditorState;
  fieldErrors?: Record<string, string>;
  alert?: string | null;
  alertKind?: "info" | "error";
  /** the field to focus when the page opens (first failing field, or the one an operation made) */
  focus?: string | null;
  /** where the form posts (the route with its query) */
  action: string;
  /** a same-site path to return to after saving (comm=Y) */
  returnTo?: string | null;
  listHref: string;
  deleteHref?: string | null;
}

/** The element id of a posted field name. */
export const fieldId = (name: string) => `sv-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

function Hidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}

/** A copy of `list` with the element at `index` patched. */
function patchAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((x, n) => (n === index ? { ...x, ...patch } : x));
}

/** An editor operation's button: posted as its intent without JavaScript, run in place with it. */
function OpButton({ op, run, children, variant = "default", color, danger }: { op: EditorOp; run: (op: EditorOp) => void; children: ReactNode; variant?: string; color?: string; danger?: boolean }) {
  return (
    <IntentButton intent={opIntent(op)} run={() => run(op)} size="compact-sm" variant={variant} color={color} c={danger ? "red.9" : undefined}>
      {children}
    </IntentButton>
  );
}

export function SurveyEditor({ initial, fieldErrors = {}, alert = null, alertKind = "error", focus = null, action, returnTo, listHref, deleteHref }: SurveyEditorProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [state, setState] = useState<EditorState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>(fieldErrors);
  const [message, setMessage] = useState<{ text: string | null; kind: "info" | "error" }>({ text: alert, kind: alertKind });
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!pendingFocus) return;
    const el = document.getElementById(fieldId(pendingFocus)) ?? formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(pendingFocus)}"]`);
    el?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);

  const err = (name: string) => errors[name];
  const clearError = (name: string) => {
    if (errors[name]) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)));
  };
  const set = (patch: Partial<EditorState>, name?: string) => {
    setState((s) => ({ ...s, ...patch }));
    if (name) clearError(name);
  };
  const setQ = (i: number, patch: Partial<EditorQuestion>, name?: string) => {
    setState((s) => ({ ...s, qestList: patchAt(s.qestList, i, patch) }));
    if (name) clearError(name);
  };
  const run = (op: EditorOp) => {
    const r = applyOp(state, op);
    setState(r.state);
    // an operation moves fields around: stale marks would point at the wrong rows
    setErrors({});
    setMessage(r.notice ? { text: r.notice, kind: "info" } : { text: null, kind: "info" });
    if (r.focus) setPendingFocus(r.focus);
  };
  const ownFocus = (name: string) => (!hydrated && focus === name ? true : undefined);
  /** what every typed field carries: its id, its posted name, its error and the focus the server gave it */
  const field = (name: string) => ({ id: fieldId(name), name, error: err(name), autoFocus: ownFocus(name) });
  /** a typed field of the survey itself, with its value (typing clears its error) */
  const own = (name: "srName" | "srContent" | "stDt" | "enDt" | "prsnInfoContent") => ({
    ...field(name),
    value: state[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [name]: e.currentTarget.value }, name),
  });
  /** one choice of a Y/N setting; `also` empties what the choice makes void, and `clears` that field's error */
  const choice = (name: "usyn" | "dtYn" | "prsnInfoYn", value: "Y" | "N", label: string, also?: Partial<EditorState>, clears?: string) => (
    <Radio id={`sv-${name}-${value}`} name={name} value={value} label={label} checked={state[name] === value} onChange={() => set({ [name]: value, ...also }, clears)} />
  );
  /** a changed question or item type: the same operation as the 'apply' button without JavaScript */
  const retype = (i: number, patch: Partial<EditorQuestion>) => {
    setState(applyOp({ ...state, qestList: patchAt(state.qestList, i, patch) }, { op: "retype", index: i }).state);
    setErrors({});
  };
  /** a question's Y/N flag, posted as Y when checked */
  const flag = (i: number, key: "esntlYn" | "scoreOpenYn" | "multiAns", label: string) => (
    <Checkbox id={fieldId(qName(i, key))} name={qName(i, key)} value="Y" label={label} checked={state.qestList[i][key] === "Y"} onChange={(e) => setQ(i, { [key]: e.currentTarget.checked ? "Y" : "N" })} />
  );
  let questionNo = 0;

  return (
    <Form
      method="post"
      action={action}
      ref={formRef}
      noValidate
      id="survey-editor"
      preventScrollReset
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value !== "save") return;
        const issues = validateSurvey(applyPendingRetypes(state));
        if (issues.length === 0) return;
        e.preventDefault();
        setErrors(fieldErrorsOf(issues));
        setMessage({ text: issues[0].message, kind: "error" });
        setPendingFocus(issues[0].path);
      }}
    >
      {/* Enter in a text field saves: the default button comes first */}
      <DefaultSubmit intent="save">
        저장
      </DefaultSubmit>
      <CsrfField />
      <HiddenFields values={{ seq: state.seq, nextKey: state.nextKey, returnTo: returnTo || null }} />
      {(["delSq", "delSi", "delSl"] as const).map((name) => state[name].map((s) => <input key={`${name}${s}`} type="hidden" name={name} value={s} />))}

      <AlertRegion message={message.text} kind={message.kind} />

      <Stack gap="lg">
        <PaperSection titleId="sv-basic-title" title="기본 정보">
          <Stack gap="sm">
            <TextInput {...own("srName")} label="설문명" withAsterisk maxLength={LIMITS.srName + 50} />
            <Textarea {...own("srContent")} label="설문 내용" description="응답 화면의 위쪽에 안내문으로 보입니다." rows={4} />
            <fieldset className="survey-fieldset">
              <legend>사용여부</legend>
              <Group gap="lg">
                {choice("usyn", "Y", "사용")}
                {choice("usyn", "N", "미사용")}
              </Group>
            </fieldset>
            <fieldset className="survey-fieldset">
              <legend>응답기한</legend>
              <Group gap="lg" mb={6}>
                {choice("dtYn", "N", "기한 없음", { stDt: "", enDt: "" }, "stDt")}
                {choice("dtYn", "Y", "기한 설정")}
              </Group>
              <Group gap="sm" align="flex-start">
                <TextInput {...own("stDt")} type="datetime-local" label="응답 시작일시" disabled={hydrated && state.dtYn !== "Y"} />
                <TextInput {...own("enDt")} type="datetime-local" label="응답 종료일시" disabled={hydrated && state.dtYn !== "Y"} />
              </Group>
              {hydrated ? null : (
                <Text size="xs" c="dimmed" mt={4}>
                  &lsquo;기한 없음&rsquo;으로 저장하면 입력한 날짜는 지워집니다.
                </Text>
              )}
            </fieldset>
            <fieldset className="survey-fieldset">
              <legend>개인정보수집여부</legend>
              <Group gap="lg" mb={6}>
                {choice("prsnInfoYn", "N", "수집 안 함", { prsnInfoContent: "" }, "prsnInfoContent")}
                {choice("prsnInfoYn", "Y", "수집")}
              </Group>
              <Textarea
                {...own("prsnInfoContent")}
                label="개인정보 수집·이용 안내"
                description="수집 항목, 목적, 보유 기간을 적어 주세요. 응답자는 동의해야 응답을 제출할 수 있습니다."
                disabled={hydrated && state.prsnInfoYn !== "Y"}
                rows={3}
              />
            </fieldset>
          </Stack>
        </PaperSection>

        <PaperSection titleId="sv-lecture-title" title="강의" titleGap="xs">
          <Text size="sm" c="dimmed" mb="sm">
            강의를 입력하면 응답자가 평가할 강의를 고르고, 결과를 강의별로 볼 수 있습니다. 빈 행은 저장하지 않습니다.
          </Text>
          <Box style={{ overflowX: "auto" }}>
            <table className="survey-items" data-testid="lectures">
              <caption className="visually-hidden">강의 목록</caption>
              <thead>
                <tr>
                  <th scope="col">번호</th>
                  <th scope="col">강의명</th>
                  <th scope="col">강의시간 (시간)</th>
                  <th scope="col">담당교수</th>
                  <th scope="col">소속</th>
                  <th scope="col">
                    <Hidden>행 삭제</Hidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.slList.map((l, k) => {
                  const cell = (col: "slName" | "slTime" | "pfName" | "deptName", label: string, w: number) => {
                    const name = lectureName(k, col);
                    return (
                      <td>
                        <TextInput
                          {...field(name)}
                          aria-label={`${k + 1}번 강의 ${label}`}
                          value={l[col]}
                          onChange={(e) => {
                            const patch = { [col]: e.currentTarget.value };
                            setState((s) => ({ ...s, slList: patchAt(s.slList, k, patch) }));
                            clearError(name);
                          }}
                          inputMode={col === "slTime" ? "numeric" : undefined}
                          w={w}
                        />
                      </td>
                    );
                  };
                  return (
                    <tr key={`${l.slSeq || "new"}-${k}`} data-testid="lecture-row">
                      <td>
                        <input type="hidden" name={lectureName(k, "slSeq")} value={l.slSeq} />
                        {k + 1}
                      </td>
                      {cell("slName", "강의명", 280)}
                      {cell("slTime", "강의시간", 90)}
                      {cell("pfName", "담당교수", 120)}
                      {cell("deptName", "소속", 220)}
                      <td>
                        <OpButton run={run} op={{ op: "removeLecture", index: k }} color="red" variant="subtle">
                          삭제<Hidden> ({k + 1}번 강의)</Hidden>
                        </OpButton>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Box>
          <Group mt="sm">
            <OpButton run={run} op={{ op: "addLecture" }}>강의 행 추가</OpButton>
          </Group>
        </PaperSection>

        <PaperSection titleId="sv-question-title" title="설문 문항" titleGap="xs">
          {err("qestList") ? (
            <Text className="survey-error" role="note" id={fieldId("qestList")} tabIndex={-1}>
              {err("qestList")}
            </Text>
          ) : null}
          <Stack gap="md" data-testid="questions">
            {state.qestList.map((q, i) => {
              const section = q.sqType === "0";
              const no = section ? null : ++questionNo;
              const title = section ? `섹션 (${i + 1}번째)` : `문항 ${no}`;
              const manual = isManualItems(q.itemType);
              return (
                <fieldset key={q.key} className="survey-question" data-section={section} data-testid="question">
                  <legend>{title}</legend>
                  {(["key", "sqSeq", "typeChg", "prevSqType", "prevItemType"] as const).map((f) => (
                    <input key={f} type="hidden" name={qName(i, f)} value={q[f]} />
                  ))}
                  <Stack gap="sm">
                    <Group gap="sm" align="flex-end">
                      <NativeSelect
                        {...field(qName(i, "sqType"))}
                        label="문항 유형"
                        data={SQ_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                        value={q.sqType}
                        onChange={(e) => retype(i, { sqType: e.currentTarget.value as SqType })}
                      />
                      {q.sqType === "1" ? (
                        <NativeSelect
                          {...field(qName(i, "itemType"))}
                          label="답가지 유형"
                          data={ITEM_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                          value={q.itemType}
                          onChange={(e) => retype(i, { itemType: e.currentTarget.value })}
                        />
                      ) : (
                        <input type="hidden" name={qName(i, "itemType")} value={q.itemType} />
                      )}
                      {hydrated ? null : (
                        <Button type="submit" name="intent" value={opIntent({ op: "retype", index: i })} size="sm" variant="default">
                          유형 적용<Hidden> ({title})</Hidden>
                        </Button>
                      )}
                    </Group>
                    <TextInput
                      {...field(qName(i, "sqSubj"))}
                      label={section ? "섹션명" : "설문주제"}
                      withAsterisk
                      value={q.sqSubj}
                      onChange={(e) => setQ(i, { sqSubj: e.currentTarget.value }, qName(i, "sqSubj"))}
                    />
                    {section ? null : (
                      <Group gap="lg">
                        {flag(i, "esntlYn", "필수 응답")}
                        {q.sqType === "1" ? (
                          <>
                            {flag(i, "scoreOpenYn", "점수 공개")}
                            {flag(i, "multiAns", "복수 응답")}
                          </>
                        ) : null}
                      </Group>
                    )}
                    {q.sqType === "1" ? (
                      <div>
                        <table className="survey-items">
                          <caption className="visually-hidden">{title} 답가지</caption>
                          <thead>
                            <tr>
                              <th scope="col">번호</th>
                              <th scope="col">답가지</th>
                              <th scope="col">점수</th>
                              {manual ? (
                                <th scope="col">
                                  <Hidden>답가지 삭제</Hidden>
                                </th>
                              ) : null}
                            </tr>
                          </thead>
                          <tbody>
                            {q.itemList.map((it, j) => {
                              const textName = itemName(i, j, "text");
                              const scoreName = itemName(i, j, "score");
                              const setItem = (patch: Partial<typeof it>, name: string) => {
                                setState((s) => ({ ...s, qestList: patchAt(s.qestList, i, { itemList: patchAt(s.qestList[i].itemList, j, patch) }) }));
                                clearError(name);
                              };
                              return (
                                <tr key={`${it.siSeq || "n"}-${j}`} data-testid="item-row">
                                  <td>
                                    <input type="hidden" name={itemName(i, j, "siSeq")} value={it.siSeq} />
                                    {j + 1}
                                  </td>
                                  <td>
                                    <TextInput
                                      {...field(textName)}
                                      aria-label={`${title} 답가지 ${j + 1}`}
                                      value={it.text}
                                      onChange={(e) => setItem({ text: e.currentTarget.value }, textName)}
                                      miw={180}
                                    />
                                  </td>
                                  <td>
                                    <TextInput
                                      {...field(scoreName)}
                                      aria-label={`${title} 답가지 ${j + 1} 점수`}
                                      value={it.score}
                                      inputMode="numeric"
                                      onChange={(e) => setItem({ score: e.currentTarget.value }, scoreName)}
                                      w={80}
                                    />
                                  </td>
                                  {manual ? (
                                    <td>
                                      <OpButton run={run} op={{ op: "removeItem", index: i, item: j }} color="red" variant="subtle">
                                        삭제<Hidden> ({title} 답가지 {j + 1})</Hidden>
                                      </OpButton>
                                    </td>
                                  ) : null}
                                </tr>
                              );
                            })}
                          </tbody>
                        </table>
                        {manual ? (
                          <Group mt={6}>
                            <OpButton run={run} op={{ op: "addItem", index: i }}>
                              답가지 추가<Hidden> ({title})</Hidden>
                            </OpButton>
                          </Group>
                        ) : null}
                      </div>
                    ) : null}
                    <Group gap="xs" justify="flex-end">
                      <OpButton run={run} op={{ op: "up", index: i }}>
                        위로<Hidden> ({title})</Hidden>
                      </OpButton>
                      <OpButton run={run} op={{ op: "down", index: i }}>
                        아래로<Hidden> ({title})</Hidden>
                      </OpButton>
                      <OpButton run={run} op={{ op: "remove", index: i }} danger>
                        삭제<Hidden> ({title})</Hidden>
                      </OpButton>
                    </Group>
                  </Stack>
                </fieldset>
              );
            })}
          </Stack>
          <Group mt="md" gap="sm">
            <OpButton run={run} op={{ op: "add", sqType: "0" }}>섹션 추가</OpButton>
            <OpButton run={run} op={{ op: "add", sqType: "1" }}>객관식 문항 추가</OpButton>
            <OpButton run={run} op={{ op: "add", sqType: "2" }}>주관식 문항 추가</OpButton>
          </Group>
        </PaperSection>

        <Group justify="space-between">
          <Group gap="sm">
            <Anchor component={Link} to={returnTo ?? listHref}>
              목록
            </Anchor>
            {deleteHref ? (
              <Anchor component={Link} to={deleteHref} c="red.9" preventScrollReset>
                설문 삭제
              </Anchor>
            ) : null}
          </Group>
          <Button type="submit" name="intent" value="save" loading={saving}>
            저장
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
