// A record sent bare (its fields at the top of the answer, no `data`) shares the top with what the answer
// carries of its own: JSON:API's `included` and `jsonapi`, a `meta`, words (`message`, `warnings`), a
// flag (`success: true`) or a status word. Generated from a seed (printed; replay with
// FOOTBALL_TEST_SAMPLE_SEED): a team, plain or as a resource object, bare with a drawn set of those
// members beside it; the property: it reads as the same team sent under `data`. A resource object wider
// than JSON:API's seven members was once taken for a plain row, and every field under its attributes
// came out blank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import { TeamResponse } from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

const TEAM = {
  name: 'Racing Club de Besançon',
  country: 'France',
  league: 'Ligue 1',
  season: '26-27',
  rating: 65.2,
  squad_size: 24,
};
const COACH = { type: 'coach', id: 'c01', attributes: { name: 'Mehdi Ziykaoui' } };

/** The team as a resource object, its coach a relationship to an `included` object. */
const asResource = {
  type: 'team',
  id: 't01',
  attributes: TEAM,
  relationships: { coach: { data: { type: 'coach', id: 'c01' } } },
};

const MEMBERS: Record<string, unknown> = {
  jsonapi: { version: '1.1' },
  links: { self: '/v1/teams/t01' },
  meta: { generated: '2026-11-29' },
  message: 'Request processed successfully',
  warnings: ['figures of the last round are provisional'],
  success: true,
  status: 'success',
  Notice: 'cached for 60 s',
};

/**
 * The fields a record shows (the reader's marks on it aside), without the answer's meta and links: they
 * stay beside a record sent bare, as they did (a resource object's meta is its own, read as its fields).
 */
const shown = (record: unknown) => {
  const {
    meta: _m,
    links: _l,
    generated: _g,
    ...fields
  } = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  return fields;
};

describe('a record sent bare beside the answer’s own members', () => {
  it('reads as the same record sent under data', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.subarray(Object.keys(MEMBERS)), (resource, names) => {
        const record = resource ? asResource : { team_id: 't01', ...TEAM };
        const beside = Object.fromEntries(names.map((n) => [n, MEMBERS[n]]));
        const included = resource ? { included: [COACH] } : {};
        const route = 'GET /v1/teams/:id';
        const under = readAnswer(TeamResponse, { data: record, ...included }, route).value;
        const bare = readAnswer(TeamResponse, { ...record, ...beside, ...included }, route).value;
        const label = JSON.stringify({ resource, names });
        expect(shown(bare.data), label).toEqual(shown(under.data));
        expect((bare.data as Record<string, unknown>).league, label).toBe('Ligue 1');
      }),
      propertyRuns('bare record members', 60),
    );
  });

  it("keeps a record's own status that is no status word of the answer", () => {
    const raw = { team_id: 't01', ...TEAM, status: 'relegated', message: 'ok' };
    const read = readAnswer(TeamResponse, raw, 'GET /v1/teams/:id');
    expect(read.value.data).toMatchObject({ name: TEAM.name, status: 'relegated' });
    expect(read.value.data).not.toHaveProperty('message');
  });
});
