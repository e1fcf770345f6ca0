/** The survey editor's state, operations and rules (app/schemas/survey.ts), shared by browser, action and backend. */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import {
  applyOp,
  newEditorState,
  opIntent,
  parseOp,
  readEditorForm,
  stateToWire,
  validateAnswers,
  validateSurvey,
  wireToState,
  type EditorState,
} from "~/schemas/survey";

/** The state as the form would post it. */
function entries(s: EditorState): [string, string][] {
  const out: [string, string][] = [["seq", s.seq], ["srName", s.srName], ["srContent", s.srContent], ["usyn", s.usyn], ["dtYn", s.dtYn], ["stDt", s.stDt], ["enDt", s.enDt], ["prsnInfoYn", s.prsnInfoYn], ["prsnInfoContent", s.prsnInfoContent], ["nextKey", String(s.nextKey)]];
  s.delSq.forEach((v) => out.push(["delSq", v]));
  s.delSi.forEach((v) => out.push(["delSi", v]));
  s.slList.forEach((l, k) => Object.entries(l).forEach(([f, v]) => out.push([`slList[${k}].${f}`, v])));
  s.qestList.forEach((q, i) => {
    for (const [f, v] of Object.entries(q)) {
      if (f === "itemList") continue;
      if ((f === "esntlYn" || f === "scoreOpenYn" || f === "multiAns") && v !== "Y") continue;
      out.push([`qestList[${i}].${f}`, String(v)]);
    }
    q.itemList.forEach((it, j) => Object.entries(it).forEach(([f, v]) => out.push([`qestList[${i}].itemList[${j}].${f}`, v])));
  });
  return out;
}

function filled(): EditorState {
  const s = newEditorState();
  s.srName = "설문";
  s.qestList[0].sqSubj = "섹션";
  s.qestList[1].sqSubj = "문항";
  return s;
}

describe("editor state", () => {
  it("starts with one section, one question with the six type-1 items and five lecture rows", () => {
    const s = newEditorState();
    expect(s.qestList.map((q) => q.sqType)).toEqual(["0", "1"]);
    expect(s.qestList[1].itemList.map((i) => [i.text, i.score])).toEqual([
      ["해당없음", "1"], ["전혀 그렇지 않다", "2"], ["그렇지 않다", "3"], ["보통이다", "4"], ["그렇다", "5"], ["매우 그렇다", "6"],
    ]);
    expect(s.slList).toHaveLength(5);
  });

  it("reads back what the form posts", () => {
    const s = filled();
    s.qestList[1].esntlYn = "Y";
    s.slList[0].slName = "강의";
    expect(readEditorForm(entries(s))).toEqual(s);
  });

  it("applies a changed type whatever button was pressed: presets for choice, nothing for free text", () => {
    const s = filled();
    s.qestList[1].itemType = "4";
    let r = readEditorForm(entries(s));
    expect(r.qestList[1].itemList.map((i) => i.text)).toEqual(["1점", "2점", "3점", "4점", "5점"]);
    r.qestList[1].sqType = "2";
    r = readEditorForm(entries(r));
    expect(r.qestList[1].itemList).toEqual([]);
    r.qestList[0].sqType = "1";
    r = readEditorForm(entries(r));
    expect(r.qestList[0].itemList).toHaveLength(6);
  });

  it("moves with the end messages, removes saved rows into the deletion lists", () => {
    const s = wireToState({
      srSeq: 7,
      srName: "저장된 설문",
      qestList: [
        { sqSeq: 11, sqType: 0, sqSubj: "섹션" },
        { sqSeq: 12, sqType: 1, itemType: 5, sqSubj: "문항", itemList: [{ siSeq: 21, text: "가" }, { siSeq: 22, text: "나" }] },
      ],
      slList: [{ slSeq: 31, slName: "강의" }],
    });
    expect(applyOp(s, { op: "up", index: 0 }).notice).toBe(MSG.surveyMoveFirst);
    expect(applyOp(s, { op: "down", index: 1 }).notice).toBe(MSG.surveyMoveLast);
    expect(applyOp(s, { op: "down", index: 0 }).state.qestList.map((q) => q.sqSeq)).toEqual(["12", "11"]);
    const a = applyOp(s, { op: "removeItem", index: 1, item: 0 }).state;
    expect(a.delSi).toEqual(["12-21"]);
    const b = applyOp(applyOp(a, { op: "remove", index: 0 }).state, { op: "removeLecture", index: 0 }).state;
    expect(b.delSq).toEqual(["11"]);
    expect(b.delSl).toEqual(["31"]);
    const wire = stateToWire(b);
    expect(wire.qestList.map((q) => [q.sqSeq, q.del, q.sqNo])).toEqual([[12, "N", 1], [11, "Y", null]]);
    expect(wire.qestList[0].itemList.map((i) => [i.siSeq, i.del])).toEqual([[22, "N"], [21, "Y"]]);
    expect(wire.slList).toEqual([{ slSeq: 31, slName: "", slTime: null, pfName: "", deptName: "", del: "Y" }]);
  });

  it("names operations as intents and back", () => {
    for (const op of [{ op: "add", sqType: "2" }, { op: "removeItem", index: 3, item: 1 }, { op: "addLecture" }, { op: "up", index: 4 }] as const) {
      expect(parseOp(opIntent(op))).toEqual(op);
    }
    expect(parseOp("remove:x")).toBeNull();
    expect(parseOp("drop:1")).toBeNull();
  });
});

describe("save rules (spec 000 §5 order)", () => {
  it("reports every failing field, the first rule first", () => {
    const s = newEditorState();
    s.dtYn = "Y";
    s.stDt = "2030-01-02T09:00";
    s.prsnInfoYn = "Y";
    const issues = validateSurvey(s);
    expect(issues.map((i) => i.message)).toEqual([
      MSG.surveyNameRequired,
      MSG.surveyPeriodRequired,
      MSG.surveyPrivacyRequired,
      MSG.surveySubjectRequired,
      MSG.surveySectionRequired,
    ]);
    expect(issues.map((i) => i.path)).toEqual(["srName", "enDt", "prsnInfoContent", "qestList[1].sqSubj", "qestList[0].sqSubj"]);
  });

  it("checks the window order, blank items, digits and lecture names", () => {
    const s = filled();
    s.dtYn = "Y";
    s.stDt = "2030-01-02T09:00";
    s.enDt = "2030-01-02T09:00";
    expect(validateSurvey(s)[0].message).toBe(MSG.surveyPeriodOrder);
    s.dtYn = "N";
    s.qestList[1].itemList[2].text = " ";
    s.qestList[1].itemList[3].score = "4점";
    s.slList[1].slTime = "2h";
    s.slList[2].pfName = "김교수";
    expect(validateSurvey(s).map((i) => i.message)).toEqual([MSG.surveyItemsRequired, OWN_MSG.surveyScoreDigits, OWN_MSG.surveyLectureTimeDigits, OWN_MSG.surveyLectureNameRequired, OWN_MSG.surveyLectureNameRequired]);
  });

  it("clears the dates with dtYn N and the text with prsnInfoYn N on the wire", () => {
    const s = filled();
    s.stDt = "2030-01-01T09:00";
    s.prsnInfoContent = "버려짐";
    const w = stateToWire(s);
    expect([w.stDt, w.enDt, w.prsnInfoContent]).toEqual(["", "", ""]);
    s.dtYn = "Y";
    s.enDt = "2030-02-01T18:30";
    expect(stateToWire(s)).toMatchObject({ stDt: "2030-01-01 09:00:00", enDt: "2030-02-01 18:30:00" });
  });
});

describe("answer rules", () => {
  const survey = {
    srSeq: 1,
    prsnInfoYn: "Y",
    slList: [{ slSeq: 5, slName: "강의" }],
    qestList: [
      { sqSeq: 1, sqNo: null, sqType: 0, itemType: null, esntlYn: "N", scoreOpenYn: "N", multiAns: "N", sqSubj: "s", itemList: [] },
      { sqSeq: 2, sqNo: 1, sqType: 1, itemType: 1, esntlYn: "Y", scoreOpenYn: "N", multiAns: "N", sqSubj: "q", itemList: [{ siSeq: 9, score: 1, text: "a" }, { siSeq: 10, score: 2, text: "b" }] },
      { sqSeq: 3, sqNo: 2, sqType: 2, itemType: null, esntlYn: "Y", scoreOpenYn: "N", multiAns: "N", sqSubj: "t", itemList: [] },
    ],
  };
  it("needs consent, the lecture and every required answer, in page order", () => {
    expect(validateAnswers(survey, { slSeq: null, prsnAgreeYn: "N", answers: [] }).map((i) => i.field)).toEqual(["prsnAgreeYn", "slSeq", "q2", "q3"]);
    expect(validateAnswers(survey, { slSeq: 5, prsnAgreeYn: "Y", answers: [{ sqSeq: 2, siSeqs: [10], text: "" }, { sqSeq: 3, siSeqs: [], text: "좋음" }] })).toEqual([]);
    expect(validateAnswers(survey, { slSeq: 5, prsnAgreeYn: "Y", answers: [{ sqSeq: 2, siSeqs: [9, 10], text: "" }, { sqSeq: 3, siSeqs: [], text: "x" }] })[0]).toEqual({ field: "q2", message: OWN_MSG.badRequest });
  });
});
