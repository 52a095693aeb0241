import rison from "rison";

// Every `?q=` goes through here. rison throws several unrelated error classes, and a crafted nesting
// such as "((((((" recurses until the stack overflows, so size and depth are capped before parsing.
export const MAX_RISON_LENGTH = 16_384;
export const MAX_RISON_DEPTH = 32;

export class RisonError extends Error {}

export function decodeRison(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === "") return undefined;
  if (text.length > MAX_RISON_LENGTH) throw new RisonError(`Rison is longer than ${MAX_RISON_LENGTH} characters`);
  if (nestingDepth(text) > MAX_RISON_DEPTH) throw new RisonError(`Rison nests deeper than ${MAX_RISON_DEPTH} levels`);
  // rison's own decode() logs every error with console.log and, after an error, keeps parsing: a lone "("
  // then recurses until the stack overflows. Throwing from the parser's error hook stops at the first error.
  const parser = new rison.parser(null);
  parser.error = (message: string) => {
    throw new RisonError(`Not a valid rison argument: ${message}`);
  };
  try {
    return parser.parse(text);
  } catch (e) {
    if (e instanceof RisonError) throw e;
    // Anything else is the parser tripping over malformed input (e.g. "(a:"): never pass its text on.
    throw new RisonError("Not a valid rison argument");
  }
}

/** How deep brackets nest in rison or JSON text, strings skipped (each with its own quote and escape). */
const RISON_SYNTAX = { quote: "'", escape: "!", open: "(", close: ")" };
const JSON_SYNTAX = { quote: '"', escape: "\\", open: "{[", close: "}]" };
function nestingDepth(text: string, syntax: { quote: string; escape: string; open: string; close: string } = RISON_SYNTAX): number {
  let depth = 0;
  let max = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === syntax.escape) i++;
      else if (ch === syntax.quote) quoted = false;
    } else if (ch === syntax.quote) quoted = true;
    else if (syntax.open.includes(ch)) max = Math.max(max, ++depth);
    else if (syntax.close.includes(ch)) depth--;
  }
  return max;
}

/**
 * A `?q=` argument as FAB reads it: rison, or JSON (FAB_API_ALLOW_JSON_QS, on by default), because scripts send
 * `q=json.dumps(...)`. Both go through the same size and depth caps before parsing.
 */
export function decodeQueryArgument(text: string | null | undefined): unknown {
  // Rison objects and lists open with "(" or "!(": text opening with "{" or "[" is JSON (rison would read "{}"
  // as the string "{}"). Anything else is rison, whose errors keep rison's message.
  const start = text?.trimStart()[0];
  if (start !== "{" && start !== "[") return decodeRison(text);
  if (text!.length > MAX_RISON_LENGTH) throw new RisonError(`JSON is longer than ${MAX_RISON_LENGTH} characters`);
  if (nestingDepth(text!, JSON_SYNTAX) > MAX_RISON_DEPTH) throw new RisonError(`JSON nests deeper than ${MAX_RISON_DEPTH} levels`);
  let forbidden = false;
  let value: unknown;
  try {
    value = JSON.parse(text!, (key, v) => {
      // keys that would reach an object's prototype when the argument is spread or merged (as jsonBody refuses)
      if (key === "__proto__" || key === "constructor" || key === "prototype") forbidden = true;
      return v;
    });
  } catch {
    throw new RisonError("Not a valid rison/json argument");
  }
  if (forbidden) throw new RisonError("Not a valid rison/json argument: it may not contain __proto__, constructor or prototype keys");
  return value;
}

export function encodeRison(value: unknown): string {
  return rison.encode(value);
}
