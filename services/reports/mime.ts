import { createMimeMessage } from "mimetext/browser";
import { headerText } from "../../core/reports/email-content";
import type { EmailRecipients } from "../../core/reports/recipients";

// The report email as a MIME message (mimetext: RFC 5322 headers, RFC 2047 encoded words, multipart bodies and
// base64 attachments). The Message-ID is derived from the (schedule, scheduled time, recipient row), so even a
// copy that slipped through would be recognised as the same message by mail clients.

export interface MailParts {
  from: string;
  recipients: EmailRecipients;
  subject: string;
  html: string;
  messageId: string;
  /** `inlineId` set: an inline part the HTML shows as <img src="cid:…"> (Superset inlines report PNGs) */
  attachments: { filename: string; contentType: string; data: Uint8Array; inlineId?: string }[];
  /** the report's scheduled time (the Date header says when the report is for, not when a retry sent it) */
  date: Date;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function buildMime(parts: MailParts): string {
  const msg = createMimeMessage();
  msg.setSender(parts.from);
  msg.setTo(parts.recipients.to);
  if (parts.recipients.cc.length) msg.setCc(parts.recipients.cc);
  // Bcc addresses travel in the SMTP envelope only, never in a header
  msg.setSubject(headerText(parts.subject));
  msg.setHeader("Message-ID", `<${parts.messageId}>`);
  msg.setHeader("Date", parts.date.toUTCString());
  msg.addMessage({ contentType: "text/html", data: base64(new TextEncoder().encode(parts.html)), encoding: "base64", charset: "UTF-8" });
  for (const a of parts.attachments) {
    msg.addAttachment({
      filename: headerText(a.filename), contentType: a.contentType, data: base64(a.data),
      ...(a.inlineId ? { inline: true, headers: { "Content-ID": `<${a.inlineId}>` } } : {}),
    });
  }
  return msg.asRaw();
}
