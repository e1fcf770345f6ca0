/**
 * The second factor's forms (issue 37 item 4, ADR 0068): a 6-digit code of the authenticator app,
 * a recovery code, and the disable form (current password and a code). The server validates
 * with these; the pages render the fields in this order.
 */
import { z } from "./zod";
import { OWN_MSG } from "./messages.ko";

const code = z
  .string({ required_error: OWN_MSG.otpRequired })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().min(1, OWN_MSG.otpRequired).regex(/^\d{6}$/, OWN_MSG.otpFormat));

export const otpCodeSchema = z.object({ code });
export const otpCodeOrder = ["code"] as const;

export const recoveryCodeSchema = z.object({
  recovery: z.string({ required_error: OWN_MSG.recoveryRequired }).trim().min(1, OWN_MSG.recoveryRequired).max(40, OWN_MSG.recoveryWrong),
});
export const recoveryCodeOrder = ["recovery"] as const;

export const otpDisableSchema = z.object({
  currentPass: z.string({ required_error: OWN_MSG.currentPassRequired }).min(1, OWN_MSG.currentPassRequired),
  code,
});
export const otpDisableOrder = ["currentPass", "code"] as const;
