// Numbers written as people write them, exactly (never rounded): a decimal comma, thousands
// separators, units after or before (ages in years, minutes, money in k/M, percentages), in a drawn
// locale, for a drawn set of kinds of field. The spec fixes no field's type in an answer; a rank
// and a founding year stay numbers, as they would on any API.
import { eachValue } from './fixed.js';
import type { Piece } from './piece.js';

interface Locale {
  readonly decimal: string;
  readonly thousands: string;
  readonly age: (n: string) => string;
  readonly minutes: (n: string) => string;
  /** `amount` in `scale` ("k", "M"). */
  readonly money: (amount: string, scale: string) => string;
  readonly percent: (n: string) => string;
}

const LOCALES: Readonly<Record<string, Locale>> = {
  French: {
    decimal: ',',
    thousands: '\u202f',
    age: (n) => `${n} ans`,
    minutes: (n) => `${n} min`,
    money: (a, s) => `${a} ${s}€`,
    percent: (n) => `${n}\u00a0%`,
  },
  German: {
    decimal: ',',
    thousands: '.',
    age: (n) => `${n} Jahre`,
    minutes: (n) => `${n} Min.`,
    money: (a, s) => `${a} ${s === 'M' ? 'Mio.' : 'Tsd.'} €`,
    percent: (n) => `${n} %`,
  },
  English: {
    decimal: '.',
    thousands: ',',
    age: (n) => `${n} years`,
    minutes: (n) => `${n} mins`,
    money: (a, s) => `€${a}${s === 'M' ? 'm' : 'k'}`,
    percent: (n) => `${n}%`,
  },
  Swiss: {
    decimal: '.',
    thousands: '\u2019',
    age: (n) => `${n} J.`,
    minutes: (n) => `${n}'`,
    money: (a, s) => `EUR ${a} ${s === 'M' ? 'Mio' : 'k'}`,
    percent: (n) => `${n} %`,
  },
};

export const KINDS = ['decimal', 'thousands', 'age', 'minutes', 'money', 'percent'] as const;
type Kind = (typeof KINDS)[number];

/** Fields that stay numbers: ranks, years, counts of pages. */
const KEPT = new Set(['rank', 'founded', 'year', 'page', 'per_page', 'total_pages']);
const MONEY = /(^|_)eur$/;
const PERCENT = /_pct$/;

function kindOf(key: string, n: number): Kind | undefined {
  if (KEPT.has(key) || key.endsWith('_id')) return undefined;
  if (key === 'age') return 'age';
  if (key === 'minutes') return 'minutes';
  if (MONEY.test(key)) return 'money';
  if (PERCENT.test(key)) return 'percent';
  if (!Number.isInteger(n)) return 'decimal';
  return Math.abs(n) >= 1000 ? 'thousands' : undefined;
}

/** `n` with the locale's separators; thousands grouped only when `grouped`. */
function written(n: number, locale: Locale, grouped: boolean): string {
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  const digits = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale.thousands) : whole;
  return `${n < 0 ? '-' : ''}${digits}${fraction === undefined ? '' : locale.decimal + fraction}`;
}

function moneyOf(n: number, locale: Locale, grouped: boolean): string {
  const scale = Math.abs(n) >= 1_000_000 ? 'M' : Math.abs(n) >= 1000 ? 'k' : '';
  if (scale === '') return `${written(n, locale, grouped)} €`;
  const amount = Number((n / (scale === 'M' ? 1_000_000 : 1000)).toFixed(6));
  return locale.money(written(amount, locale, grouped), scale);
}

export const display: Piece = {
  name: 'display',
  chance: 0.4,
  make(draw) {
    const name = draw.pick(Object.keys(LOCALES));
    const locale = LOCALES[name] as Locale;
    const kinds = new Set<Kind>(draw.some(KINDS, 0.6));
    const statistics = draw.chance(0.5);
    const grouped = kinds.has('thousands');
    const shown = (key: string, value: unknown): unknown => {
      if (typeof value !== 'number') return value;
      const kind = kindOf(key, value);
      if (kind === undefined || !kinds.has(kind)) return value;
      if (kind === 'age') return locale.age(written(value, locale, grouped));
      if (kind === 'minutes') return locale.minutes(written(value, locale, grouped));
      if (kind === 'money') return moneyOf(value, locale, grouped);
      if (kind === 'percent') return locale.percent(written(value, locale, grouped));
      return written(value, locale, grouped);
    };
    return {
      describe: `${[...kinds].join(', ')} written in ${name} forms${statistics ? ', statistics too' : ''}`,
      response: (body, req) => eachValue(body, req.route, shown, statistics),
    };
  },
};
