// Second pass of rendering: the Jinja pass left a sentinel word where each value goes; here the rendered SQL is
// tokenized and each sentinel is replaced according to the token it sits in (code, string, identifier, comment).
// Doing it after rendering means the context is the real one, whatever {% if %} branches produced.
import { SqlLexError, tokenizeSql, type SqlDialect } from "../sql-gate/lexer";
import {
  codeText,
  escapeInComment,
  escapeInIdentifier,
  escapeInString,
  plainText,
  templateValueError,
  type OutputMode,
} from "./quote";

export interface PlacedValue {
  value: unknown;
  mode: OutputMode;
}

export function placeValues(rendered: string, sentinel: RegExp, values: PlacedValue[], dialect: SqlDialect): string {
  sentinel.lastIndex = 0;
  if (!sentinel.test(rendered)) return rendered;
  let tokens;
  try {
    tokens = tokenizeSql(rendered, dialect);
  } catch (err) {
    const reason = err instanceof SqlLexError ? err.message : String(err);
    throw templateValueError(`The SQL around a template value could not be parsed: ${reason}`);
  }
  let out = "";
  let cursor = 0;
  for (const token of tokens) {
    out += rendered.slice(cursor, token.start);
    cursor = token.start + token.raw.length;
    out += replaceIn(token.type, token.raw, sentinel, values, dialect);
  }
  return out + rendered.slice(cursor);
}

function replaceIn(type: string, raw: string, sentinel: RegExp, values: PlacedValue[], dialect: SqlDialect): string {
  const lookup = (index: string) => {
    const placed = values[Number(index)];
    if (!placed) throw templateValueError("Unknown template value placeholder.");
    return placed;
  };
  const replaceWith = (fn: (placed: PlacedValue) => string) =>
    raw.replace(new RegExp(sentinel.source, "g"), (_match, index: string) => fn(lookup(index)));

  switch (type) {
    case "STRING":
      return replaceWith((placed) => escapeInString(plainText(placed.value), raw, dialect));
    case "QUOTED_IDENTIFIER":
      return replaceWith((placed) => escapeInIdentifier(plainText(placed.value), raw));
    case "LINE_COMMENT":
      return replaceWith((placed) => escapeInComment(plainText(placed.value), true));
    case "BLOCK_COMMENT":
    case "DISABLE_COMMENT":
      return replaceWith((placed) => escapeInComment(plainText(placed.value), false));
    default: {
      const whole = new RegExp(`^${sentinel.source}$`).exec(raw);
      if (whole) {
        const placed = lookup(whole[1]);
        return codeText(placed.value, placed.mode, dialect);
      }
      if (new RegExp(sentinel.source).test(raw)) {
        throw templateValueError(
          "A template value is glued to other SQL text; separate it with a space, or use the | safe filter to insert raw SQL.",
        );
      }
      return raw;
    }
  }
}
