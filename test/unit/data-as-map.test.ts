// A batch answered id by id: `data` as a map of rows (`{"ds_…": {…}}`) rather than the list the spec
// shows for list routes, whose shapes it does not show for the batch routes. Its rows read as the same
// rows sent as a list, whatever the keys; a key in the spec's service_id form is the id of a row that
// carries none. A map with a key the rows read as a field is no map: a single row, refused as before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnswer, tryReadAnswer } from '../../src/api/reader/index.js';
import { CompareResponse, FitScoreResponse, ResolveBatchResponse } from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const serviceId = fc
  .array(fc.constantFrom(...ALPHABET), { minLength: 16, maxLength: 16 })
  .map((chars) => `ds_${chars.join('')}`);

const player = fc.record({
  service_id: serviceId,
  name: fc.constantFrom('Ana Lima', 'Bo Berg', 'Cy Dumont', 'Dee Okafor'),
  club: fc.constantFrom('FC Lens', 'AS Rodez', 'Reims'),
  age: fc.integer({ min: 16, max: 40 }),
  minutes: fc.integer({ min: 0, max: 3000 }),
});

const ANSWERS = [
  ['compare', CompareResponse],
  ['fit-score', FitScoreResponse],
  ['resolve-batch', ResolveBatchResponse],
] as const;

describe('data as a map of rows', () => {
  it('reads as the same rows sent as a list, keyed by service_id or by anything no field is named', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ANSWERS),
        fc.uniqueArray(player, { minLength: 1, maxLength: 6, selector: (p) => p.service_id }),
        fc.constantFrom('service_id, dropped from the row', 'service_id, kept in the row', 'a token'),
        ([route, schema], players, keyed) => {
          const asList = readAnswer(schema, { data: players }, route).value.data;
          const entries = players.map((p, i) => {
            if (keyed === 'a token') return [`row-${i}`, p] as const;
            const { service_id, ...rest } = p;
            return [service_id, keyed === 'service_id, kept in the row' ? p : rest] as const;
          });
          const asMap = readAnswer(schema, { data: Object.fromEntries(entries) }, route).value.data;
          expect(asMap).toEqual(asList);
        },
      ),
      propertyRuns('data as a map'),
    );
  });

  it('is no map when a key is a field the rows read: a single row in data stays no list', () => {
    const single = { name: 'Ana Lima', details: { club: 'FC Lens', age: 22 } };
    const read = tryReadAnswer(CompareResponse, { data: single }, 'compare');
    expect(read.failed?.error.message).toMatch(/no list of rows in data/);
  });

  it("resolve-batch's service_id per player: each key a row id, each value its person or null", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            player_id: fc.stringMatching(/^p2[0-9a-z]{9}$/),
            service_id: fc.option(serviceId, { nil: null }),
          }),
          { minLength: 1, maxLength: 6, selector: (p) => p.player_id },
        ),
        (pairs) => {
          const map = Object.fromEntries(pairs.map((p) => [p.player_id, p.service_id]));
          const read = readAnswer(ResolveBatchResponse, { data: map }, 'resolve-batch').value.data;
          expect(read.map((r) => [r.player_id, r.service_id, r.status])).toEqual(
            pairs.map((p) => [p.player_id, p.service_id, p.service_id ? 'resolved' : 'unlinked']),
          );
        },
      ),
      propertyRuns('resolve-batch as a map'),
    );
  });

  it('a map of ids to null or to a service_id is no rows of a compare: nothing is said of those players', () => {
    const read = tryReadAnswer(
      CompareResponse,
      { data: { p20aaaaaaaaa: null, p20bbbbbbbbb: 'ds_0000000000000001' } },
      'compare',
    );
    expect(read.failed?.error.message).toMatch(/no list of rows in data/);
  });

  it('takes no key as an id unless it has the service_id form', () => {
    const read = readAnswer(
      CompareResponse,
      { data: { '12': { name: 'Ana Lima', club: 'FC Lens' } } },
      'compare',
    ).value.data;
    expect(read).toHaveLength(1);
    expect(read[0]?.player_id ?? null).toBeNull();
    expect(read[0]?.service_id).toBeUndefined();
  });
});
