// Every value with a canonical form is shown in it, the API's own form beside it when they differ: season
// labels in any of the usual spellings, a league by its code, id, short name or in another casing (named by
// the leagues list's name only once that list is cached: no request is added for it), a role by a former
// key (current key by the cached enums), a statistic by its label (the glossary's key). The spellings are
// drawn from the run's seed (printed), one convention per API for seasons, one per row for leagues.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../src/facts/role-catalog.js';
import { createLogger } from '../../src/log.js';
import { canonicalNote, type Shown } from '../../src/mcp/canonical-forms.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { untabulate } from '../../src/mcp/tabular.js';
import type { ToolDefinition } from '../../src/mcp/tool.js';
import comparePlayers from '../../tools/compare-players.js';
import getPlayer from '../../tools/get-player.js';
import listLeagues from '../../tools/list-leagues.js';
import listRoles from '../../tools/list-roles.js';
import searchPlayers from '../../tools/search-players.js';
import { textOf } from '../support/mcp.js';
import { generator, SAMPLE_SEED } from '../support/sample.js';
import { clientFor, JSON_HEADERS, KEY, mockUpstream, type Upstream } from './helpers.js';

const LEAGUES = [
  { id: 'lg-39', code: 'EPL', short_name: 'Prem', name: 'Premier League', country: 'England' },
  { id: 'lg-61', code: 'FL1', short_name: 'L1', name: 'Ligue 1', country: 'France' },
  { id: 'lg-78', code: 'BL1', short_name: 'Buli', name: 'Bundesliga', country: 'Germany' },
];
type LeagueEntry = (typeof LEAGUES)[number];

/** Every way an API may write 2025-26, and each way a league may be named besides its list name. */
const SEASON_SPELLINGS = ['25-26', '2025-26', '2025/26', '2025-2026', '2025/2026', 'Saison 2025/26'];
const LEAGUE_SPELLINGS: ((l: LeagueEntry) => string)[] = [
  (l) => l.name,
  (l) => l.code,
  (l) => l.id,
  (l) => l.short_name,
  (l) => l.name.toUpperCase(),
];
const CASES = 12;

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

function context(api = clientFor(upstream)): ToolContext {
  return {
    api,
    roles: undefined as unknown as RoleCatalog,
    logger: createLogger('silent', [KEY]),
    signal: new AbortController().signal,
    progress: () => undefined,
  };
}

async function run(tool: ToolDefinition, args: Record<string, unknown>, ctx: ToolContext) {
  const result: CallToolResult = await tool.handle(args, ctx);
  // biome-ignore lint/suspicious/noExplicitAny: tests read structured content loosely
  return { result, text: textOf(result), body: untabulate(result.structuredContent) as any };
}

function answerWith(path: string, method: 'GET' | 'POST', data: unknown) {
  upstream.pool
    .intercept({ path: (p) => p.split('?')[0] === path, method })
    .reply(200, JSON.stringify(data), { headers: JSON_HEADERS })
    .persist();
}

const requestsTo = (path: string) => upstream.sent.filter((r) => r.path.split('?')[0] === path).length;

interface Drawn {
  season: string;
  rows: { name: string; league: LeagueEntry; written: string }[];
}

function draw(seed: string): Drawn {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const season = pick(SEASON_SPELLINGS);
  const rows = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, i) => {
    const league = pick(LEAGUES);
    return { name: `Player ${i} Mbaye`, league, written: pick(LEAGUE_SPELLINGS)(league) };
  });
  return { season, rows };
}

function serve({ season, rows }: Drawn) {
  answerWith('/v1/leagues', 'GET', { data: LEAGUES });
  answerWith('/v1/players/search', 'GET', {
    data: rows.map((r, i) => ({
      player_id: `p${i}`,
      service_id: `ds_${String(i).padStart(16, 'a')}`,
      name: r.name,
      club: `Club ${i}`,
      league: r.written,
      season,
      age: 20 + i,
      position: 'CM',
    })),
  });
}

describe('canonical forms: seasons and leagues as the API writes them', () => {
  const seeds = Array.from({ length: CASES }, (_, i) => `${SAMPLE_SEED}:canonical:${i}`);
  console.info(
    `canonical forms: ${CASES} drawn APIs, seed ${SAMPLE_SEED} (replay: FOOTBALL_TEST_SAMPLE_SEED)`,
  );

  it.each(seeds)(
    '%s: the season label and league names shown canonical, the API form beside',
    async (seed) => {
      const drawn = draw(seed);
      serve(drawn);
      const ctx = context();
      const what = `${seed}: season "${drawn.season}", leagues ${drawn.rows.map((r) => `"${r.written}"`).join(', ')}`;

      // Before the leagues list is known: a league is shown as written, with no claim and no request.
      const before = await run(searchPlayers, { query: 'Mbaye', limit: 10 }, ctx);
      expect(before.result.isError, what).toBeFalsy();
      expect(requestsTo('/v1/leagues'), what).toBe(0);
      for (const [i, row] of (before.body.data as Record<string, unknown>[]).entries()) {
        expect(row.season, what).toBe('25-26');
        expect(row.league, what).toBe(drawn.rows[i]?.written);
        expect(row.league_api ?? null, what).toBeNull();
      }

      await run(listLeagues, {}, ctx);
      const sentBefore = upstream.sent.length;
      const after = await run(searchPlayers, { query: 'Mbaye', limit: 10 }, ctx);
      expect(upstream.sent.length, `${what}: no request beyond the cached search`).toBe(sentBefore);
      const rows = after.body.data as Record<string, unknown>[];
      expect(rows.length, what).toBe(drawn.rows.length);
      for (const [i, row] of rows.entries()) {
        const asWritten = drawn.rows[i] as Drawn['rows'][number];
        expect(row.season, what).toBe('25-26');
        expect(row.season_api ?? null, what).toBe(drawn.season === '25-26' ? null : drawn.season);
        expect(row.league, what).toBe(asWritten.league.name);
        expect(row.league_api ?? null, what).toBe(
          asWritten.written === asWritten.league.name ? null : asWritten.written,
        );
      }
      // The text shows the canonical forms, and says once what the API wrote (three forms a kind, then a count).
      const changed = [
        ...new Map(drawn.rows.filter((r) => r.written !== r.league.name).map((r) => [r.written, r])).values(),
      ];
      for (const row of changed.slice(0, 3))
        expect(after.text, what).toContain(`${row.written} → ${row.league.name}`);
      if (changed.length > 3) expect(after.text, what).toContain(`and ${changed.length - 3} more`);
      if (drawn.season !== '25-26') expect(after.text, what).toContain(`${drawn.season} → 25-26`);
      if (changed.length === 0 && drawn.season === '25-26')
        expect(after.text).not.toContain('canonical form');
    },
  );
});

describe('canonical forms: former role keys and statistics by label', () => {
  it('a best role under a former key shows the current key once the enums are cached, the former beside', async () => {
    answerWith('/v1/enums', 'GET', {
      roles: [{ key: 'sentinelle_moderne', deprecated_key: 'sentinelle', family: 'midfield' }],
    });
    answerWith('/v1/glossary', 'GET', {
      data: [{ key: 'duels_won_pct', name: 'Duels won', unit: '%', kind: 'statistic' }],
    });
    const people = ['ds_aaaaaaaaaaaaaaaa', 'ds_bbbbbbbbbbbbbbbb'];
    answerWith('/v1/compare', 'POST', {
      data: people.map((service_id, i) => ({
        player_id: `p${i}`,
        service_id,
        name: `Player ${i}`,
        season: '2025/26',
        minutes: 900,
        statistics: { 'Duels won (%)': 60 + i },
        roles: [{ role: 'sentinelle', score: 70 + i }],
      })),
    });
    const ctx = context();
    await run(listRoles, {}, ctx);
    const { result, body, text } = await run(comparePlayers, { player_ids: people }, ctx);
    expect(result.isError).toBeFalsy();
    for (const row of body.data as Record<string, unknown>[]) {
      expect(row).toMatchObject({ best_role: 'sentinelle_moderne', best_role_api: 'sentinelle' });
      expect(row).toMatchObject({ season: '25-26', season_api: '2025/26' });
      expect(Object.keys(row.statistics as object)).toEqual(['duels_won_pct']);
    }
    expect(text).toContain('sentinelle → sentinelle_moderne');
  });
});

describe('canonical forms in a player record', () => {
  it("get_player shows the record's season, league, roles and statistics canonical, the API's forms beside", async () => {
    answerWith('/v1/leagues', 'GET', { data: LEAGUES });
    answerWith('/v1/enums', 'GET', {
      roles: [{ key: 'sentinelle_moderne', deprecated_key: 'sentinelle', family: 'midfield' }],
    });
    answerWith('/v1/glossary', 'GET', {
      data: [{ key: 'duels_won_pct', name: 'Duels won', unit: '%', kind: 'statistic' }],
    });
    answerWith('/v1/players/p0', 'GET', {
      data: {
        player_id: 'p0',
        service_id: 'ds_aaaaaaaaaaaaaaaa',
        name: 'Player 0',
        club: 'Club 0',
        league: 'EPL',
        season: '2025-2026',
        age: 24,
        primary_role: 'sentinelle',
      },
    });
    answerWith('/v1/players/p0/statistics', 'GET', {
      data: { minutes: 900, per: '90', values: { 'Duels won (%)': 64.2 } },
    });
    answerWith('/v1/players/p0/roles', 'GET', { data: [{ role: 'sentinelle', score: 71 }] });
    const ctx = context();
    await run(listLeagues, {}, ctx);
    await run(listRoles, {}, ctx);
    const { result, body, text } = await run(
      getPlayer,
      { player_id: 'p0', sections: ['statistics', 'roles'] },
      ctx,
    );
    expect(result.isError, text).toBeFalsy();
    expect(body.data.player).toMatchObject({
      season: '25-26',
      season_api: '2025-2026',
      league: 'Premier League',
      league_api: 'EPL',
      primary_role: 'sentinelle_moderne',
      primary_role_api: 'sentinelle',
    });
    expect(body.data.roles).toEqual([{ role: 'sentinelle_moderne', score: 71, role_api: 'sentinelle' }]);
    expect(body.data.statistics.values).toEqual({ duels_won_pct: 64.2 });
    expect(body.data.statistics.values_api).toEqual({ duels_won_pct: 'Duels won (%)' });
    expect(text).not.toMatch(/\bEPL\b.*\|/);
    expect(text).toContain('EPL → Premier League');
  });
});

describe('the canonical-forms note', () => {
  it('stays one line of at most 300 characters, however many forms and however long', () => {
    const random = generator(`${SAMPLE_SEED}:canonical-note`);
    for (let i = 0; i < 50; i++) {
      const shown: Shown = new Map();
      for (const kind of ['season', 'league', 'role', 'statistic'] as const) {
        const forms = new Map<string, string>();
        const count = Math.floor(random() * 8);
        for (let f = 0; f < count; f++)
          forms.set('x'.repeat(1 + Math.floor(random() * 90)) + f, 'y'.repeat(1 + Math.floor(random() * 60)));
        if (forms.size > 0) shown.set(kind, forms);
      }
      const note = canonicalNote(shown);
      if (shown.size === 0) expect(note).toEqual([]);
      else {
        expect(note).toHaveLength(1);
        expect(note[0]?.length, `seed ${SAMPLE_SEED}, case ${i}`).toBeLessThanOrEqual(300);
        expect(note[0]).not.toContain('\n');
      }
    }
  });
});
