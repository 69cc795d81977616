// Values as people write them (src/api/reader/display.ts): a number rendered in a random display form
// reads back as itself, or, where the form could be read two ways, is left unread; never another number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type NumberKind,
  parseBoolean,
  parseDate,
  parseNumber,
  parseSeason,
  UNPARSED,
} from '../../src/api/reader/display.js';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import { SAMPLE_SEED } from '../support/sample.js';

/** fast-check's seed from the run's sample seed (test/support/sample.ts), printed for a replay. */
const SEED = [...`${SAMPLE_SEED}:display`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);
console.info(`display forms: fast-check seed ${SEED} (FOOTBALL_TEST_SAMPLE_SEED=${SAMPLE_SEED})`);
const RUNS = { seed: SEED, numRuns: 500 };

const GROUPS = ['', ' ', '\u00a0', '\u2009', '\u202f', "'", '\u2019', '.', ','];

interface Form {
  whole: string;
  fraction: string;
  decimal: '.' | ',';
  group: string;
}

const form = (fractionDigits: number) =>
  fc
    .record({
      whole: fc.bigInt({ min: 0n, max: 99_999_999n }).map(String),
      fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: fractionDigits }),
      decimal: fc.constantFrom<'.' | ','>('.', ','),
      group: fc.constantFrom(...GROUPS),
    })
    // A thousands mark is never the decimal mark.
    .filter((f) => f.group !== f.decimal);

function numeral({ whole, fraction, decimal, group }: Form): string {
  const grouped = group === '' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === '' ? grouped : `${grouped}${decimal}${fraction}`;
}

const numberOf = (f: Form, power = 0) => Number(`${f.whole}.${f.fraction || '0'}e${power}`);

/** A lone `.` or `,` before exactly three digits after a nonzero whole part: read two ways. */
function ambiguous(text: string): boolean {
  return /^[1-9]\d{0,2}[.,]\d{3}$/.test(text);
}

const UNITS: Record<Exclude<NumberKind, 'euros' | 'height_cm'>, string[]> = {
  number: ['', '%', ' %', '\u00a0%'],
  count: [''],
  age: ['', ' ans', ' years', ' Jahre', ' años', 'y'],
  minutes: ['', ' min', '\u00a0min', "'", ' minutes', ' Min.'],
};

describe('numbers in display forms', () => {
  for (const [kind, units] of Object.entries(UNITS) as [keyof typeof UNITS, string[]][]) {
    const whole = kind === 'count' || kind === 'minutes';
    it(`${kind}: reads back as the number, or unread where the form is ambiguous`, () => {
      fc.assert(
        fc.property(form(whole ? 0 : 4), fc.constantFrom(...units), fc.boolean(), (f, unit, negative) => {
          const sign = negative && kind === 'number' ? '-' : '';
          const text = `${sign}${numeral(f)}${unit}`;
          const read = parseNumber(text, kind);
          const value = (sign ? -1 : 1) * numberOf(f);
          if (!whole && ambiguous(numeral(f))) expect(read, text).toBe(UNPARSED);
          else expect(read, text).toBe(value);
        }),
        RUNS,
      );
    });
  }

  it('euros: with a scale and the currency before or after', () => {
    const SCALES: [string, number][] = [
      ['', 0],
      ['k', 3],
      ['K', 3],
      ['M', 6],
      ['m', 6],
      ['Mio.', 6],
      [' Mio', 6],
      ['mn', 6],
      ['bn', 9],
      [' Mrd.', 9],
    ];
    fc.assert(
      fc.property(
        form(3),
        fc.constantFrom(...SCALES),
        fc.constantFrom('€', ' €', ' EUR', '€ before', 'EUR before', ''),
        (f, [scale, power], currency) => {
          const n = numeral(power === 0 ? { ...f, fraction: '' } : f);
          const text = currency.endsWith('before')
            ? `${currency.replace(' before', '')}${n}${scale}`
            : `${n}${scale}${currency}`;
          const read = parseNumber(text, 'euros');
          const value = numberOf(power === 0 ? { ...f, fraction: '' } : f, power);
          if (power > 0 && ambiguous(n)) expect(read, text).toBe(UNPARSED);
          else expect(read, text).toBe(value);
        },
      ),
      RUNS,
    );
  });

  it('reads the forms seen in the field', () => {
    expect(parseNumber('21 ans', 'age')).toBe(21);
    expect(parseNumber('1 840 min', 'minutes')).toBe(1840);
    expect(parseNumber('18,5 M€', 'euros')).toBe(18_500_000);
    expect(parseNumber('€450k', 'euros')).toBe(450_000);
    expect(parseNumber('1,85 m', 'height_cm')).toBe(185);
    expect(parseNumber('185 cm', 'height_cm')).toBe(185);
    expect(parseNumber('64,2 %')).toBe(64.2);
    expect(parseNumber('0,642')).toBe(0.642);
    expect(parseNumber('1.234.567,5')).toBe(1_234_567.5);
    expect(parseNumber('1,234,567.5')).toBe(1_234_567.5);
    expect(parseNumber('−3,5')).toBe(-3.5);
  });

  it('leaves unread what it cannot read with certainty, never zero or absent', () => {
    for (const [text, kind] of [
      ['1.234', 'number'],
      ['12,500', 'number'],
      ['21 ans', 'minutes'],
      ['1 840 min', 'age'],
      ['£12m', 'euros'],
      ['$5M', 'euros'],
      ['12 %', 'euros'],
      ['1.85', 'height_cm'],
      ['1 23 45', 'number'],
      ['1.23.45', 'number'],
      ['about 20', 'age'],
      ['twenty', 'number'],
    ] as [string, NumberKind][])
      expect(parseNumber(text, kind), `${text} as ${kind}`).toBe(UNPARSED);
  });

  it('reads placeholders as absent', () => {
    for (const text of ['N/A', 'n/a', '-', '–', '—', '', '  ', 'n.v.', 'k.A.', 'NA', 'null'])
      for (const kind of ['number', 'age', 'euros'] as NumberKind[])
        expect(parseNumber(text, kind), `${text} as ${kind}`).toBeNull();
  });
});

describe('flags, dates and seasons', () => {
  it('reads yes and no in several languages, 1 and 0, and leaves other words unread', () => {
    for (const yes of [true, 1, 'true', 'yes', 'Oui', 'ja', 'sí', 'si', 'sim', '1'])
      expect(parseBoolean(yes)).toBe(true);
    for (const no of [false, 0, 'false', 'no', 'Non', 'nein', 'não', '0'])
      expect(parseBoolean(no)).toBe(false);
    for (const none of [null, 'N/A', '-', 'k.A.']) expect(parseBoolean(none)).toBeNull();
    for (const other of ['maybe', 2, 'current']) expect(parseBoolean(other)).toBe(UNPARSED);
  });

  it('reads ISO, day-first and month-first dates as ISO; an order it cannot tell is kept as written', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split('-') as [string, string, string];
          expect(parseDate(iso)).toBe(iso);
          expect(parseDate(`${d}.${m}.${y}`)).toBe(iso);
          // Day first or month first (a US API), with a slash or a hyphen: the date, or kept as written.
          for (const written of [`${d}/${m}/${y}`, `${d}-${m}-${y}`, `${m}/${d}/${y}`, `${m}-${d}-${y}`]) {
            expect([iso, written], written).toContain(parseDate(written));
            if (Number(d) > 12) expect(parseDate(written), written).toBe(iso);
          }
        },
      ),
      RUNS,
    );
    expect(parseDate('2026-03-01T12:00:00Z')).toBe('2026-03-01T12:00:00Z');
    expect(parseDate('03/25/2026')).toBe('2026-03-25');
    expect(parseDate('31.02.2026')).toBe(UNPARSED);
    expect(parseDate('next summer')).toBe(UNPARSED);
    expect(parseDate('n.v.')).toBeNull();
  });

  it('reads season labels in our form, and keeps a label of another kind as written', () => {
    for (const label of ['25-26', '2025-26', '2025/26', '2025-2026', '2025/2026', 'Saison 2025/26'])
      expect(parseSeason(label)).toBe('25-26');
    expect(parseSeason('2025')).toBe('2025');
    expect(parseSeason('–')).toBeNull();
  });
});

describe('display forms through the reader', () => {
  it('reads age, minutes and value written for people', () => {
    const { value, report } = readAnswer(
      S.ScoutingResponse,
      {
        data: [
          {
            player_id: 'p1',
            service_id: null,
            name: 'A',
            age: '21 ans',
            minutes: '1 840 min',
            market_value_eur: '18,5 M€',
          },
        ],
      },
      'GET /v1/test',
    );
    expect(value.data[0]).toMatchObject({ age: 21, minutes: 1840, market_value_eur: 18_500_000 });
    expect(report.unreadable).toEqual({});
  });

  it('reads a placeholder as absent and an unreadable value as unread', () => {
    const { value, report } = readAnswer(
      S.ScoutingResponse,
      {
        data: [
          {
            player_id: 'p1',
            service_id: null,
            name: 'A',
            age: 'N/A',
            minutes: 'lots',
            market_value_eur: '£12m',
          },
        ],
      },
      'GET /v1/test',
    );
    expect(value.data[0]).toMatchObject({ age: null, minutes: null, market_value_eur: null });
    expect(report.unreadable).toEqual({ 'player.minutes': 1, 'player.market_value_eur': 1 });
  });

  it('reads dates, seasons and flags', () => {
    const record = readAnswer(
      S.PlayerRecordResponse,
      {
        data: {
          player_id: 'p1',
          name: 'A',
          birth_date: '04.05.2001',
          contract_until: '30/06/2027',
          season: '2025/26',
        },
      },
      'GET /v1/test',
    );
    expect(record.value.data).toMatchObject({
      birth_date: '2001-05-04',
      contract_until: '2027-06-30',
      season: '25-26',
    });
    const seasons = readAnswer(
      S.SeasonsResponse,
      {
        data: [
          { label: '25-26', current: 'ja' },
          { label: '24-25', current: 'nein' },
        ],
      },
      'GET /v1/test',
    );
    expect(seasons.value.data).toEqual([
      expect.objectContaining({ season: '25-26', current: true }),
      expect.objectContaining({ season: '24-25', current: false }),
    ]);
  });
});
