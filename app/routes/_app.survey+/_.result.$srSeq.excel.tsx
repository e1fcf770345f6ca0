/**
 * P13 Excel export of every answer sheet of a survey (resource route, streamed with exceljs;
 * cells that could be read as formulas are neutralised by utils/excel.server.ts). One row per
 * sheet: when it came, how (personal or public link), the respondent's id and name only when the
 * survey collects personal information and they agreed, the lecture, then one column per question
 * (chosen item texts joined with ', ', or the free text).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isMissingCall } from "~/legacy/errors";
import { orLegacy } from "~/utils/legacy-errors.server";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { xlsxResponse, type ExcelColumn } from "~/utils/excel.server";

type Sheet = surveyApi.WireSurveyAnswers["list"][number];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const srSeq = args.params.srSeq ?? "";
    if (!/^[1-9][0-9]{0,9}$/.test(srSeq)) throw new Response("Not Found", { status: 404 });
    // a refused workbook goes back to the results with the message (a survey that is not there: the server's)
    const data = await orLegacy(
      () => surveyApi.surveyAnswers(session, Number(srSeq)),
      (message, e) => {
        session.flash(e.status === 404 || isMissingCall(e) ? message : MSG.excelDownloadFailed, "error");
        throw redirect(`/survey/result/${srSeq}`);
      },
    );
    const itemText = new Map<number, string>();
    for (const q of data.qestList) for (const it of q.itemList) itemText.set(it.siSeq, it.text);
    const questions = data.qestList.filter((q) => q.sqType !== 0);
    const columns: ExcelColumn<Sheet & { no: number }>[] = [
      { header: "번호", width: 8, value: (r) => r.no },
      { header: "제출일시", width: 20, value: (r) => r.regDt },
      { header: "응답 경로", width: 12, value: (r) => (r.respondent === "recipient" ? "개인 링크" : "공개 링크") },
      ...(data.info.prsnInfoYn === "Y"
        ? [
            { header: "개인정보 동의", width: 12, value: (r: Sheet) => (r.prsnAgreeYn === "Y" ? "동의" : "") },
            { header: "학번/사번", width: 14, value: (r: Sheet) => r.id },
            { header: "이름", width: 12, value: (r: Sheet) => r.name },
          ]
        : []),
      ...(data.slList.length ? [{ header: "강의", width: 20, value: (r: Sheet) => r.slName }] : []),
      ...questions.map((q) => ({
        header: `${q.sqNo ?? ""}. ${q.sqSubj}`.slice(0, 200),
        width: q.sqType === 2 ? 40 : 20,
        value: (r: Sheet) => {
          const a = r.answers.find((x) => x.sqSeq === q.sqSeq);
          if (!a) return "";
          return q.sqType === 1 ? a.siSeqs.map((s) => itemText.get(s) ?? "").join(", ") : a.text;
        },
      })),
    ];
    const safeName = data.info.srName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 80);
    return xlsxResponse(`${safeName}_응답.xlsx`, { sheetName: "응답", columns, rows: data.list.map((r, i) => ({ ...r, no: i + 1 })) });
  });
}
