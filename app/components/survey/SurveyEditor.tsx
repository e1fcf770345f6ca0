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
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput, Title, Box } from "~/components/ui/mantine";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
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

const hiddenStyle = { position: "absolute", left: -9999, width: 1, height: 1, overflow: "hidden" } as const;

function Hidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}

/** A submit button with an intent (works without JavaScript); with JavaScript it runs in place. */
function OpButton({ op, run, hydrated, children, variant = "default", color, danger }: { op: EditorOp; run: (op: EditorOp) => void; hydrated: boolean; children: ReactNode; variant?: string; color?: string; danger?: boolean }) {
  return (
    <Button
      type="submit"
      name="intent"
      value={opIntent(op)}
      size="compact-sm"
      variant={variant}
      color={color}
      c={danger ? "red.9" : undefined}
      onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        run(op);
      }}
    >
      {children}
    </Button>
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
    setState((s) => {
      const qestList = [...s.qestList];
      qestList[i] = { ...qestList[i], ...patch };
      return { ...s, qestList };
    });
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
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" style={hiddenStyle}>
        저장
      </button>
      <CsrfField />
      <input type="hidden" name="seq" value={state.seq} />
      <input type="hidden" name="nextKey" value={state.nextKey} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {state.delSq.map((s) => (
        <input key={`dq${s}`} type="hidden" name="delSq" value={s} />
      ))}
      {state.delSi.map((s) => (
        <input key={`di${s}`} type="hidden" name="delSi" value={s} />
      ))}
      {state.delSl.map((s) => (
        <input key={`dl${s}`} type="hidden" name="delSl" value={s} />
      ))}

      <AlertRegion message={message.text} kind={message.kind} />

      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sv-basic-title">
          <Title order={2} size="h4" id="sv-basic-title" mb="sm">
            기본 정보
          </Title>
          <Stack gap="sm">
            <TextInput
              id={fieldId("srName")}
              name="srName"
              label="설문명"
              withAsterisk
              value={state.srName}
              onChange={(e) => set({ srName: e.currentTarget.value }, "srName")}
              error={err("srName")}
              maxLength={LIMITS.srName + 50}
              autoFocus={ownFocus("srName")}
            />
            <Textarea
              id={fieldId("srContent")}
              name="srContent"
              label="설문 내용"
              description="응답 화면의 위쪽에 안내문으로 보입니다."
              value={state.srContent}
              onChange={(e) => set({ srContent: e.currentTarget.value }, "srContent")}
              error={err("srContent")}
              rows={4}
              autoFocus={ownFocus("srContent")}
            />
            <fieldset className="survey-fieldset">
              <legend>사용여부</legend>
              <Group gap="lg">
                <Radio id="sv-usyn-Y" name="usyn" value="Y" label="사용" checked={state.usyn === "Y"} onChange={() => set({ usyn: "Y" })} />
                <Radio id="sv-usyn-N" name="usyn" value="N" label="미사용" checked={state.usyn === "N"} onChange={() => set({ usyn: "N" })} />
              </Group>
            </fieldset>
            <fieldset className="survey-fieldset">
              <legend>응답기한</legend>
              <Group gap="lg" mb={6}>
                <Radio id="sv-dtYn-N" name="dtYn" value="N" label="기한 없음" checked={state.dtYn === "N"} onChange={() => set({ dtYn: "N", stDt: "", enDt: "" }, "stDt")} />
                <Radio id="sv-dtYn-Y" name="dtYn" value="Y" label="기한 설정" checked={state.dtYn === "Y"} onChange={() => set({ dtYn: "Y" })} />
              </Group>
              <Group gap="sm" align="flex-start">
                <TextInput
                  id={fieldId("stDt")}
                  name="stDt"
                  type="datetime-local"
                  label="응답 시작일시"
                  value={state.stDt}
                  disabled={hydrated && state.dtYn !== "Y"}
                  onChange={(e) => set({ stDt: e.currentTarget.value }, "stDt")}
                  error={err("stDt")}
                  autoFocus={ownFocus("stDt")}
                />
                <TextInput
                  id={fieldId("enDt")}
                  name="enDt"
                  type="datetime-local"
                  label="응답 종료일시"
                  value={state.enDt}
                  disabled={hydrated && state.dtYn !== "Y"}
                  onChange={(e) => set({ enDt: e.currentTarget.value }, "enDt")}
                  error={err("enDt")}
                  autoFocus={ownFocus("enDt")}
                />
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
                <Radio id="sv-prsnInfoYn-N" name="prsnInfoYn" value="N" label="수집 안 함" checked={state.prsnInfoYn === "N"} onChange={() => set({ prsnInfoYn: "N", prsnInfoContent: "" }, "prsnInfoContent")} />
                <Radio id="sv-prsnInfoYn-Y" name="prsnInfoYn" value="Y" label="수집" checked={state.prsnInfoYn === "Y"} onChange={() => set({ prsnInfoYn: "Y" })} />
              </Group>
              <Textarea
                id={fieldId("prsnInfoContent")}
                name="prsnInfoContent"
                label="개인정보 수집·이용 안내"
                description="수집 항목, 목적, 보유 기간을 적어 주세요. 응답자는 동의해야 응답을 제출할 수 있습니다."
                value={state.prsnInfoContent}
                disabled={hydrated && state.prsnInfoYn !== "Y"}
                onChange={(e) => set({ prsnInfoContent: e.currentTarget.value }, "prsnInfoContent")}
                error={err("prsnInfoContent")}
                rows={3}
                autoFocus={ownFocus("prsnInfoContent")}
              />
            </fieldset>
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sv-lecture-title">
          <Title order={2} size="h4" id="sv-lecture-title" mb="xs">
            강의
          </Title>
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
                  const setL = (patch: Partial<typeof l>, name: string) => {
                    setState((s) => {
                      const slList = [...s.slList];
                      slList[k] = { ...slList[k], ...patch };
                      return { ...s, slList };
                    });
                    clearError(name);
                  };
                  const cell = (field: "slName" | "slTime" | "pfName" | "deptName", label: string, w: number) => {
                    const name = lectureName(k, field);
                    return (
                      <td>
                        <TextInput
                          id={fieldId(name)}
                          name={name}
                          aria-label={`${k + 1}번 강의 ${label}`}
                          value={l[field]}
                          onChange={(e) => setL({ [field]: e.currentTarget.value }, name)}
                          error={err(name)}
                          inputMode={field === "slTime" ? "numeric" : undefined}
                          w={w}
                          autoFocus={ownFocus(name)}
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
                        <OpButton run={run} hydrated={hydrated} op={{ op: "removeLecture", index: k }} color="red" variant="subtle">
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
            <OpButton run={run} hydrated={hydrated} op={{ op: "addLecture" }}>강의 행 추가</OpButton>
          </Group>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sv-question-title">
          <Title order={2} size="h4" id="sv-question-title" mb="xs">
            설문 문항
          </Title>
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
                  <input type="hidden" name={qName(i, "key")} value={q.key} />
                  <input type="hidden" name={qName(i, "sqSeq")} value={q.sqSeq} />
                  <input type="hidden" name={qName(i, "typeChg")} value={q.typeChg} />
                  <input type="hidden" name={qName(i, "prevSqType")} value={q.prevSqType} />
                  <input type="hidden" name={qName(i, "prevItemType")} value={q.prevItemType} />
                  <Stack gap="sm">
                    <Group gap="sm" align="flex-end">
                      <NativeSelect
                        id={fieldId(qName(i, "sqType"))}
                        name={qName(i, "sqType")}
                        label="문항 유형"
                        data={SQ_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                        value={q.sqType}
                        onChange={(e) => {
                          const next = { ...state, qestList: state.qestList.map((x, n) => (n === i ? { ...x, sqType: e.currentTarget.value as SqType } : x)) };
                          const r = applyOp(next, { op: "retype", index: i });
                          setState(r.state);
                          setErrors({});
                        }}
                        autoFocus={ownFocus(qName(i, "sqType"))}
                      />
                      {q.sqType === "1" ? (
                        <NativeSelect
                          id={fieldId(qName(i, "itemType"))}
                          name={qName(i, "itemType")}
                          label="답가지 유형"
                          data={ITEM_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                          value={q.itemType}
                          error={err(qName(i, "itemType"))}
                          onChange={(e) => {
                            const next = { ...state, qestList: state.qestList.map((x, n) => (n === i ? { ...x, itemType: e.currentTarget.value } : x)) };
                            const r = applyOp(next, { op: "retype", index: i });
                            setState(r.state);
                            setErrors({});
                          }}
                          autoFocus={ownFocus(qName(i, "itemType"))}
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
                      id={fieldId(qName(i, "sqSubj"))}
                      name={qName(i, "sqSubj")}
                      label={section ? "섹션명" : "설문주제"}
                      withAsterisk
                      value={q.sqSubj}
                      onChange={(e) => setQ(i, { sqSubj: e.currentTarget.value }, qName(i, "sqSubj"))}
                      error={err(qName(i, "sqSubj"))}
                      autoFocus={ownFocus(qName(i, "sqSubj"))}
                    />
                    {section ? null : (
                      <Group gap="lg">
                        <Checkbox
                          id={fieldId(qName(i, "esntlYn"))}
                          name={qName(i, "esntlYn")}
                          value="Y"
                          label="필수 응답"
                          checked={q.esntlYn === "Y"}
                          onChange={(e) => setQ(i, { esntlYn: e.currentTarget.checked ? "Y" : "N" })}
                        />
                        {q.sqType === "1" ? (
                          <>
                            <Checkbox
                              id={fieldId(qName(i, "scoreOpenYn"))}
                              name={qName(i, "scoreOpenYn")}
                              value="Y"
                              label="점수 공개"
                              checked={q.scoreOpenYn === "Y"}
                              onChange={(e) => setQ(i, { scoreOpenYn: e.currentTarget.checked ? "Y" : "N" })}
                            />
                            <Checkbox
                              id={fieldId(qName(i, "multiAns"))}
                              name={qName(i, "multiAns")}
                              value="Y"
                              label="복수 응답"
                              checked={q.multiAns === "Y"}
                              onChange={(e) => setQ(i, { multiAns: e.currentTarget.checked ? "Y" : "N" })}
                            />
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
                                setState((s) => {
                                  const qestList = [...s.qestList];
                                  const itemList = [...qestList[i].itemList];
                                  itemList[j] = { ...itemList[j], ...patch };
                                  qestList[i] = { ...qestList[i], itemList };
                                  return { ...s, qestList };
                                });
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
                                      id={fieldId(textName)}
                                      name={textName}
                                      aria-label={`${title} 답가지 ${j + 1}`}
                                      value={it.text}
                                      onChange={(e) => setItem({ text: e.currentTarget.value }, textName)}
                                      error={err(textName)}
                                      miw={180}
                                      autoFocus={ownFocus(textName)}
                                    />
                                  </td>
                                  <td>
                                    <TextInput
                                      id={fieldId(scoreName)}
                                      name={scoreName}
                                      aria-label={`${title} 답가지 ${j + 1} 점수`}
                                      value={it.score}
                                      inputMode="numeric"
                                      onChange={(e) => setItem({ score: e.currentTarget.value }, scoreName)}
                                      error={err(scoreName)}
                                      w={80}
                                      autoFocus={ownFocus(scoreName)}
                                    />
                                  </td>
                                  {manual ? (
                                    <td>
                                      <OpButton run={run} hydrated={hydrated} op={{ op: "removeItem", index: i, item: j }} color="red" variant="subtle">
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
                            <OpButton run={run} hydrated={hydrated} op={{ op: "addItem", index: i }}>
                              답가지 추가<Hidden> ({title})</Hidden>
                            </OpButton>
                          </Group>
                        ) : null}
                      </div>
                    ) : null}
                    <Group gap="xs" justify="flex-end">
                      <OpButton run={run} hydrated={hydrated} op={{ op: "up", index: i }}>
                        위로<Hidden> ({title})</Hidden>
                      </OpButton>
                      <OpButton run={run} hydrated={hydrated} op={{ op: "down", index: i }}>
                        아래로<Hidden> ({title})</Hidden>
                      </OpButton>
                      <OpButton run={run} hydrated={hydrated} op={{ op: "remove", index: i }} danger>
                        삭제<Hidden> ({title})</Hidden>
                      </OpButton>
                    </Group>
                  </Stack>
                </fieldset>
              );
            })}
          </Stack>
          <Group mt="md" gap="sm">
            <OpButton run={run} hydrated={hydrated} op={{ op: "add", sqType: "0" }}>섹션 추가</OpButton>
            <OpButton run={run} hydrated={hydrated} op={{ op: "add", sqType: "1" }}>객관식 문항 추가</OpButton>
            <OpButton run={run} hydrated={hydrated} op={{ op: "add", sqType: "2" }}>주관식 문항 추가</OpButton>
          </Group>
        </Paper>

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
