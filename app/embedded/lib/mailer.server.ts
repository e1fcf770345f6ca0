/**
 * Delivery of personal links (survey and consent sending). With SMTP_URL set
 * (`smtp://user:pass@host:587`, `smtps://…`), each message goes out over SMTP with nodemailer
 * from SMTP_FROM; otherwise, or for a person without an e-mail address, it is kept in the
 * feature's outbox, which the send page shows with each person's link. A failed send is kept too,
 * with the reason, so nothing is lost.
 */
import { maskEmail } from "~/utils/audit.server";
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

let transport: { url: string; t: Transporter } | null = null;

export function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

function transporter(): Transporter {
  const url = process.env.SMTP_URL!.trim();
  if (!transport || transport.url !== url) {
    transport = { url, t: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return transport.t;
}

/** A plausible address (the backend stores local part and domain separately). */
const isAddress = (to: string | null): to is string => Boolean(to && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to));

export async function deliver(mail: Mail): Promise<Delivery> {
  if (!smtpConfigured() || !isAddress(mail.to)) return { channel: "outbox", status: "kept" };
  try {
    await transporter().sendMail({
      from: process.env.SMTP_FROM?.trim() || "의과대학 교육평가 <no-reply@localhost>",
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return { channel: "smtp", status: "sent" };
  } catch (e) {
    const error = e instanceof Error ? e.message.slice(0, 300) : String(e);
    // the address masked as in user management (issue 17 "Logs")
    console.error(`[mail] ${maskEmail(mail.to)}: ${error}`);
    return { channel: "smtp", status: "failed", error };
  }
}
