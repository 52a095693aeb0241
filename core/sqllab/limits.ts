// How many rows a SQL Lab run may return (SQL_MAX_ROW, DEFAULT_SQLLAB_LIMIT) and why the result stopped where it did.

export interface LimitConfig {
  /** DEFAULT_SQLLAB_LIMIT: used when the editor sends no queryLimit */
  defaultLimit: number;
  /** SQL_MAX_ROW: the hard ceiling, whatever the editor asks for */
  maxRow: number;
}

export const FALLBACK_LIMITS: LimitConfig = { defaultLimit: 1000, maxRow: 100_000 };

/** Reads the two settings from their text env vars; a missing or nonsensical value falls back. */
export function limitConfig(defaultLimit: string | undefined, maxRow: string | undefined): LimitConfig {
  const positive = (text: string | undefined, fallback: number) => {
    const n = Number(text);
    return Number.isSafeInteger(n) && n > 0 ? n : fallback;
  };
  const max = positive(maxRow, FALLBACK_LIMITS.maxRow);
  return { maxRow: max, defaultLimit: Math.min(positive(defaultLimit, FALLBACK_LIMITS.defaultLimit), max) };
}

/** The editor's queryLimit capped by SQL_MAX_ROW, DEFAULT_SQLLAB_LIMIT when none is given. */
export function effectiveLimit(queryLimit: number | null | undefined, config: LimitConfig): number {
  if (queryLimit === null || queryLimit === undefined || queryLimit <= 0) return config.defaultLimit;
  return Math.min(Math.floor(queryLimit), config.maxRow);
}


/**
 * The limit dropdown's choices, as Superset's QueryLimitSelect builds them: powers of ten from 10 while they
 * stay below SQL_MAX_ROW, then SQL_MAX_ROW itself — so a maximum below 10 still offers itself. A current
 * limit that is not one of them (an older tab's) is offered too, in order.
 */
export function limitOptions(maxRow: number, current?: number | null): number[] {
  const options: number[] = [];
  for (let n = 10; n < maxRow; n *= 10) options.push(n);
  options.push(maxRow);
  if (current && current > 0 && current <= maxRow && !options.includes(current)) options.push(current);
  return options.sort((a, b) => a - b);
}
