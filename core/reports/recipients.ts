// Superset's email recipients: each report_recipient row of type Email holds recipient_config_json
// {"target": "a@x.org, b@y.org", "ccTarget": "...", "bccTarget": "..."}; addresses are split on commas and
// semicolons (superset/utils/core.py get_email_address_list). One email goes out per recipient row.

export interface EmailRecipients {
  to: string[];
  cc: string[];
  bcc: string[];
}

// deliberately plain: one @, no spaces, angle brackets or control characters (they would break SMTP commands)
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
const ADDRESS = /^[^\s@<>()",;:\\[\]\u0000-\u001f\u007f]+@[^\s@<>()",;:\\[\]\u0000-\u001f\u007f]+$/;

/** RFC 5321's longest path: an address longer than this is refused before it reaches an SMTP command. */
export const MAX_ADDRESS_LENGTH = 254;

/** Whether an address (one of a split list) is one this Worker can send to. */
export const isSendableAddress = (address: string) => address.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(address);

export function splitAddresses(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return text.split(/[,;]/).map((a) => a.trim()).filter(Boolean);
}

export function parseRecipient(type: string, configJson: string | null): EmailRecipients | null {
  if (type.toLowerCase() !== "email") return null;
  let config: Record<string, unknown> = {};
  try {
    config = JSON.parse(configJson || "{}") ?? {};
  } catch {
    // an unreadable row has no addresses; the run names it below
  }
  return { to: splitAddresses(config.target), cc: splitAddresses(config.ccTarget), bcc: splitAddresses(config.bccTarget) };
}

/** The addresses that would not survive an SMTP command, to name in the run's error. */
export function invalidAddresses(r: EmailRecipients): string[] {
  return [...r.to, ...r.cc, ...r.bcc].filter((a) => !isSendableAddress(a));
}

export const everyAddress = (r: EmailRecipients) => [...new Set([...r.to, ...r.cc, ...r.bcc])];
