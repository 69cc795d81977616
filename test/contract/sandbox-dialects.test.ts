// The sandbox's dialects: other faithful readings of the spec, the same data in other shapes. Each
// answers the usual routes with 200, in its own shape, with the values the standard sandbox gives;
// `standard` is byte for byte the sandbox without a dialect. The dialects of the wire (a throttle, a
// compressor, a gateway: same shapes, other ways of travelling) have their own test, sandbox-wire.test.ts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { fold } from '../../src/lib/fold.js';
import { dialectOf } from '../../src/sandbox/dialects/index.js';
import {
  type DialectName,
  type RunningSandbox,
  SANDBOX_DIALECTS,
  startSandbox,
} from '../../src/sandbox/server.js';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
type Body = any;
type Json = Record<string, unknown>;
interface Answer {
  status: number;
  text: string;
  body: Body;
  headers: Headers;
}

async function call(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(sandbox.url + path, {
    method,
    headers: {
      'X-API-Key': sandbox.demoKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text), headers: res.headers };
}

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every key of every object in `value`; `query` echoes are the client's words, left out. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      if (k !== 'query') keysOf(v, out);
    }
  }
  return out;
}

/** What the numeric dialect does to an id, undone: the number back to its `p`/`t`/`c` form. */
const ID_FORMS: Record<string, [string, number]> = {
  player_id: ['p', 10],
  team_id: ['t', 7],
  coach_id: ['c', 7],
};
const LEVEL_NAMES: Record<number, string> = { 1: 'top', 2: 'second', 3: 'third', 4: 'fourth' };

function decoded(key: string, value: unknown): unknown {
  const form = ID_FORMS[key];
  if (form && typeof value === 'number') return form[0] + value.toString(36).padStart(form[1], '0');
  if ((key === 'level' || key === 'league_level') && typeof value === 'number') return LEVEL_NAMES[value];
  return value;
}

/** The scalar values of an answer as a multiset of strings (numbers written as JSON writes them). */
function values(value: unknown, key = '', out = new Map<string, number>()): Map<string, number> {
  if (Array.isArray(value)) for (const v of value) values(v, key, out);
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) values(v, k, out);
  else if (value !== null) {
    const text = String(decoded(key, value));
    out.set(text, (out.get(text) ?? 0) + 1);
  }
  return out;
}

/** Values of `small` missing from `large` (as often as they occur). */
function missing(small: Map<string, number>, large: Map<string, number>): string[] {
  return [...small].filter(([v, n]) => (large.get(v) ?? 0) < n).map(([v]) => v);
}

/** The rows of a list answer: `data`, or the one array inside `data` (bare). */
function rowsOf(body: Body): unknown[] {
  if (Array.isArray(body.data)) return body.data;
  const arrays = isRecord(body.data) ? Object.values(body.data).filter(Array.isArray) : [];
  return (arrays[0] as unknown[] | undefined) ?? [];
}

/** `PlayerId`, `fullName` → `player_id`, `full_name`. */
const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * A row can be told apart: a name or an id (in any casing), at its top level, in a nested player or in
 * its attributes; or it is a resource object (its own type and id); or it is a name.
 */
function hasIdentity(row: unknown): boolean {
  if (typeof row === 'string') return row.length > 0;
  if (!isRecord(row)) return false;
  if (typeof row.type === 'string' && typeof row.id === 'string') return true;
  const ids = [
    'player_id',
    'service_id',
    'name',
    'full_name',
    'nom',
    'team_id',
    'coach_id',
    'key',
    'role',
    'query',
  ];
  return [row, row.player, row.attributes].some(
    (r) =>
      isRecord(r) &&
      Object.entries(r).some(([k, v]) => ids.includes(snake(k)) && v !== null && v !== undefined),
  );
}

/** Dialects of the wire, not of the shape: their answers are checked in sandbox-wire.test.ts. */
const WIRE: readonly DialectName[] = ['throttled', 'compressed', 'gateway', 'slashed', 'maintenance'];
const SHAPES = SANDBOX_DIALECTS.filter((d) => !WIRE.includes(d));

let reference: RunningSandbox;
const sandboxes = new Map<DialectName, RunningSandbox>();
const sb = (name: DialectName) => sandboxes.get(name) as RunningSandbox;

interface Ids {
  player: string;
  service: string;
  other: string;
  club: string;
  otherClub: string;
  team: string;
  coach: string;
  name: string;
}
let ids: Ids;

/** The requests every dialect answers, by label, with the standard ids. */
function requests(): Record<string, [method: string, path: string, body?: unknown]> {
  return {
    rankings: ['GET', '/v1/rankings?role=renard_des_surfaces&league=Ligue%201&limit=5'],
    statisticRankings: ['GET', '/v1/rankings/statistics?statistic=goals&league=Ligue%201&limit=5'],
    scouting: [
      'POST',
      '/v1/scouting',
      { roles: ['faux_9', 'renard_des_surfaces'], league: 'Ligue 1', limit: 5 },
    ],
    resolveBatch: [
      'POST',
      '/v1/players/resolve-batch',
      {
        players: [
          { player_id: ids.player },
          { name: ids.name, club: ids.club },
          { name: 'Zzyzx Nobody', club: ids.club },
        ],
      },
    ],
    history: ['GET', `/v1/players/${ids.player}/history`],
    compare: ['POST', '/v1/compare', { player_ids: [ids.player, ids.other] }],
    fitScore: ['POST', '/v1/fit-score', { player_ids: [ids.player] }],
    fitScoreClub: ['POST', '/v1/fit-score', { player_ids: [ids.player], club: ids.otherClub }],
    player: ['GET', `/v1/players/${ids.player}`],
    statistics: ['GET', `/v1/players/${ids.player}/statistics`],
    roles: ['GET', `/v1/players/${ids.player}/roles`],
    marketValue: ['GET', `/v1/players/${ids.player}/market-value`],
    leagues: ['GET', '/v1/leagues?region=Europe&level=top'],
    enums: ['GET', '/v1/enums'],
    teams: ['GET', '/v1/teams?league=Ligue%201&limit=5'],
    team: ['GET', `/v1/teams/${ids.team}`],
    coach: ['GET', `/v1/coaches/${ids.coach}`],
    glossary: ['GET', '/v1/glossary?kind=index'],
  };
}

/** label → answer, per dialect (and for the sandbox started without a dialect). */
const answers = new Map<string, Record<string, Answer>>();
const of = (dialect: DialectName | 'reference') => answers.get(dialect) as Record<string, Answer>;
const answerOf = (dialect: DialectName | 'reference', label: string) => of(dialect)[label] as Answer;
const bodyOf = (dialect: DialectName | 'reference', label: string): Body => answerOf(dialect, label).body;

async function answerAll(sandbox: RunningSandbox): Promise<Record<string, Answer>> {
  const out: Record<string, Answer> = {};
  for (const [label, [method, path, body]] of Object.entries(requests())) {
    out[label] = await call(sandbox, method, path, body);
  }
  return out;
}

beforeAll(async () => {
  const [first, ...started] = await Promise.all([
    startSandbox({ port: 0 }),
    ...SHAPES.map((dialect) => startSandbox({ port: 0, dialect })),
  ]);
  reference = first as RunningSandbox;
  for (const [i, d] of SHAPES.entries()) sandboxes.set(d, started[i] as RunningSandbox);

  const ranked = (
    await call(reference, 'GET', '/v1/rankings?role=renard_des_surfaces&league=Ligue%201&limit=5')
  ).body.data;
  const linked = ranked.filter((e: Json) => e.service_id !== null);
  const teams = (await call(reference, 'GET', '/v1/teams?league=Ligue%201&limit=5')).body.data;
  ids = {
    player: linked[0].player_id,
    service: linked[0].service_id,
    other: linked[1].player_id,
    club: linked[0].club,
    name: linked[0].name,
    otherClub: teams[0].name,
    team: teams[0].team_id,
    coach: teams[0].coach.coach_id,
  };
  const all = await Promise.all([reference, ...started].map(answerAll));
  answers.set('reference', all[0] as Record<string, Answer>);
  for (const [i, d] of SHAPES.entries()) answers.set(d, all[i + 1] as Record<string, Answer>);
});

afterAll(async () => {
  await Promise.all([reference, ...sandboxes.values()].map((s) => s.close()));
});

describe('every dialect', () => {
  it('lists each dialect of src/sandbox/dialects once, standard first, each under its own name', () => {
    // A dialect left out of the list would go untested here and in every test that walks the list.
    const files = readdirSync(join(import.meta.dirname, '..', '..', 'src', 'sandbox', 'dialects'))
      .filter((f) => f.endsWith('.ts') && f !== 'dialect.ts' && f !== 'index.ts')
      .map((f) => f.slice(0, -'.ts'.length));
    expect([...SANDBOX_DIALECTS].sort()).toEqual(files.sort());
    expect(SANDBOX_DIALECTS[0]).toBe('standard');
    for (const d of SANDBOX_DIALECTS) expect(dialectOf(d).name).toBe(d);
    for (const d of SHAPES) expect(sb(d).dialect).toBe(d);
  });

  it('refuses an unknown dialect name at start', async () => {
    await expect(startSandbox({ port: 0, dialect: 'klingon' as DialectName })).rejects.toThrow(
      /unknown sandbox dialect/,
    );
  });

  it.each(SHAPES)('%s answers 200 to every request, each row with an identity', (dialect) => {
    for (const [label, answer] of Object.entries(of(dialect))) {
      expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit'), label).toBe('2500');
      for (const row of rowsOf(answer.body))
        expect(hasIdentity(row), `${label}: ${JSON.stringify(row)}`).toBe(true);
    }
  });

  it.each(
    SHAPES.filter(
      (d) =>
        ![
          'minimal',
          'nested',
          'unordered',
          'unit-scale',
          'unicode',
          'paged',
          'resource',
          'linked',
          'offset',
          'display',
        ].includes(d),
    ),
  )('%s gives every value of the standard answers', (dialect) => {
    for (const [label, answer] of Object.entries(of(dialect))) {
      const lost = missing(values(bodyOf('standard', label)), values(answer.body));
      expect(lost, label).toEqual([]);
    }
  });

  it('nested gives every value of the standard answers (the enums family is its group name)', () => {
    for (const [label, answer] of Object.entries(of('nested'))) {
      if (label === 'enums') continue;
      expect(missing(values(bodyOf('standard', label)), values(answer.body)), label).toEqual([]);
    }
  });

  it('resource gives every value of the standard answers (a player or club in `included` once)', () => {
    for (const [label, answer] of Object.entries(of('resource'))) {
      const given = values(answer.body);
      const lost = [...values(bodyOf('standard', label)).keys()].filter((v) => !given.has(v));
      expect(lost, label).toEqual([]);
    }
  });

  it('minimal gives only values of the standard answers', () => {
    for (const [label, answer] of Object.entries(of('minimal'))) {
      expect(missing(values(answer.body), values(bodyOf('standard', label))), label).toEqual([]);
    }
  });

  it('errors keep their shape in every dialect', async () => {
    for (const d of SHAPES) {
      const res = await call(sb(d), 'GET', '/v1/players/p00000000000');
      expect(res.status).toBe(404);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});

describe('standard', () => {
  it('answers byte for byte like the sandbox without a dialect', () => {
    for (const [label, answer] of Object.entries(of('standard'))) {
      expect(answer.text, label).toBe(answerOf('reference', label).text);
    }
  });
});

describe('french', () => {
  const ENGLISH = [
    'season',
    'team',
    'league',
    'position',
    'country',
    'market_value_eur',
    'status',
    'nationality',
    'minutes',
    'statistics',
    'family',
    'similarity',
    'performance_index',
    'primary_role',
    'birth_date',
    'coach',
  ];

  it('has no English field name the spec leaves open, anywhere', () => {
    for (const [label, answer] of Object.entries(of('french'))) {
      const keys = keysOf(answer.body);
      expect(
        keys.filter((k) => ENGLISH.includes(k)),
        label,
      ).toEqual([]);
      if (!label.toLowerCase().includes('rankings')) {
        expect(
          keys.filter((k) => k === 'name' || k === 'club'),
          label,
        ).toEqual([]);
      }
    }
  });

  it('history rows carry saison, equipe, ligue and minutes_jouees; the spec names stay', () => {
    const { body } = answerOf('french', 'history');
    const standard = bodyOf('standard', 'history');
    expect(body.nom).toBe(standard.name);
    expect(body.service_id).toBe(ids.service);
    body.data.forEach((row: Json, i: number) => {
      expect(row).not.toHaveProperty('season');
      expect(row).toMatchObject({
        saison: standard.data[i].season,
        player_id: standard.data[i].player_id,
        equipe: standard.data[i].club,
        ligue: standard.data[i].league,
        minutes_jouees: standard.data[i].minutes,
      });
    });
  });

  it('ranking entries keep rank, name, club, age and score; the rest is French', () => {
    const entry = bodyOf('french', 'rankings').data[0];
    const standard = bodyOf('standard', 'rankings').data[0];
    expect(entry).toMatchObject({
      rank: 1,
      name: standard.name,
      club: standard.club,
      age: standard.age,
      score: standard.score,
      ligue: 'Ligue 1',
      saison: standard.season,
      poste: standard.position,
      role: 'renard_des_surfaces',
    });
  });

  it('a record and its statistics: French fields, statistic names as they are', () => {
    const record = bodyOf('french', 'player').data;
    expect(record).toMatchObject({ nom: ids.name, equipe: ids.club, date_naissance: expect.any(String) });
    const stats = bodyOf('french', 'statistics').data;
    expect(stats.statistiques).toEqual(bodyOf('standard', 'statistics').data.statistics);
    expect(bodyOf('french', 'resolveBatch').data.map((r: Json) => r.statut)).toEqual([
      'resolved',
      'resolved',
      'not_found',
    ]);
    expect(bodyOf('french', 'enums').roles[0]).toHaveProperty('famille');
    expect(bodyOf('french', 'leagues').data[0]).toHaveProperty('nom');
  });
});

describe('nested', () => {
  it('club and league are {id, name}, the club id being the team_id', () => {
    const entry = bodyOf('nested', 'rankings').data[0];
    const standard = bodyOf('standard', 'rankings').data[0];
    expect(entry.club).toEqual({ id: standard.team_id, name: standard.club });
    expect(entry.league).toEqual({ id: expect.any(String), name: 'Ligue 1' });
    expect(entry).not.toHaveProperty('team_id');
    expect(bodyOf('nested', 'leagues').data[0].country).toEqual({
      id: expect.any(String),
      name: expect.any(String),
    });
    const team = bodyOf('nested', 'teams').data[0];
    expect(team.team_id).toBe(ids.team);
    expect(team.league.name).toBe('Ligue 1');
  });

  it('compare, fit-score and resolve-batch rows carry a nested player', () => {
    for (const label of ['compare', 'fitScore', 'fitScoreClub', 'resolveBatch']) {
      const row = bodyOf('nested', label).data[0];
      expect(row, label).not.toHaveProperty('player_id');
      expect(row.player, label).toEqual({
        player_id: ids.player,
        service_id: ids.service,
        name: ids.name,
        club: { id: expect.any(String), name: ids.club },
      });
    }
    expect(bodyOf('nested', 'resolveBatch').data[2].player).toBeNull();
  });

  it('statistics grouped by family, each statistic once', () => {
    const grouped = bodyOf('nested', 'statistics').data.statistics;
    const flat = bodyOf('standard', 'statistics').data.statistics;
    expect(Object.keys(grouped)).toContain('attacking');
    expect(grouped.attacking.goals).toBe(flat.goals);
    expect(Object.assign({}, ...Object.values(grouped))).toEqual(flat);
    const keys = Object.values(grouped).flatMap((g) => Object.keys(g as Json));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('enums roles grouped by position family', () => {
    const roles = bodyOf('nested', 'enums').roles;
    expect(Object.keys(roles)).toContain('goalkeepers');
    const all = Object.values(roles).flat() as Json[];
    expect(all.map((r) => r.key).sort()).toEqual([...ROLE_KEYS].sort());
    expect(all.filter((r) => r.deprecated_key)).toHaveLength(6);
    expect(all[0]).toHaveProperty('label');
  });

  it('a league id is accepted back as a filter', async () => {
    const leagueId = bodyOf('nested', 'rankings').data[0].league.id;
    const res = await call(
      sb('nested'),
      'GET',
      `/v1/rankings?role=renard_des_surfaces&league=${leagueId}&limit=5`,
    );
    expect(res.text).toBe(answerOf('nested', 'rankings').text);
  });
});

describe('numeric', () => {
  it('player, team and coach ids are numbers; service_id stays ds_; other numbers are strings', () => {
    for (const [label, answer] of Object.entries(of('numeric'))) {
      const walk = (value: unknown, key: string): void => {
        if (Array.isArray(value)) for (const v of value) walk(v, key);
        else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, k);
        else if (key in ID_FORMS && value !== null && key !== '') {
          expect(typeof value, `${label}.${key}`).toBe('number');
          expect(Number.isSafeInteger(value), `${label}.${key}`).toBe(true);
        } else if (key === 'service_id' && value !== null) expect(String(value)).toMatch(/^ds_/);
        else if (typeof value === 'number')
          expect(key, `${label}: ${key}=${value}`).toMatch(/^(level|league_level)$/);
      };
      walk(answer.body, '');
    }
    const entry = bodyOf('numeric', 'rankings').data[0];
    expect(typeof entry.age).toBe('string');
    expect(entry.score).toBe(String(bodyOf('standard', 'rankings').data[0].score));
    expect(bodyOf('numeric', 'leagues').data[0].level).toBe(1);
  });

  it('a numeric id sent back, as a number or as digits, finds the same player, team and coach', async () => {
    const numbers = bodyOf('numeric', 'rankings').data;
    const [n1, n2] = [numbers[0].player_id as number, numbers[1].player_id as number];
    const record = await call(sb('numeric'), 'GET', `/v1/players/${n1}`);
    expect(record.body.data).toMatchObject({ player_id: n1, service_id: ids.service, name: ids.name });
    const history = await call(sb('numeric'), 'GET', `/v1/players/${n1}/history`);
    expect(history.body.service_id).toBe(ids.service);
    const compare = await call(sb('numeric'), 'POST', '/v1/compare', { player_ids: [n1, String(n2)] });
    expect(compare.status, compare.text).toBe(200);
    expect(compare.body.data.map((r: Json) => r.player_id)).toEqual([n1, n2]);
    const viaGet = await call(sb('numeric'), 'GET', `/v1/compare?player_ids=${n1},${n2}`);
    expect(viaGet.text).toBe(compare.text);
    const resolved = await call(sb('numeric'), 'POST', '/v1/players/resolve-batch', {
      players: [{ player_id: n1 }, { player_id: String(n2) }],
    });
    expect(resolved.body.data.map((r: Json) => r.status)).toEqual(['resolved', 'resolved']);
    expect(resolved.body.data[0].service_id).toBe(ids.service);
    const teamNumber = bodyOf('numeric', 'teams').data[0].team_id;
    const fit = await call(sb('numeric'), 'POST', '/v1/fit-score', { player_ids: [n1], club: teamNumber });
    expect(fit.body.data[0].fits[0].team_id).toBe(teamNumber);
    const team = await call(sb('numeric'), 'GET', `/v1/teams/${teamNumber}`);
    expect(team.body.data.name).toBe(ids.otherClub);
    const coachNumber = team.body.data.coach.coach_id;
    const coach = await call(sb('numeric'), 'GET', `/v1/coaches/${coachNumber}`);
    expect(coach.body.data.coach_id).toBe(coachNumber);
    expect(coach.body.data.team_id).toBe(teamNumber);
    const unknown = await call(sb('numeric'), 'GET', '/v1/players/123');
    expect(unknown.status).toBe(404);
  });
});

describe('minimal', () => {
  it('ranking entries: rank, name, club, age, score and service_id only', () => {
    for (const entry of bodyOf('minimal', 'rankings').data) {
      expect(Object.keys(entry)).toEqual(['rank', 'name', 'club', 'age', 'score', 'service_id']);
    }
    expect(bodyOf('minimal', 'rankings')).not.toHaveProperty('meta');
  });

  it('resolve rows have no status; compare and fit rows no name; fit rows one fit_score', () => {
    for (const row of bodyOf('minimal', 'resolveBatch').data) expect(row).not.toHaveProperty('status');
    expect(bodyOf('minimal', 'resolveBatch').data[0]).toMatchObject({
      player_id: ids.player,
      service_id: ids.service,
    });
    for (const label of ['compare', 'fitScore', 'fitScoreClub']) {
      for (const row of bodyOf('minimal', label).data) expect(row, label).not.toHaveProperty('name');
    }
    const asked = bodyOf('minimal', 'fitScoreClub').data[0];
    expect(asked).toEqual({
      player_id: ids.player,
      service_id: ids.service,
      fit_score: bodyOf('standard', 'fitScoreClub').data[0].fits[0].score,
    });
    const best = bodyOf('minimal', 'fitScore').data[0];
    const fits = bodyOf('standard', 'fitScore').data[0].fits;
    expect(best).toMatchObject({ club: fits[0].club, fit_score: fits[0].score });
  });

  it('statistics as a flat map in data; leagues as names; enums roles as a map', () => {
    const stats = bodyOf('minimal', 'statistics');
    expect(stats.data).not.toHaveProperty('statistics');
    expect(stats.data).toEqual(bodyOf('standard', 'statistics').data.statistics);
    expect(stats.service_id).toBe(ids.service);
    expect(bodyOf('minimal', 'leagues').data).toEqual(
      bodyOf('standard', 'leagues').data.map((l: Json) => l.name),
    );
    const roles = bodyOf('minimal', 'enums').roles;
    expect(Object.keys(roles).sort()).toEqual([...ROLE_KEYS].sort());
    expect(Object.values(roles).filter((r) => (r as Json).deprecated_key)).toHaveLength(6);
    expect(bodyOf('minimal', 'player').data).toEqual({ player_id: ids.player, service_id: ids.service });
  });
});

describe('bare', () => {
  it('records come without data; lists as one named array inside data', () => {
    const record = bodyOf('bare', 'player');
    expect(record).not.toHaveProperty('data');
    expect(record).toMatchObject({ player_id: ids.player, service_id: ids.service, name: ids.name });
    expect(bodyOf('bare', 'team').team_id).toBe(ids.team);
    expect(bodyOf('bare', 'coach').coach_id).toBe(ids.coach);
    expect(bodyOf('bare', 'marketValue').value_eur).toBe(bodyOf('standard', 'marketValue').data.value_eur);
    expect(bodyOf('bare', 'rankings').data.entries).toEqual(bodyOf('standard', 'rankings').data);
    expect(bodyOf('bare', 'scouting').data.players).toEqual(bodyOf('standard', 'scouting').data);
    expect(bodyOf('bare', 'teams').data.teams).toEqual(bodyOf('standard', 'teams').data);
    expect(bodyOf('bare', 'leagues').data.leagues).toEqual(bodyOf('standard', 'leagues').data);
    expect(bodyOf('bare', 'rankings').meta).toEqual(bodyOf('standard', 'rankings').meta);
  });

  it('history as {service_id, data: {seasons}}; statistics as [{statistic, value}]', () => {
    const history = bodyOf('bare', 'history');
    expect(history.service_id).toBe(ids.service);
    expect(history.data.seasons).toEqual(bodyOf('standard', 'history').data);
    const stats = bodyOf('bare', 'statistics').statistics;
    const flat = bodyOf('standard', 'statistics').data.statistics;
    expect(stats).toEqual(Object.entries(flat).map(([statistic, value]) => ({ statistic, value })));
  });
});

describe('capped', () => {
  it('refuses a limit above 50 with the usual 400, in the query or the body, and takes 50', async () => {
    const over = await call(sb('capped'), 'GET', '/v1/rankings?role=faux_9&league=Ligue%201&limit=51');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      error: { status: 400, code: 'bad_request', message: 'limit must be at most 50', parameter: 'limit' },
    });
    expect(over.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const body = await call(sb('capped'), 'POST', '/v1/scouting', {
      roles: ['faux_9'],
      league: 'Ligue 1',
      limit: 51,
    });
    expect(body.status).toBe(400);
    expect(body.body.error.parameter).toBe('limit');
    const ok = await call(sb('capped'), 'GET', '/v1/rankings?role=faux_9&league=Ligue%201&limit=50');
    expect(ok.status).toBe(200);
    expect(ok.body.data.length).toBeGreaterThan(0);
  });
});

describe('paged', () => {
  /** Every row of a GET list, following links.next from `path`; the pages' sizes. */
  async function follow(path: string): Promise<{ rows: Json[]; sizes: number[]; last: Body }> {
    const rows: Json[] = [];
    const sizes: number[] = [];
    let next: string | null = path;
    let last: Body;
    while (next) {
      const answer = await call(sb('paged'), 'GET', next);
      expect(answer.status, answer.text.slice(0, 200)).toBe(200);
      last = answer.body;
      rows.push(...answer.body.data);
      sizes.push(answer.body.data.length);
      expect(answer.body.meta.next_cursor === null).toBe(answer.body.links.next === null);
      next = answer.body.links.next;
    }
    return { rows, sizes, last };
  }

  it('gives a GET list in pages of at most 25 rows, whatever limit asked, that together are the standard list', async () => {
    const path = '/v1/rankings?role=faux_9&league=Ligue%201&limit=60';
    const standard = (await call(sb('standard'), 'GET', path)).body;
    const { rows, sizes, last } = await follow(path);
    expect(sizes).toEqual([25, 25, 10]);
    expect(rows).toEqual(standard.data);
    // The clamp is silent: nothing in the answer says 60 were asked and 25 given.
    expect(last.meta.limit).toBeUndefined();
    const leagues = await follow('/v1/leagues');
    expect(leagues.rows).toEqual((await call(sb('standard'), 'GET', '/v1/leagues')).body.data);
  });

  it('takes the cursor of a POST list in its JSON body, and gives no link there', async () => {
    const body = { roles: ['mezzala'], league: 'Serie A', limit: 40 };
    const standard = (await call(sb('standard'), 'POST', '/v1/scouting', body)).body.data;
    const first = (await call(sb('paged'), 'POST', '/v1/scouting', body)).body;
    expect(first.links).toBeUndefined();
    expect(first.data).toHaveLength(25);
    const second = (
      await call(sb('paged'), 'POST', '/v1/scouting', { ...body, cursor: first.meta.next_cursor })
    ).body;
    expect([...first.data, ...second.data]).toEqual(standard);
    expect(second.meta.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not give with the usual 400', async () => {
    const answer = await call(sb('paged'), 'GET', '/v1/leagues?cursor=forged');
    expect(answer.status).toBe(400);
    expect(answer.body.error.parameter).toBe('cursor');
  });
});

describe('unordered', () => {
  it('answers every route but resolve-batch byte for byte as standard', () => {
    for (const [label, answer] of Object.entries(of('unordered'))) {
      if (label !== 'resolveBatch') expect(answer.text, label).toBe(answerOf('standard', label).text);
    }
  });

  it('gives the resolve-batch rows sorted by service_id, unlinked rows last, none for a player not found', async () => {
    const ranked = (
      await call(sb('standard'), 'GET', '/v1/rankings?role=renard_des_surfaces&league=Ligue%201&limit=30')
    ).body.data as Json[];
    const linked = ranked.filter((e) => e.service_id !== null).slice(0, 3);
    const unlinked = ranked.filter((e) => e.service_id === null).slice(0, 1);
    expect([linked.length, unlinked.length]).toEqual([3, 1]);
    const bySid = linked.toSorted((a, b) => String(a.service_id).localeCompare(String(b.service_id)));
    // Asked unlinked first, then the persons in the reverse of their service_id order, then nobody.
    const asked = [...unlinked, ...bySid.toReversed()].map((e) => ({ player_id: e.player_id }));
    const body = { players: [...asked, { player_id: 'p00000000000' }] };
    const standard = (await call(sb('standard'), 'POST', '/v1/players/resolve-batch', body)).body
      .data as Json[];
    const answer = await call(sb('unordered'), 'POST', '/v1/players/resolve-batch', body);
    expect(answer.status).toBe(200);
    expect(standard.at(-1)?.status).toBe('not_found');
    expect(answer.body.data).toEqual([
      ...standard.slice(unlinked.length, -1).toReversed(),
      ...standard.slice(0, unlinked.length),
    ]);
    expect(answer.body.data.map((r: Json) => r.service_id)).toEqual([
      ...bySid.map((e) => e.service_id),
      ...unlinked.map(() => null),
    ]);
  });
});

/** Calls `leaf(key, standard, got)` on every scalar of two answers of one shape; false where the shapes part. */
function sameShape(
  want: unknown,
  got: unknown,
  leaf: (key: string, want: unknown, got: unknown) => void,
  key = '',
): boolean {
  if (Array.isArray(want)) {
    return (
      Array.isArray(got) &&
      want.length === got.length &&
      want.every((w, i) => sameShape(w, got[i], leaf, key))
    );
  }
  if (isRecord(want)) {
    if (!isRecord(got)) return false;
    const keys = Object.keys(want);
    if (keys.join() !== Object.keys(got).join()) return false;
    return keys.every((k) => sameShape(want[k], got[k], leaf, k));
  }
  leaf(key, want, got);
  return true;
}

describe('unit-scale', () => {
  const SCALED = new Set([
    'score',
    'performance_index',
    'projected_score',
    'current_score',
    'delta',
    'rating',
  ]);

  it('gives every score / 100 with 3 decimals, every other value as standard', () => {
    let scaled = 0;
    for (const [label, answer] of Object.entries(of('unit-scale'))) {
      const wrong: string[] = [];
      const shape = sameShape(bodyOf('standard', label), answer.body, (key, want, got) => {
        if (SCALED.has(key) && typeof want === 'number' && label !== 'statisticRankings') {
          scaled++;
          if (got !== Number((want / 100).toFixed(3)) || Math.abs(got) > 1)
            wrong.push(`${key} ${want} → ${got}`);
        } else if (got !== want) wrong.push(`${key} ${String(want)} → ${String(got)}`);
      });
      expect(shape, label).toBe(true);
      expect(wrong, label).toEqual([]);
    }
    expect(scaled).toBeGreaterThan(20);
  });
});

describe('unicode', () => {
  it('spells player names otherwise, folding back to the standard name; every other value as standard', () => {
    const respelt: string[] = [];
    for (const [label, answer] of Object.entries(of('unicode'))) {
      if (label === 'resolveBatch') continue;
      const wrong: string[] = [];
      const shape = sameShape(bodyOf('standard', label), answer.body, (key, want, got) => {
        if (key === 'name' && typeof want === 'string' && typeof got === 'string' && got !== want) {
          if (fold(got) === fold(want) && !/^[ -~]*$/.test(got)) respelt.push(got);
          else wrong.push(`${want} → ${got}`);
        } else if (got !== want) wrong.push(`${key} ${String(want)} → ${String(got)}`);
      });
      expect(shape, label).toBe(true);
      expect(wrong, label).toEqual([]);
    }
    expect(
      respelt.some((n) => /[øßæœþłđı]/.test(n)),
      respelt.join(', '),
    ).toBe(true);
  });

  it('resolve-batch rows echo no query; the player not found has no row', () => {
    const standard = rowsOf(bodyOf('standard', 'resolveBatch')) as Json[];
    const rows = rowsOf(bodyOf('unicode', 'resolveBatch')) as Json[];
    expect(standard.map((r) => r.status)).toEqual(['resolved', 'resolved', 'not_found']);
    expect(rows.map((r) => ('query' in r ? 'echo' : r.service_id))).toEqual(
      standard.slice(0, 2).map((r) => r.service_id),
    );
    rows.forEach((row, i) => {
      expect(fold(String(row.name))).toBe(fold(String(standard[i]?.name)));
    });
  });
});

describe('camel', () => {
  it('has no snake_case field name but the spec’s `data` and the data-keyed maps', () => {
    for (const [label, answer] of Object.entries(of('camel'))) {
      const body = answer.body as Json;
      const keys = keysOf({ ...body, data: undefined }).concat(
        Array.isArray(body.data) || isRecord(body.data) ? keysOf(body.data) : [],
      );
      const statistics = new Set(Object.keys(bodyOf('standard', 'statistics').data.statistics));
      const style = new Set(Object.keys(bodyOf('standard', 'team').data.style ?? {}));
      const snakes = keys.filter((k) => k.includes('_') && !statistics.has(k) && !style.has(k));
      expect(snakes, label).toEqual([]);
    }
  });

  it('ranking entries in PascalCase, a player row’s name as fullName, a club as ClubName, a fit’s score as fitScore', () => {
    const entry = bodyOf('camel', 'rankings').data[0];
    const standard = bodyOf('standard', 'rankings').data[0];
    expect(entry).toMatchObject({
      Rank: 1,
      FullName: standard.name,
      ClubName: standard.club,
      Age: standard.age,
      Score: standard.score,
      PlayerId: standard.player_id,
      ServiceId: standard.service_id,
    });
    const player = bodyOf('camel', 'player').data;
    expect(player).toMatchObject({ playerId: ids.player, fullName: ids.name, ClubName: ids.club });
    expect(player.marketValueEur).toBe(bodyOf('standard', 'player').data.market_value_eur);
    const fit = bodyOf('camel', 'fitScoreClub').data[0].fits[0];
    expect(fit.fitScore).toBe(bodyOf('standard', 'fitScoreClub').data[0].fits[0].score);
  });
});

describe('resource', () => {
  it('ranking entries: ids of their own, the player and club behind relationships, in included', () => {
    const body = bodyOf('resource', 'rankings');
    const standard = bodyOf('standard', 'rankings').data;
    body.data.forEach((entry: Json, i: number) => {
      expect(entry.type).toBe('ranking-entry');
      expect(entry.id).not.toBe(standard[i].player_id);
      const player = (entry.relationships as Body).player.data;
      expect(player).toEqual({ type: 'player', id: standard[i].player_id });
      const included = body.included.find((o: Json) => o.type === 'player' && o.id === player.id);
      expect(included.attributes).toMatchObject({
        name: standard[i].name,
        service_id: standard[i].service_id,
      });
      const club = (entry.relationships as Body).club.data;
      expect(body.included.find((o: Json) => o.type === 'team' && o.id === club.id).attributes.name).toBe(
        standard[i].club,
      );
    });
  });

  it('player rows and records: type player, the player_id as id; a not-found resolution links no player', () => {
    for (const row of bodyOf('resource', 'compare').data) expect(row.type).toBe('player');
    expect(bodyOf('resource', 'player').data).toMatchObject({ type: 'player', id: ids.player });
    expect(bodyOf('resource', 'player').data.attributes).not.toHaveProperty('player_id');
    const resolved = bodyOf('resource', 'resolveBatch').data;
    expect(resolved[2].relationships.player).toEqual({ data: null });
    expect(resolved[2].attributes.status).toBe('not_found');
  });
});
