/**
 * The one zod of the product's schemas (issue 35; ADR 0057). Importing zod through this module
 * installs the Korean error map: every rule that names no message of its own answers in Korean and
 * states its own limit ('100자 이하로 입력해주세요.'), never zod's English ('String must contain at
 * most 100 character(s)'). Every app/schemas module imports `z` from here, so the map is in place
 * wherever a schema runs: the browser (remix-validated-form), the Remix actions and the embedded
 * backend (app/embedded/lib/envelope.server.ts reaches it through person-fields.ts).
 * tests/unit/schema-messages.test.ts drives every exported schema and fails on a message that is
 * not Korean.
 */
import { z, ZodIssueCode, ZodParsedType, type ZodErrorMap } from "zod";
import { ZOD_MSG, fillMessage } from "./messages.ko";

export const koErrorMap: ZodErrorMap = (issue) => {
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.expected === ZodParsedType.integer && issue.received === ZodParsedType.float) return { message: ZOD_MSG.notInteger };
      return { message: issue.received === ZodParsedType.undefined || issue.received === ZodParsedType.null ? ZOD_MSG.required : ZOD_MSG.invalidType };
    case ZodIssueCode.too_big: {
      const max = Number(issue.maximum);
      if (issue.type === "string") return { message: fillMessage(issue.exact ? ZOD_MSG.textExact : ZOD_MSG.textTooLong, { max, n: max }) };
      if (issue.type === "array" || issue.type === "set") return { message: fillMessage(ZOD_MSG.tooManyItems, { max }) };
      if (issue.type === "number" || issue.type === "bigint") return { message: fillMessage(issue.inclusive ? ZOD_MSG.numberTooBig : ZOD_MSG.numberBelow, { max }) };
      return { message: ZOD_MSG.invalid };
    }
    case ZodIssueCode.too_small: {
      const min = Number(issue.minimum);
      if (issue.type === "string") {
        if (min <= 1) return { message: ZOD_MSG.required };
        return { message: fillMessage(issue.exact ? ZOD_MSG.textExact : ZOD_MSG.textTooShort, { min, n: min }) };
      }
      if (issue.type === "array" || issue.type === "set") return { message: min <= 1 ? ZOD_MSG.required : fillMessage(ZOD_MSG.tooFewItems, { min }) };
      if (issue.type === "number" || issue.type === "bigint") return { message: fillMessage(issue.inclusive ? ZOD_MSG.numberTooSmall : ZOD_MSG.numberAbove, { min }) };
      return { message: ZOD_MSG.invalid };
    }
    case ZodIssueCode.invalid_enum_value:
    case ZodIssueCode.invalid_literal:
    case ZodIssueCode.invalid_union_discriminator:
      return { message: ZOD_MSG.choose };
    case ZodIssueCode.invalid_date:
      return { message: ZOD_MSG.invalidDate };
    case ZodIssueCode.invalid_string:
      return { message: ZOD_MSG.invalidFormat };
    case ZodIssueCode.not_multiple_of:
      return { message: fillMessage(ZOD_MSG.notMultiple, { n: String(issue.multipleOf) }) };
    case ZodIssueCode.not_finite:
      return { message: ZOD_MSG.notFinite };
    default:
      // custom (a refine without a message), unions, intersections, unrecognised keys, functions
      return { message: ZOD_MSG.invalid };
  }
};

z.setErrorMap(koErrorMap);

const FALLBACKS = Object.values(ZOD_MSG).map((m) => new RegExp(`^${m.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[0-9.,-]+")}$`));

/**
 * Whether a message is the error map's fallback (a rule that named none of its own). The embedded
 * backend answers those with '잘못된 요청입니다.' on the wire (docs/contract.md: a malformed body),
 * as it did for zod's English ones; the page's own validation shows them as they are.
 */
export const isFallbackMessage = (message: string) => FALLBACKS.some((re) => re.test(message));

export * from "zod";
export { z };
