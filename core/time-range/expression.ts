import { addUnits, parseMoment, timeRangeError, truncate } from "./index";

// Superset's time expressions (date_parser.py datetime_eval), parsed by hand, never evaluated as code:
//   DATETIME("today" | "now" | "2020-01-01" | "7 days ago")
//   DATEADD(<expr>, <integer>, <unit>)          e.g. DATEADD(DATETIME("today"), -7, day)
//   DATETRUNC(<expr>, <unit>)                   start of the year/quarter/month/week/day/hour/minute/second
//   LASTDAY(<expr>, <unit>)                     last day of the year/month/week
// HOLIDAY(...) needs a holiday calendar and is refused with a clear message.

type Unit = "second" | "minute" | "hour" | "day" | "week" | "month" | "quarter" | "year";
const UNITS = new Set(["second", "minute", "hour", "day", "week", "month", "quarter", "year"]);

class Parser {
  private i = 0;
  constructor(private readonly text: string, private readonly now: Date, private readonly zone: string) {}

  parse(): Date {
    const value = this.expr();
    this.space();
    if (this.i !== this.text.length) throw this.error("unexpected text after the expression");
    return value;
  }

  private error(why: string) {
    return timeRangeError(`Error parsing time expression "${this.text}": ${why}`);
  }

  private space() {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  private eat(ch: string) {
    this.space();
    if (this.text[this.i] !== ch) throw this.error(`expected "${ch}"`);
    this.i++;
  }

  private word(): string {
    this.space();
    const m = /^[A-Za-z_]+/.exec(this.text.slice(this.i));
    if (!m) throw this.error("expected a name");
    this.i += m[0].length;
    return m[0];
  }

  private unit(): Unit {
    const w = this.word().toLowerCase().replace(/s$/, "");
    if (!UNITS.has(w)) throw this.error(`unknown unit "${w}"`);
    return w as Unit;
  }

  private integer(): number {
    this.space();
    const m = /^[-+]?\d{1,9}/.exec(this.text.slice(this.i));
    if (!m) throw this.error("expected a whole number");
    this.i += m[0].length;
    return Number(m[0]);
  }

  private string(): string {
    this.space();
    const quote = this.text[this.i];
    if (quote !== '"' && quote !== "'") throw this.error("expected a quoted string");
    const end = this.text.indexOf(quote, this.i + 1);
    if (end < 0) throw this.error("unterminated string");
    const value = this.text.slice(this.i + 1, end);
    this.i = end + 1;
    return value;
  }

  private expr(): Date {
    const name = this.word().toUpperCase();
    this.eat("(");
    let value: Date;
    switch (name) {
      case "DATETIME":
        value = parseMoment(this.string(), this.now, "today", () => {
          throw this.error("DATETIME takes a date, today, now or a relative time");
        }, this.zone);
        break;
      case "DATEADD": {
        const base = this.expr();
        this.eat(",");
        const n = this.integer();
        this.eat(",");
        value = addUnits(base, n, this.unit());
        break;
      }
      case "DATETRUNC": {
        const base = this.expr();
        this.eat(",");
        value = truncate(base, this.unit());
        break;
      }
      case "LASTDAY": {
        const base = this.expr();
        this.eat(",");
        const unit = this.unit();
        if (unit !== "year" && unit !== "month" && unit !== "week") throw this.error("LASTDAY takes year, month or week");
        value = addUnits(addUnits(truncate(base, unit), 1, unit), -1, "day");
        break;
      }
      case "HOLIDAY":
        throw this.error("HOLIDAY needs a holiday calendar, which this product does not have");
      default:
        throw this.error(`unknown function ${name}`);
    }
    this.eat(")");
    return value;
  }
}

/** `now` is the zone's wall clock (core/time-range/index.ts); `zone` reads written offsets onto it. */
export function evalTimeExpression(text: string, now: Date, zone = "UTC"): Date {
  return new Parser(text, now, zone).parse();
}
