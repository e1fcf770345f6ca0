/**
 * Display masking of user administration (spec 000 §6; issue 16): the second character of a name,
 * the middle of a phone number, the last 3 characters of an e-mail. Used by the user list (P16,
 * embedded backend and web tier) and the audit log's rows. Masking a masked value changes nothing.
 */

/** '홍길동' → '홍*동', '김철' → '김*' (the second character). */
export function maskName(name: string): string {
  const ch = [...name];
  if (ch.length < 2) return name;
  ch[1] = "*";
  return ch.join("");
}

/** '010-1234-5678' → '010-****-5678', '01012345678' → '010****5678' (the middle part). */
export function maskPhone(phone: string): string {
  const parts = phone.split("-");
  if (parts.length === 3) return `${parts[0]}-${"*".repeat(parts[1].length)}-${parts[2]}`;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 7) return "*".repeat(phone.length);
  return `${digits.slice(0, 3)}${"*".repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** 'seoyeon.lee@example.com' → 'seoyeon.l***@example.com' (the last three characters of the local part). */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? "" : email.slice(at);
  const ch = [...local];
  const keep = Math.max(0, ch.length - 3);
  return `${ch.slice(0, keep).join("")}${"*".repeat(ch.length - keep)}${domain}`;
}

