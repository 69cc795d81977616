// How every tool's text shows a number: with the precision its data has. Numbers shown together (a
// table column, a row of a comparison, the changes of one report) share one format, with the decimals
// the values were given with (up to DATA_DECIMALS: 0.642 stays 0.642 beside 81.2, whose trailing zeros
// go), more where values that differ would still print alike, and never a nonzero value shown as 0 (so
// no "-0.0"). Scores on a 0–1 scale are shown as given (0.875), never rescaled.

/** Decimals a fractional number gets at least. */
export const DEFAULT_DECIMALS = 1;
/** Decimals when every number shown together lies within -1..1 (a 0–1 score, a share): 0.875 as given. */
export const SUB_UNIT_DECIMALS = 3;
/**
 * The decimals a value keeps of its own, at most: what an API gives (81.25, 0.6425); past it are the
 * digits of arithmetic (a share, a mean), which get only what keeps values apart.
 */
export const DATA_DECIMALS = 4;
/** Past this many decimals a number is shown in full (its shortest exact form). */
const MAX_DECIMALS = 12;

export type NumberFormat = (value: number) => string;

/**
 * One format for numbers shown together: at least `min` decimals (or SUB_UNIT_DECIMALS for numbers all
 * within -1..1), more while two different values would print the same or a nonzero one as 0.
 * Whole numbers print whole; trailing zeros past `min` are dropped (0.500 → 0.5).
 */
export function numberFormat(
  values: readonly unknown[],
  min = DEFAULT_DECIMALS,
  { ownDecimals = true }: { ownDecimals?: boolean } = {},
): NumberFormat {
  // One pass, no copies: every table column and row of a comparison comes here, on every call. The
  // distinct values are gathered only for a column with fractions (whole numbers print as they are).
  let fractional = false;
  let subUnit = true;
  let given = 0;
  for (const value of values) {
    if (!isFiniteNumber(value)) continue;
    if (!Number.isInteger(value)) {
      fractional = true;
      if (ownDecimals && given < DATA_DECIMALS) given = Math.max(given, decimalsOf(value));
    }
    if (subUnit && Math.abs(value) > 1) subUnit = false;
  }
  if (!fractional) return wholeFormat(min);
  const distinct = new Set<number>();
  for (const value of values) if (isFiniteNumber(value)) distinct.add(value);
  const numbers = [...distinct];
  const start = Math.max(subUnit ? Math.max(min, SUB_UNIT_DECIMALS) : min, Math.min(given, DATA_DECIMALS));
  for (let decimals = start; decimals <= MAX_DECIMALS; decimals++) {
    if (keepsApart(numbers, decimals)) return (value) => show(value, decimals, min);
  }
  return (value) => show(value, Number.POSITIVE_INFINITY, min);
}

const wholeFormats = new Map<number, NumberFormat>();

/** The format of numbers that are all whole (or of no numbers): one per `min`, made once. */
function wholeFormat(min: number): NumberFormat {
  let format = wholeFormats.get(min);
  if (!format) {
    format = (value) => show(value, min, min);
    wholeFormats.set(min, format);
  }
  return format;
}

/** One number shown alone. */
export function formatNumber(value: number, min = DEFAULT_DECIMALS): string {
  return numberFormat([value], min)(value);
}

/** A change: its sign always shown ("+3", "-0.04", "0"), in `format` (the report's, for its column). */
export function formatSigned(value: number, format: NumberFormat = formatNumber): string {
  const shown = format(Math.abs(value));
  if (value === 0) return shown;
  return `${value > 0 ? '+' : '-'}${shown}`;
}

/** The decimals of a number's shortest form (0.642 → 3); past DATA_DECIMALS for a tiny one (1e-7). */
function decimalsOf(value: number): number {
  const text = String(Math.abs(value));
  if (text.includes('e')) return DATA_DECIMALS;
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function rounded(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** Distinct values stay distinct at `decimals`, and no nonzero value rounds to 0. */
function keepsApart(numbers: readonly number[], decimals: number): boolean {
  const seen = new Set<number>();
  for (const value of numbers) {
    const r = rounded(value, decimals);
    if (r === 0 && value !== 0) return false;
    if (seen.has(r)) return false;
    seen.add(r);
  }
  return true;
}

function show(value: number, decimals: number, min: number): string {
  if (!Number.isFinite(value)) return String(value);
  // Whole numbers as they are; -0 is 0.
  if (Number.isInteger(value)) return value === 0 ? '0' : String(value);
  if (!Number.isFinite(decimals) || Math.abs(value) >= 1e21) return String(value);
  const text = value.toFixed(decimals);
  const point = text.indexOf('.');
  if (point < 0) return text;
  let end = text.length;
  while (end > point + min + 1 && text[end - 1] === '0') end--;
  if (end === point + 1) end = point;
  const out = text.slice(0, end);
  // A negative value rounded to zero loses its sign ("-0.0" is "0.0").
  return out.startsWith('-') && Number(out) === 0 ? out.slice(1) : out;
}
