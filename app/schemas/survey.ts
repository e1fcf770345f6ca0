/**
 * Surveys (spec 000 §3-§5, §9; issue 5), shared by the browser, the Remix actions and the
 * embedded backend so that every rule is checked the same way everywhere:
 * - the editor's state (P11) as the form posts it, the operations that change its shape (add,
 *   remove, move, retype: submit buttons with an intent without JavaScript, in place with it),
 *   and the one schema of the save rules, reported in the order of spec 000 §5;
 * - the presets of spec 000 §9;
 * - the wire shape of insertSurveyInfo.do / getSurveyInfo.do and the conversions to and from it;
 * - the rules of an answer sheet (P14), which the backend checks again.
 *
 * This is the index of the survey's modules (issue 38): the editor's state, presets and retype
 * rule (survey-editor.ts), the posted form and its operations (survey-form.ts), the save rules and
 * the wire shape (survey-save.ts), the answer sheet (survey-answers.ts). Import from here.
 */

export * from "./survey-editor";
export * from "./survey-form";
export * from "./survey-save";
export * from "./survey-answers";
