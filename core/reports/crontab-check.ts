import { Cron } from "croner";
import cronstrue from "cronstrue";

// A report's crontab: five fields (minute hour day-of-month month day-of-week) or a @macro, checked with croner
// (the library the scheduler fires with, so what is saved is what runs) and told in words with cronstrue
// (the JavaScript port of the cron-descriptor Superset's crontab_humanized uses: "At 09:00 AM").

/** Why croner refuses the expression, or null when it reads it. */
export function crontabProblem(expression: string): string | null {
  const text = expression.trim();
  if (!text) return "empty";
  try {
    // paused and without a callback: croner only parses, it never starts a timer
    new Cron(text, { paused: true, mode: "5-part" });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The expression in English as Superset's list shows it; the expression itself when it cannot be read. */
export function crontabInWords(expression: string): string {
  try {
    return cronstrue.toString(expression.trim(), { use24HourTimeFormat: false, verbose: false });
  } catch {
    return expression;
  }
}
