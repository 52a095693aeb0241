// Superset's SMTP settings, read from the Worker's vars and secrets under the same names. Nothing has a default
// that would send mail somewhere unexpected: a missing setting is named in the run's error.

export interface SmtpConfig {
  host: string;
  port: number;
  /** upgrade a plain connection with STARTTLS (SMTP_STARTTLS) */
  starttls: boolean;
  /** TLS from the first byte, e.g. port 465 (SMTP_SSL) */
  ssl: boolean;
  user: string | null;
  password: string | null;
  from: string;
  subjectPrefix: string;
  /** how long the server may take to answer one step (SMTP_TIMEOUT, seconds, as Airflow's setting: 60 when unset) */
  replyTimeoutMs: number;
}

export type SmtpVars = Partial<Record<"SMTP_HOST" | "SMTP_PORT" | "SMTP_STARTTLS" | "SMTP_SSL" | "SMTP_USER" | "SMTP_PASSWORD" | "SMTP_MAIL_FROM" | "EMAIL_REPORTS_SUBJECT_PREFIX" | "SMTP_TIMEOUT", string>>;

export class SmtpConfigError extends Error {}

const DEFAULT_TIMEOUT_S = 60;

const flag = (v: string | undefined) => /^(1|true|yes|on)$/i.test((v ?? "").trim());

export function smtpConfig(vars: SmtpVars): SmtpConfig {
  const missing = (["SMTP_HOST", "SMTP_PORT", "SMTP_MAIL_FROM"] as const).filter((k) => !vars[k]?.trim());
  // a user without a password (or the other way round) is half a login
  if (vars.SMTP_USER?.trim() && !vars.SMTP_PASSWORD) missing.push("SMTP_PASSWORD" as never);
  if (vars.SMTP_PASSWORD && !vars.SMTP_USER?.trim()) missing.push("SMTP_USER" as never);
  if (missing.length) throw new SmtpConfigError(`Email is not configured: set ${missing.join(", ")} (Worker vars or secrets).`);
  const port = Number(vars.SMTP_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new SmtpConfigError(`SMTP_PORT must be a port number, not "${vars.SMTP_PORT}".`);
  const timeout = vars.SMTP_TIMEOUT?.trim() ? Number(vars.SMTP_TIMEOUT) : DEFAULT_TIMEOUT_S;
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 600) throw new SmtpConfigError(`SMTP_TIMEOUT must be a number of seconds from 1 to 600, not "${vars.SMTP_TIMEOUT}".`);
  const ssl = flag(vars.SMTP_SSL);
  if (ssl && flag(vars.SMTP_STARTTLS)) throw new SmtpConfigError("SMTP_SSL and SMTP_STARTTLS cannot both be on: choose TLS from the start or an upgrade.");
  return {
    host: vars.SMTP_HOST!.trim(),
    port,
    starttls: flag(vars.SMTP_STARTTLS),
    ssl,
    user: vars.SMTP_USER?.trim() || null,
    password: vars.SMTP_PASSWORD || null,
    from: vars.SMTP_MAIL_FROM!.trim(),
    subjectPrefix: vars.EMAIL_REPORTS_SUBJECT_PREFIX ?? "[Report] ",
    replyTimeoutMs: timeout * 1000,
  };
}
