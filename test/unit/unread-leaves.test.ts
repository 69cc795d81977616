// Every blank field an answer's structured data shows is named when it is unread, whether or not the
// text prints it (src/mcp/completeness.ts: noteUnreadLeaves); the one note names every such field
// within its 300 characters; and the plausibility rule keeps fields an API adds of its own out of it:
// a date alone is no text of ours, a role key no club or league, and a league outside a leagues list
// read in part is no evidence.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inDomain } from '../../src/api/reader/plausible.js';
import { reading } from '../../src/api/reader/report.js';
import { markUnread } from '../../src/api/reader/unread.js';
import { flattenStatistics } from '../../src/api/reader/values.js';
import { NamesLearned } from '../../src/facts/names-learned.js';
import {
  collectBlankColumns,
  completeness,
  completenessNotes,
  noteUnreadLeaves,
  type UnreadShown,
} from '../../src/mcp/completeness.js';
import { propertyRuns } from '../support/sample.js';

/** The note of an answer whose text shows nothing and whose data is `data`. */
function noteOf(data: unknown): string[] {
  const { unread } = collectBlankColumns(() => noteUnreadLeaves(data));
  return completenessNotes([], [], unread);
}

describe('blank fields of the structured data', () => {
  it('are named when their row marks them unread, shown in the text or not', () => {
    const similar = markUnread(
      { service_id: 'ds_1', name: 'A', similarity: 0.8, performance_index: null },
      { kind: 'player', fields: { performance_index: 'name' }, names: { performance_index: ['reikour'] } },
    );
    const [note] = noteOf({ similar: [similar], market_value: { as_of: null } });
    expect(note).toContain('performance_index');
    expect(note).not.toContain('as_of');
  });

  it('are not named when absent: no mark, nothing in the run could hold them', () => {
    expect(noteOf({ player: { name: 'A', contract_until: null }, rows: [{ league: null }] })).toEqual([]);
  });
});

const FIELDS = [
  'league',
  'position',
  'nationality',
  'foot',
  'height_cm',
  'primary_role',
  'performance_index',
  'minutes',
  'contract_until',
  'market_value_eur',
  'similarity',
  'per',
  'compared_with',
  'as_of',
  'low_eur',
  'high_eur',
];

describe('the one note', () => {
  it('names every unread field of an answer within 300 characters', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...FIELDS), { minLength: 1, maxLength: FIELDS.length }),
        fc.array(fc.stringMatching(/^[a-z]{6,12}$/), { minLength: 1, maxLength: 4 }),
        (fields, names) => {
          const shown: UnreadShown[] = fields.map((field) => ({ field, why: 'name', names }));
          const [note] = completenessNotes([], [], shown);
          expect(note?.length).toBeLessThanOrEqual(300);
          for (const field of fields) expect(note).toContain(field);
        },
      ),
      propertyRuns('unread note names every field'),
    );
  });
});

describe('more unread fields than the note can name', () => {
  it('the note counts the rest within 300 characters, and `unread` names every one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{3,9}(_[a-z]{2,8}){0,2}$/), { minLength: 1, maxLength: 60 }),
        fc.array(fc.stringMatching(/^[a-z]{6,12}$/), { minLength: 0, maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (fields, names, misread) => {
          const shown: UnreadShown[] = fields.map((field, i) => ({
            field,
            why: i < misread ? 'value' : 'name',
            names: i < misread ? [] : names,
          }));
          const {
            notes: [note],
            unread,
          } = completeness([], [], shown);
          expect(note?.length).toBeLessThanOrEqual(300);
          expect([...unread].sort()).toEqual([...fields].sort());
          const left = fields.filter((field) => !new RegExp(`\\b${field}\\b`).test(note ?? ''));
          if (left.length > 0) expect(note).toMatch(/and \d+ more \(listed in "unread"\)/);
        },
      ),
      propertyRuns('unread note counts what it cannot name'),
    );
  });
});

describe('what an API adds of its own is no field of ours', () => {
  it('a date written alone lies only in a field of dates', () => {
    for (const field of ['description', 'name', 'endpoint', 'club', 'per'])
      expect(inDomain(field, '2026-03-14T09:12:00Z')).toBe(false);
    for (const field of ['contract_until', 'as_of', 'expires_at', 'birth_date', 'data_as_of'])
      expect(inDomain(field, '2026-03-14')).toBeUndefined();
  });

  it('a role key is no club, league, country or name', () => {
    for (const field of ['club', 'league', 'nationality', 'name'])
      expect(inDomain(field, 'faux_9')).toBe(false);
    expect(inDomain('primary_role', 'faux_9')).toBe(true);
  });

  it('a league outside a leagues list read in part is no evidence against it', () => {
    const learner = new NamesLearned();
    const page = { data: [{ name: 'Premier League' }, { name: 'Championship' }] };
    learner.learn('leagues', page, page, { aliases: [], unreadable: {}, dropped: [], missing: [] });
    expect(learner.couldBe('league', 'Ligue 1', {})).toBe(false);
    const part = { data: page.data, meta: { total: 161 } };
    learner.learn('leagues', part, page, { aliases: [], unreadable: {}, dropped: [], missing: [] });
    expect(learner.couldBe('league', 'Ligue 1', {})).toBeUndefined();
    expect(learner.couldBe('league', 'Championship', {})).toBe(true);
  });
});

describe('a statistic item without a value field we know', () => {
  it('reads its one number as the value, and two that could each be it as unread', () => {
    const { value, report } = reading(() =>
      flattenStatistics([
        { statistic: 'goals', wert: 0.26 },
        { statistic: 'xg', zahl: '0,32' },
        { statistic: 'shots', a: 2.7, b: 3 },
      ]),
    );
    expect(value).toEqual({ goals: 0.26, xg: 0.32, shots: null });
    expect(Object.keys(report.unreadable)).toEqual(['statistics.shots']);
  });
});

describe('a statistic item without a key field we know', () => {
  it('reads its one text as the statistic, whatever its name; two texts leave the item unread', () => {
    fc.assert(
      fc.property(
        fc
          .stringMatching(/^[a-z]{3,10}(_[a-z]{2,6})?$/)
          .filter((w) => !/^(statistic|statistique|key|stat|metric|name|nom|value|wert)$/.test(w)),
        fc.uniqueArray(fc.constantFrom('Goals', 'Key passes', 'Pass completion', 'Tackles won', 'Crosses'), {
          minLength: 1,
        }),
        fc.constantFrom<[number, unknown]>([0.26, 0.26], [77.1, '77,1 %'], [4.33, '4.33']),
        (field, labels, [number, written]) => {
          const { value, report } = reading(() =>
            flattenStatistics([
              ...labels.map((label) => ({ [field]: label, value: written })),
              { [field]: 'Blocks', unit: 'per 90', value: 1 },
            ]),
          );
          expect(value).toEqual(Object.fromEntries(labels.map((label) => [label, number])));
          expect(Object.keys(report.unreadable)).toEqual(['statistics.statistic']);
        },
      ),
      propertyRuns('statistic item: its one text is its key'),
    );
  });
});
