// Values written for people, as a French-speaking site shows them: ages "21 ans", minutes "1 840 min"
// (narrow no-break spaces), amounts "18,5 M€" (or "1 234 000 €" where "1,234 M€" could be read two
// ways), heights "1,85 m", scores and statistics with a decimal comma ("81,2"), dates "04.05.2001",
// flags "oui"/"non", and "N/A" where the standard answer has null. Ids, ranks, paging fields and echoes
// of what the client sent stay as they are.
import { type Dialect, ECHOES, isRecord, type Json } from './dialect.js';

const DECIMALS = new Set([
  'score',
  'performance_index',
  'similarity',
  'rating',
  'percentile',
  'value',
  'current_score',
  'projected_score',
  'delta',
  'average_age',
  'points_per_match',
]);
const DATES = new Set(['birth_date', 'contract_until']);
const GROUP = '\u202f';

function grouped(n: number): string {
  return Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP) : String(n);
}

/** "81,2"; a number whose form would read two ways ("1,234") stays a number. */
function decimal(n: number): string | number {
  const text = String(n);
  if (/e/i.test(text)) return n;
  const fraction = text.split('.')[1] ?? '';
  return fraction.length === 3 ? n : text.replace('.', ',');
}

function euros(n: number): string {
  if (Math.abs(n) >= 1e6) {
    const millions = String(n / 1e6);
    const fraction = millions.split('.')[1] ?? '';
    if (!/e/i.test(millions) && fraction.length !== 3) return `${millions.replace('.', ',')} M€`;
  }
  return `${grouped(n)} €`;
}

function shown(key: string, value: unknown): unknown {
  if (value === null) {
    const numeric = key === 'age' || key === 'minutes' || key.endsWith('_eur') || DECIMALS.has(key);
    return numeric ? 'N/A' : null;
  }
  if (typeof value === 'boolean') return key === 'current' ? (value ? 'oui' : 'non') : value;
  if (typeof value === 'string')
    return DATES.has(key) && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('.') : value;
  if (typeof value !== 'number') return value;
  if (key === 'age') return `${value} ans`;
  if (key === 'minutes') return `${grouped(value)} min`;
  if (key === 'height_cm') return `${decimal(value / 100)} m`;
  if (key.endsWith('_eur')) return euros(value);
  if (DECIMALS.has(key)) return decimal(value);
  return value;
}

function rewrite(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, key));
  if (!isRecord(value)) return shown(key, value);
  if (key === 'meta' || key === 'paging' || key === 'pagination') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (ECHOES.has(k)) out[k] = v;
    else if (k === 'statistics' && isRecord(v))
      out[k] = Object.fromEntries(
        Object.entries(v).map(([s, n]) => [s, typeof n === 'number' ? decimal(n) : n === null ? 'N/A' : n]),
      );
    else out[k] = rewrite(v, k);
  }
  return out;
}

export const display: Dialect = {
  name: 'display',
  summary: 'values written for people: "21 ans", "1 840 min", "18,5 M€", "81,2", "04.05.2001", "oui", "N/A"',
  response: (body) => rewrite(body),
};
