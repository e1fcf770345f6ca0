/**
 * The consent document as people see it (R14), shared by the preview (R13) so the preview is
 * exactly the public page: the title, the sanitised HTML, and the agree / disagree choice as a
 * native radio group with a submit button. Plain elements and our own CSS (styles/privacy.css):
 * mobile first, readable at 360 px, and no JavaScript needed.
 */
import type { ReactNode } from "react";

export function ConsentView({
  title,
  html,
  lead,
  children,
  headingLevel = 1,
}: {
  title: string;
  html: string;
  /** shown between the title and the document (messages, the 'complete' screen) */
  lead?: ReactNode;
  children?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="consent-page">
      <Heading id="consent-title">{title}</Heading>
      {lead}
      <article className="consent-card" aria-labelledby="consent-title">
        {/* sanitised on the server just before rendering (sanitizeRichHtml) */}
        <div className="consent-doc" data-testid="consent-doc" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
      {children}
    </div>
  );
}

export const CONSENT_LEGEND = "위 개인정보 수집·이용에 동의하십니까?";

/** The agree / disagree radios and the save button (inside the caller's form). */
export function ConsentChoice({
  error,
  value,
  ver,
  disabled,
}: {
  error?: string | null;
  value?: string | null;
  ver?: number | null;
  /** the preview shows the same controls, unusable */
  disabled?: boolean;
}) {
  const errorId = "agreeYn-error";
  const describedBy = error ? errorId : undefined;
  return (
    <>
      <fieldset className="consent-choice" disabled={disabled} aria-describedby={describedBy} data-invalid={error ? "true" : undefined}>
        <legend>{CONSENT_LEGEND}</legend>
        <label className="consent-option">
          <input type="radio" name="agreeYn" value="Y" defaultChecked={value === "Y"} aria-describedby={describedBy} autoFocus={Boolean(error)} />
          동의합니다
        </label>
        <label className="consent-option">
          <input type="radio" name="agreeYn" value="N" defaultChecked={value === "N"} aria-describedby={describedBy} />
          동의하지 않습니다
        </label>
        {error ? (
          <p id={errorId} className="consent-error">
            {error}
          </p>
        ) : null}
      </fieldset>
      {ver ? <input type="hidden" name="ver" value={String(ver)} /> : null}
      <button type="submit" className="consent-submit" disabled={disabled}>
        저장
      </button>
    </>
  );
}

/** The 'submission complete' screen. */
export function ConsentDone({ agreeDt }: { agreeDt?: string | null }) {
  return (
    <section className="consent-done consent-card" aria-labelledby="consent-done-title" data-testid="consent-done">
      <h2 id="consent-done-title">제출 완료</h2>
      <p>개인정보 수집·이용 동의서 제출이 완료되었습니다.</p>
      {agreeDt ? <p className="consent-meta">동의 일시: {agreeDt}</p> : null}
    </section>
  );
}
