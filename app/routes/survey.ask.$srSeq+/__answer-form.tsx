/**
 * P14 the public answer page (issue 5): mobile-first at 360 px, plain HTML that needs no
 * JavaScript (its routes load none: `handle = { scripts: false }`), large touch targets. Each
 * question is a fieldset with a legend; multiple choice as radios (checkboxes with multiAns), free
 * text as a text area, sections as headings, the personal-information consent when the survey
 * collects it. A refused sheet comes back with every answer kept, the message at each question
 * and focus on the first one.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import type { WireAskSurvey } from "~/legacy/endpoints/survey.server";
import { answerFieldId, LIMITS } from "~/schemas/survey";

/** The element id of an answer field's control (its first option for radios and checkboxes). */

type Survey = WireAskSurvey["survey"];

export interface AnswerReply {
  values: Record<string, string[]>;
  errors: Record<string, string>;
  alert: string;
  submitKey: string;
  focus: string | null;
}

const period = (s: Survey) => (s.dtYn === "Y" && s.stDt && s.enDt ? `${s.stDt.slice(0, 16)} ~ ${s.enDt.slice(0, 16)}` : null);

export function AskShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="ask">
      <h1 className="ask-title">{title}</h1>
      {children}
      <footer className="ask-footer">의과대학 교육평가 자료관리</footer>
    </main>
  );
}

export function AskNotice({ title, text, detail, kind = "status" }: { title: string; text: string; detail?: string | null; kind?: "status" | "alert" }) {
  return (
    <AskShell title={title}>
      <section className="ask-notice" role={kind} aria-live="polite">
        <p className="ask-notice-text">{text}</p>
        {detail ? <p className="ask-muted">{detail}</p> : null}
      </section>
    </AskShell>
  );
}

function Required() {
  return (
    <>
      <span className="ask-required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">(필수)</span>
    </>
  );
}

export function AnswerForm({ survey, submitKey, action, reply, notice }: { survey: Survey; submitKey: string; action: string; reply?: AnswerReply; notice?: string | null }) {
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  const has = (field: string, value: string) => (values[field] ?? []).includes(value);
  const focus = reply?.focus ?? null;
  const win = period(survey);
  let no = 0;

  const errorOf = (field: string) =>
    errors[field] ? (
      <p className="ask-error" id={`${answerFieldId(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const described = (field: string) => (errors[field] ? `${answerFieldId(field)}-error` : undefined);

  return (
    <AskShell title={survey.srName}>
      {survey.srContent ? <p className="ask-intro">{survey.srContent}</p> : null}
      {win ? <p className="ask-muted">응답 기간: {win}</p> : null}
      <p className="ask-muted">
        <span className="ask-required" aria-hidden="true">
          *
        </span>{" "}
        표시는 필수 문항입니다.
      </p>
      <AlertRegion message={reply?.alert ?? notice} />
      <Form method="post" action={action} className="ask-form" noValidate>
        <CsrfField />
        <input type="hidden" name="submitKey" value={reply?.submitKey ?? submitKey} />

        {survey.prsnInfoYn === "Y" ? (
          <fieldset className="ask-q" aria-describedby={described("prsnAgreeYn")} aria-invalid={errors.prsnAgreeYn ? true : undefined}>
            <legend className="ask-legend">
              개인정보 수집·이용 동의 <Required />
            </legend>
            <p className="ask-consent">{survey.prsnInfoContent}</p>
            <label className="ask-option" htmlFor={answerFieldId("prsnAgreeYn")}>
              <input
                id={answerFieldId("prsnAgreeYn")}
                type="checkbox"
                name="prsnAgreeYn"
                value="Y"
                defaultChecked={has("prsnAgreeYn", "Y")}
                autoFocus={focus === answerFieldId("prsnAgreeYn")}
                aria-describedby={described("prsnAgreeYn")}
              />
              <span>위 내용에 동의합니다.</span>
            </label>
            {errorOf("prsnAgreeYn")}
          </fieldset>
        ) : null}

        {survey.slList.length > 0 ? (
          <fieldset className="ask-q" aria-describedby={described("slSeq")}>
            <legend className="ask-legend">
              평가할 강의 <Required />
            </legend>
            {survey.slList.map((l) => (
              <label key={l.slSeq} className="ask-option" htmlFor={answerFieldId("slSeq", l.slSeq)}>
                <input
                  id={answerFieldId("slSeq", l.slSeq)}
                  type="radio"
                  name="slSeq"
                  value={l.slSeq}
                  defaultChecked={has("slSeq", String(l.slSeq))}
                  autoFocus={focus === answerFieldId("slSeq", l.slSeq)}
                  aria-describedby={described("slSeq")}
                  aria-invalid={errors.slSeq ? true : undefined}
                />
                <span>
                  {l.slName}
                  {l.pfName || l.deptName ? <span className="ask-muted"> ({[l.pfName, l.deptName].filter(Boolean).join(", ")})</span> : null}
                </span>
              </label>
            ))}
            {errorOf("slSeq")}
          </fieldset>
        ) : null}

        {survey.qestList.map((q) => {
          if (q.sqType === 0) {
            return (
              <h2 key={q.sqSeq} className="ask-section">
                {q.sqSubj}
              </h2>
            );
          }
          no += 1;
          const field = `q${q.sqSeq}`;
          const required = q.esntlYn === "Y";
          const legendId = `${answerFieldId(field)}-legend`;
          const legend = (
            <legend className="ask-legend" id={legendId}>
              {q.sqNo ?? no}. {q.sqSubj} {required ? <Required /> : null}
              {q.sqType === 1 && q.multiAns === "Y" ? <span className="ask-muted"> (복수 선택 가능)</span> : null}
            </legend>
          );
          if (q.sqType === 1) {
            const type = q.multiAns === "Y" ? "checkbox" : "radio";
            return (
              <fieldset key={q.sqSeq} className="ask-q" data-testid="ask-question" aria-describedby={described(field)}>
                {legend}
                {q.itemList.map((it) => (
                  <label key={it.siSeq} className="ask-option" htmlFor={answerFieldId(field, it.siSeq)}>
                    <input
                      id={answerFieldId(field, it.siSeq)}
                      type={type}
                      name={field}
                      value={it.siSeq}
                      defaultChecked={has(field, String(it.siSeq))}
                      autoFocus={focus === answerFieldId(field, it.siSeq)}
                      aria-describedby={described(field)}
                      aria-invalid={errors[field] ? true : undefined}
                    />
                    <span>
                      {it.text}
                      {q.scoreOpenYn === "Y" && it.score != null ? <span className="ask-muted"> ({it.score}점)</span> : null}
                    </span>
                  </label>
                ))}
                {errorOf(field)}
              </fieldset>
            );
          }
          return (
            <fieldset key={q.sqSeq} className="ask-q" data-testid="ask-question">
              {legend}
              <textarea
                id={answerFieldId(field)}
                name={field}
                className="ask-text"
                rows={4}
                maxLength={LIMITS.answerText}
                defaultValue={values[field]?.[0] ?? ""}
                aria-labelledby={legendId}
                aria-describedby={described(field)}
                aria-invalid={errors[field] ? true : undefined}
                aria-required={required || undefined}
                autoFocus={focus === answerFieldId(field)}
              />
              {errorOf(field)}
            </fieldset>
          );
        })}
        <button type="submit" className="ask-submit">
          제출하기
        </button>
      </Form>
    </AskShell>
  );
}
