// The tolerant reader, shape by shape: each answer below follows the spec and differs from our
// sandbox's, and each is read (values kept) or refused with the route and the field named.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseEnumRoles } from '../../src/api/enums.js';
import { BadResponseError } from '../../src/api/errors.js';
import { aliasSet } from '../../src/api/reader/aliases.js';
import { type ReadReport, readAnswer, readNotes } from '../../src/api/reader/index.js';
import { unreadWhy } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { completenessNotes } from '../../src/mcp/completeness.js';

// biome-ignore lint/suspicious/noExplicitAny: each test reads the value of its own schema loosely
type Loose = any;
const read = (schema: z.ZodType, raw: unknown): { value: Loose; report: ReadReport } =>
  readAnswer(schema, raw, 'GET /v1/test');

describe('ids, numbers and names', () => {
  it('reads numeric ids as strings and numbers sent as strings', () => {
    const { value } = read(S.RankingsResponse, {
      data: [
        { rank: '1', name: 'A', club: 'B', age: '24', score: '81,5', player_id: 12345, service_id: null },
      ],
    });
    expect(value.data[0]).toMatchObject({
      rank: 1,
      age: 24,
      score: 81.5,
      player_id: '12345',
      service_id: null,
    });
  });

  it('reads the API’s own field names and English variants, and reports them', () => {
    const { value, report } = read(S.HistoryResponse, {
      service_id: 'ds_0123456789abcdef',
      data: [{ saison: '25-26', player_id: 'p1', equipe: 'Lens', ligue: 'Ligue 1', minutes_jouees: 900 }],
    });
    expect(value.data[0]).toMatchObject({ season: '25-26', club: 'Lens', league: 'Ligue 1', minutes: 900 });
    expect(report.aliases).toEqual(expect.arrayContaining(['saison→season', 'equipe→club', 'ligue→league']));
  });

  it('reads {id, name} objects as their name and keeps the id beside it', () => {
    const { value } = read(S.ScoutingResponse, {
      data: [
        {
          player_id: 'p1',
          service_id: null,
          name: 'A',
          club: { id: 7, name: 'RC Lens' },
          league: { nom: 'Ligue 1' },
        },
      ],
    });
    expect(value.data[0]).toMatchObject({ club: 'RC Lens', club_id: '7', league: 'Ligue 1' });
  });

  it('lifts a nested player object in compare, fit and resolve rows', () => {
    const player = { player_id: 'p1', service_id: 'ds_0123456789abcdef', name: 'A' };
    expect(
      read(S.CompareResponse, { data: [{ player, statistics: { xg: 0.3 } }] }).value.data[0],
    ).toMatchObject(player);
    expect(
      read(S.FitScoreResponse, { data: [{ player, fits: [{ club: 'X', score: 70 }] }] }).value.data[0],
    ).toMatchObject(player);
    expect(read(S.ResolveBatchResponse, { data: [{ player }] }).value.data[0]).toMatchObject({
      ...player,
      status: 'resolved',
    });
  });

  it('reads level: 1 as text and leagues sent as plain strings', () => {
    expect(
      read(S.LeaguesResponse, { data: ['Ligue 1', { name: 'Serie A', level: 1 }] }).value.data,
    ).toMatchObject([{ name: 'Ligue 1' }, { name: 'Serie A', level: '1' }]);
  });
});

describe('leanest rows the spec allows', () => {
  it('derives a resolve status from what the row carries, and reads French statuses', () => {
    const { value } = read(S.ResolveBatchResponse, {
      data: [
        { player_id: 'p1', service_id: 'ds_0123456789abcdef' },
        { player_id: 'p2', service_id: null },
        { query: { name: 'X' } },
        {
          candidates: [
            { player_id: 'p3', name: 'A' },
            { player_id: 'p4', name: 'B' },
          ],
        },
        { player_id: 'p5', statut: 'non lié' },
      ],
    });
    expect(value.data.map((r: { status: string }) => r.status)).toEqual([
      'resolved',
      'unlinked',
      'not_found',
      'ambiguous',
      'unlinked',
    ]);
  });

  it('derives the status of a row whose status word it does not know, as when there is none', () => {
    const { value } = read(S.ResolveBatchResponse, {
      data: [
        { status: 'ok', player_id: 'p1', service_id: 'ds_0123456789abcdef' },
        { status: 'OK', player_id: 'p2', service_id: null },
        { status: 'done', query: { name: 'X' } },
        { status: 'partial', candidates: [{ player_id: 'p3' }, { player_id: 'p4' }] },
        { status: 'constructor', player_id: 'p5' },
      ],
    });
    expect(value.data.map((r: { status: string }) => r.status)).toEqual([
      'resolved',
      'unlinked',
      'not_found',
      'ambiguous',
      'unlinked',
    ]);
  });

  it('reads a fit row with one fit_score instead of a fits list', () => {
    const { value } = read(S.FitScoreResponse, { data: [{ player_id: 'p1', fit_score: '77.5' }] });
    expect(value.data[0].fits).toEqual([{ club: null, league: null, score: 77.5 }]);
  });

  it('keeps numeric fields of a compare row it does not know (a score), after the statistics', () => {
    const { value } = read(S.CompareResponse, {
      data: [{ player_id: 'p1', score: 64, statistics: { xg: 0.2 } }],
    });
    expect(value.data[0].statistics).toEqual({ xg: 0.2, score: 64 });
    expect(Object.keys(value.data[0].statistics)).toEqual(['xg', 'score']);
  });

  it('reads rows with only a service_id, or only a name', () => {
    const { value } = read(S.PlayerSearchResponse, {
      data: [{ service_id: 'ds_0123456789abcdef' }, { name: 'Only A Name' }],
    });
    expect(value.data).toHaveLength(2);
  });

  it('gives a ranking entry without rank its place in the list', () => {
    const { value } = read(S.RankingsResponse, {
      data: [
        { name: 'A', score: 9 },
        { name: 'B', score: 8 },
      ],
    });
    expect(value.data.map((e: { rank: number }) => e.rank)).toEqual([1, 2]);
  });
});

describe('envelopes', () => {
  it('reads a record bare or under data', () => {
    const record = { player_id: 'p1', service_id: null, name: 'A', minutes: 100 };
    expect(read(S.PlayerRecordResponse, record).value.data).toMatchObject(record);
    expect(read(S.PlayerRecordResponse, { data: record }).value.data).toMatchObject(record);
  });

  it('reads a list under one named array inside data, keeping the fields beside it', () => {
    const { value } = read(S.HistoryResponse, {
      data: { service_id: 'ds_0123456789abcdef', seasons: [{ season: '25-26', player_id: 'p1' }] },
    });
    expect(value.service_id).toBe('ds_0123456789abcdef');
    expect(value.data).toHaveLength(1);
  });

  it('reads statistics as a flat record, grouped maps or a list', () => {
    const expected = { goals: 0.4, xg: 0.3 };
    for (const raw of [
      { data: { goals: 0.4, xg: '0.3', minutes: 900 } },
      { data: { statistics: { attacking: { goals: 0.4 }, shooting: { xg: 0.3 } } } },
      {
        data: {
          statistics: [
            { statistic: 'goals', value: 0.4 },
            { key: 'xg', valeur: '0.3' },
          ],
        },
      },
    ]) {
      expect(read(S.PlayerStatisticsResponse, raw).value.data.statistics).toEqual(expected);
    }
  });
});

describe('row by row', () => {
  it('leaves out a row with no identity, says how many and at which field, and keeps the rest', () => {
    const { value, report } = read(S.ScoutingResponse, {
      data: [{ player_id: 'p1', service_id: null }, { club: 'X' }, { age: 3 }],
    });
    expect(value.data).toHaveLength(1);
    expect(readNotes(report)).toEqual([
      '2 of 3 rows left out: the API’s answer had no readable player.player_id|service_id|name.'.replace(
        '’',
        "'",
      ),
    ]);
  });

  it('reads an unreadable optional value as null and says so', () => {
    const { value, report } = read(S.ScoutingResponse, {
      data: [{ player_id: 'p1', service_id: null, age: [1, 2], club: { x: 1 } }],
    });
    expect(value.data[0]).toMatchObject({ age: null, club: null });
    expect(report.unreadable).toEqual({ 'player.age': 1, 'player.club': 1 });
    // Said once, in the answer's one note on unread fields.
    expect(completenessNotes([], [report]).join(' ')).toMatch(/"club", "age": 2 values not understood/);
  });

  it('reports the fields no row carried (doctor shows them), not those one row of many had', () => {
    const { report } = read(S.ScoutingResponse, {
      data: [
        { player_id: 'p1', club: 'X', age: null },
        { player_id: 'p2', age: 24 },
        { player_id: 'p3', minutes: null },
      ],
    });
    expect(report.missing).toContain('player.minutes');
    expect(report.missing).toContain('player.service_id');
    expect(report.missing).not.toContain('player.club');
    expect(report.missing).not.toContain('player.age');
    expect(report.missing).not.toContain('player.player_id');
    expect(report.missing).toEqual([...report.missing].sort());
  });

  it('refuses an answer with no readable row, naming the route and the field', () => {
    try {
      read(S.RankingsResponse, { data: [{ name: 'A' }] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BadResponseError);
      expect((error as BadResponseError).route).toBe('GET /v1/test');
      expect((error as BadResponseError).detail).toContain('entry.score');
    }
  });

  it('refuses a record with no identity', () => {
    expect(() => read(S.PlayerRecordResponse, { data: { minutes: 3 } })).toThrow(
      /player_id\|service_id\|name/,
    );
  });
});

describe('aliases are data', () => {
  it('a user alias reads a field the defaults do not know, for the client given it only', () => {
    const raw = { data: [{ annee_sportive: '25-26', player_id: 'p1' }] };
    // Without it the season is unread (the row kept: the spec does not name a history row's season).
    expect(unreadWhy(read(S.HistoryResponse, raw).value.data[0], 'season')).toBe('name');
    const own = aliasSet({ season: ['annee_sportive'] });
    expect(readAnswer(S.HistoryResponse, raw, 'GET /v1/test', own).value.data[0]?.season).toBe('25-26');
    // In any casing, and only for the client that was given it.
    const camel = { data: [{ AnneeSportive: '25-26', player_id: 'p1' }] };
    expect(readAnswer(S.HistoryResponse, camel, 'GET /v1/test', own).value.data[0]?.season).toBe('25-26');
    expect(read(S.HistoryResponse, raw).value.data[0]?.season).toBeUndefined();
  });
});

describe('enums', () => {
  const expected = [
    { key: 'faux_9', deprecatedKeys: [], family: 'forwards' },
    { key: 'renard_des_surfaces', deprecatedKeys: ['buteur'], family: 'forwards' },
  ];
  it('reads roles as a list, a map, or grouped by family, with deprecated_key wherever it sits', () => {
    const shapes = [
      {
        roles: [
          { key: 'faux_9', family: 'forwards' },
          { key: 'renard_des_surfaces', family: 'forwards', deprecated_key: 'buteur' },
        ],
      },
      {
        data: {
          roles: {
            faux_9: { famille: 'forwards' },
            renard_des_surfaces: { famille: 'forwards', ancienne_cle: 'buteur' },
          },
        },
      },
      { roles: { forwards: [{ key: 'faux_9' }, { key: 'renard_des_surfaces', deprecated_key: 'buteur' }] } },
      { roles: { forwards: { faux_9: {}, renard_des_surfaces: { deprecated_key: 'buteur' } } } },
      { roles: { forwards: ['faux_9', 'renard_des_surfaces'] }, renamed: { buteur: 'renard_des_surfaces' } },
    ];
    for (const body of shapes) expect(parseEnumRoles(body)).toEqual(expected);
  });
});

describe('an alias is read once', () => {
  it('does not show a field read through its alias again as an unknown number', () => {
    const { value } = read(S.CompareResponse, {
      data: [{ player_id: 'p1', minutes_jouees: 900, statistiques: { xg: 0.1 } }],
    });
    expect(value.data[0].minutes).toBe(900);
    expect(value.data[0].statistics).toEqual({ xg: 0.1 });
  });
});

describe('one reading per route', () => {
  it('rankings read meta.eligible for every caller (the cache keeps one reading per request)', () => {
    const row = { player_id: 'p1', name: 'A', club: 'C', age: 20, score: 70, rank: 1 };
    const read = (meta: unknown) => readAnswer(S.RankingsResponse, { data: [row], meta }, 'rankings').value;
    expect(read({ eligible: '45' }).meta).toEqual({ eligible: 45 });
    expect(read(undefined).meta).toBeUndefined();
    expect(read('unreadable').meta).toBeNull();
  });
});

describe('service_id, which every player answer carries', () => {
  it('is null (not linked) only when the API sent null; absent, it is unread and said', () => {
    const { value, report } = read(S.ScoutingResponse, {
      data: [
        { player_id: 'p1', service_id: null },
        { player_id: 'p2', service_id: 'ds_aaaaaaaaaaaaaaaa' },
        { player_id: 'p3' },
      ],
    });
    expect(value.data.map((r: { service_id?: string | null }) => r.service_id)).toEqual([
      null,
      'ds_aaaaaaaaaaaaaaaa',
      undefined,
    ]);
    expect(completenessNotes([], [report]).join(' ')).toContain('"service_id"');
  });
});

describe('resource objects with values in their own meta', () => {
  it('reads a ranking entry whose score and rank sit in its meta, dropping no row', () => {
    const data = Array.from({ length: 5 }, (_, i) => ({
      type: 'ranking-entry',
      id: `re_${i}`,
      attributes: { name: `P${i}`, club: 'C', age: 20, service_id: null },
      meta: { rank: i + 1, score: 90 - i },
    }));
    const { value, report } = read(S.RankingsResponse, { data });
    expect(value.data.map((r: { rank: number; score: number }) => [r.rank, r.score])).toEqual(
      data.map((d) => [d.meta.rank, d.meta.score]),
    );
    expect(report.dropped).toEqual([]);
  });
});

describe('field names in other languages', () => {
  it('reads German names as ours: plan, club, coach, age, city, strengths', () => {
    const profile = read(S.ProfileResponse, {
      data: { Tarif: 'Pro Ligue', Tageslimit: 10000, Ligen: ['Ligue 1'] },
    });
    expect(profile.value.data).toMatchObject({ plan: 'Pro Ligue', daily_limit: 10000, leagues: ['Ligue 1'] });
    const team = read(S.TeamResponse, {
      data: { team_id: 't1', name: 'RC Lens', Stadt: 'Lens', Land: 'France', Trainer: { name: 'W. Coach' } },
    });
    expect(team.value.data).toMatchObject({ city: 'Lens', country: 'France', coach: { name: 'W. Coach' } });
    const players = read(S.ScoutingResponse, {
      data: [{ spieler_id: 'p1', service_id: null, Verein: 'RC Lens', Alter: 21 }],
    });
    expect(players.value.data[0]).toMatchObject({ player_id: 'p1', club: 'RC Lens', age: 21 });
    const strengths = read(S.PlayerStrengthsResponse, {
      data: { staerken: [{ Bezeichnung: 'Goals (per 90)', value: 0.8, percentile: 99 }], schwaechen: [] },
    });
    expect(strengths.value.data.strengths).toEqual([
      expect.objectContaining({ statistic: 'Goals (per 90)', value: 0.8, percentile: 99 }),
    ]);
  });
});
