/**
 * Delivery of personal links (survey and consent sending). With SMTP_URL set
 * (`smtp://user:pass@host:587`, `smtps://…`), each message goes out over SMTP with nodemailer
 * from SMTP_FROM; otherwise, or for a person without an e-mail address, it is kept in the
 * feature's outbox, which the send page shows with each person's link. A failed send is kept too,
 * with the reason, so nothing is lost.
 *
 * Each mail has its own time limit (SMTP_TIMEOUT_MS, default 30 s, for connecting, the greeting
 * and the whole exchange): a mail server that stalls fails that one mail, never the send that
 * queued it (the sends deliver after their reply, lib/jobs.server.ts, ADR 0030).
 */
import { maskEmail } from "~/utils/mask";
import nodemailer, { type Transporter } from "nodemailer";

export interface Mail {
  to: string | null;
  subject: string;
  text: string;
}

export interface Delivery {
  channel: "smtp" | "outbox";
  status: "sent" | "kept" | "failed";
  error?: string;
}

let transport: { key: string; t: Transporter } | null = null;

/** How long one mail may take, all told (connection, greeting, exchange). */
export function mailTimeoutMs(): number {
  const v = Number(process.env.SMTP_TIMEOUT_MS);
  return Number.isFinite(v) && v >= 100 ? Math.min(v, 300_000) : 30_000;
}

export function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

function transporter(): Transporter {
  const url = process.env.SMTP_URL!.trim();
  const limit = mailTimeoutMs();
  const key = `${limit} ${url}`;
  if (!transport || transport.key !== key) {
    transport = { key, t: nodemailer.createTransport(url, { connectionTimeout: limit, greetingTimeout: limit, socketTimeout: limit }) };
  }
  return transport.t;
}

/** A plausible address (the backend stores local part and domain separately). */
export const isAddress = (to: string | null): to is string => Boolean(to && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to));

export async function deliver(mail: Mail): Promise<Delivery> {
  if (!smtpConfigured() || !isAddress(mail.to)) return { channel: "outbox", status: "kept" };
  const limit = mailTimeoutMs();
  let timer: NodeJS.Timeout | undefined;
  try {
    const sending = transporter().sendMail({
      from: process.env.SMTP_FROM?.trim() || "의과대학 교육평가 <no-reply@localhost>",
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    // the socket timeouts bound each step; this bounds the mail as a whole (a server that trickles)
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`SMTP timeout after ${limit} ms`)), limit);
    });
    sending.catch(() => undefined);
    await Promise.race([sending, late]);
    return { channel: "smtp", status: "sent" };
  } catch (e) {
    // the server's words may name the address: masked like the log line
    const error = (e instanceof Error ? e.message : String(e)).replace(/[^\s@<>"']+@[^\s@<>"']+/g, (a) => maskEmail(a)).slice(0, 300);
    // the address masked as in user management (issue 17 "Logs")
    console.error(`[mail] ${maskEmail(mail.to)}: ${error}`);
    return { channel: "smtp", status: "failed", error };
  } finally {
    clearTimeout(timer);
  }
}
