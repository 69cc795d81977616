// Season labels: the API speaks `25-26` (two-digit year, hyphen, two-digit year).

export const SEASON_EXAMPLE = '25-26';

const SHORT = /^(\d{2})-(\d{2})$/;
const LONG = /^(\d{4})\s*[-/]\s*(\d{2}|\d{4})$/;

export type SeasonParse = { ok: true; season: string } | { ok: false; reason: string };

/** Accepts `25-26`, `2025-26`, `2025/26`, `2025/2026`, `2025-2026`; returns `25-26`. */
export function normalizeSeason(input: string): SeasonParse {
  const text = input.trim();
  const short = SHORT.exec(text);
  if (short) return consecutive(Number(short[1]), Number(short[2]), input);
  const long = LONG.exec(text);
  if (long) {
    const start = Number(long[1]);
    const endText = long[2] ?? '';
    const end = endText.length === 4 ? Number(endText) : Math.floor(start / 100) * 100 + Number(endText);
    if (endText.length === 4 && end !== start + 1) return notConsecutive(input);
    return consecutive(start % 100, end % 100, input);
  }
  return {
    ok: false,
    reason: `season "${input}" is not a season label; write it like "${SEASON_EXAMPLE}" (also accepted: "2025-26", "2025/2026")`,
  };
}

function consecutive(start: number, end: number, input: string): SeasonParse {
  if ((start + 1) % 100 !== end) return notConsecutive(input);
  return { ok: true, season: `${pad(start)}-${pad(end)}` };
}

function notConsecutive(input: string): SeasonParse {
  return {
    ok: false,
    reason: `season "${input}" does not span two consecutive years; write it like "${SEASON_EXAMPLE}"`,
  };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The season running on a date: it starts on 1 July. */
export function seasonOf(date: Date): string {
  const year = date.getUTCFullYear();
  const start = date.getUTCMonth() >= 6 ? year : year - 1;
  return `${pad(start % 100)}-${pad((start + 1) % 100)}`;
}

export const SERVICE_ID_PATTERN = /^ds_[A-Za-z0-9]{16}$/;
