// The quota's reset time (X-RateLimit-Reset) in any form an API or its gateway writes it: ISO 8601 as the
// spec says (basic or extended, calendar, ordinal or week dates, with or without a time, fractions and
// offsets), an HTTP date, epoch seconds or milliseconds, or seconds until the reset. A value none of
// these reads is given back as unreadable, to be said, never dropped.

export type ResetReading = { at: string } | { unreadable: string };

/** Up to this many seconds, a bare number is seconds until the reset (a daily quota resets within a day). */
export const MAX_RESET_DELTA_S = 2 * 86_400;

export function readResetTime(text: string, now: number): ResetReading {
  const value = text.trim();
  // A number by its size first: 8 digits (a basic date, 20261126) fall between its ranges.
  const ms = (/^\d+(\.\d+)?$/.test(value) ? fromNumber(Number(value), now) : undefined) ?? fromText(value);
  return ms === undefined || !Number.isFinite(ms) ? { unreadable: printable(value) } : { at: iso(ms) };
}

function iso(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}

/** Seconds until the reset when small; else epoch seconds or milliseconds, by size; between them, nothing. */
function fromNumber(n: number, now: number): number | undefined {
  if (n <= MAX_RESET_DELTA_S) return now + n * 1000;
  if (n >= 1e9 && n < 1e11) return n * 1000;
  if (n >= 1e12 && n < 1e14) return n;
  return undefined;
}

function fromText(value: string): number | undefined {
  return fromIso(value) ?? fromHttpDate(value);
}

// Date, then an optional time after T or a space, then an optional zone. Basic and extended forms both.
const ISO =
  /^(\d{4})(?:-?(\d{2})-?(\d{2})|-?(\d{3})|-?W(\d{2})-?([1-7]))(?:[Tt ](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?([.,]\d+)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function fromIso(value: string): number | undefined {
  const m = ISO.exec(value);
  if (!m) return undefined;
  const [, y, month, day, ordinal, week, weekday, hh, mm, ss, fraction, zone] = m;
  const year = Number(y);
  let dayStart: number;
  if (month !== undefined) {
    const mo = Number(month);
    const d = Number(day);
    if (mo < 1 || mo > 12 || d < 1 || d > daysIn(year, mo)) return undefined;
    dayStart = Date.UTC(year, mo - 1, d);
  } else if (ordinal !== undefined) {
    const n = Number(ordinal);
    if (n < 1 || n > (isLeap(year) ? 366 : 365)) return undefined;
    dayStart = Date.UTC(year, 0, n);
  } else {
    const w = Number(week);
    if (w < 1 || w > 53) return undefined;
    // Week 1 holds the year's first Thursday; weeks start on Monday.
    const jan4 = Date.UTC(year, 0, 4);
    const mondayOfWeek1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
    dayStart = mondayOfWeek1 + ((w - 1) * 7 + Number(weekday) - 1) * 86_400_000;
  }
  if (hh === undefined && zone !== undefined) return undefined;
  const parts = [hh, mm, ss].map((p) => (p === undefined ? undefined : Number(p)));
  const [h = 0, min = 0, sec = 0] = parts;
  if (h > 24 || min > 59 || sec > 60 || (h === 24 && (min > 0 || sec > 0 || fraction))) return undefined;
  // A fraction belongs to the last unit given: hours, minutes or seconds.
  const unitMs = ss !== undefined ? 1000 : mm !== undefined ? 60_000 : 3_600_000;
  const extra = fraction ? Number(`0.${fraction.slice(1)}`) * unitMs : 0;
  // A leap second is read as the last instant before the next minute.
  const time = h * 3_600_000 + min * 60_000 + Math.min(sec, 59.999) * 1000 + extra;
  // No zone: UTC (the quota is daily in UTC in every reading seen; the server's local time is unknowable).
  return dayStart + time - offsetMs(zone);
}

function offsetMs(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// RFC 9110's HTTP-date (IMF-fixdate, and the obsolete RFC 850 and asctime forms): a gateway's habit.
const HTTP_DATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? +\d{1,2}[ -][A-Z][a-z]{2}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$|^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

function fromHttpDate(value: string): number | undefined {
  if (!HTTP_DATE.test(value)) return undefined;
  const ms = Date.parse(value.endsWith('GMT') ? value : `${value} GMT`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The value as it may be shown: printable ASCII, cut short. */
function printable(value: string): string {
  const clean = value.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
