import { z } from 'zod';
import { withLeagueHint } from '../src/api/league-hint.js';
import { type ScoutedPlayer, ScoutingResponse } from '../src/api/schemas.js';
import { roleWithLabel } from '../src/domain/role-labels.js';
import { LeagueName, Limit, RoleKeyArg, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { explainEmpty, scoutBounds } from './kit/empty-answer.js';
import { cut, PAGE_SIZE, readPages } from './kit/pages.js';
import { PlayerOut, toPlayerOut } from './kit/shapes.js';
import { euros, table } from './kit/text.js';

const MAX = PAGE_SIZE.scouting;

const Scouted = PlayerOut.extend({
  minutes: z.number().nullable(),
  role: z.string().nullable().describe('Best-matching requested role.'),
  score: z.number().nullable(),
  market_value_eur: z.number().nullable(),
});

export default defineTool({
  name: 'scout_players',
  title: 'Scout players (multi-criteria)',
  toolset: 'players',
  description:
    'Multi-criteria search: players who fit any of several roles, with age and minutes filters, optionally in one league, sorted by score. ' +
    'Use it for shortlists ("under-23 box-to-box or mezzala with 900+ minutes"). For a single role without filters rank_players_by_role is simpler. ' +
    'Roles also as positions ("CB": all 4 centre-back roles). 1 request a page, unless cached.',
  input: {
    roles: z.array(RoleKeyArg).min(1).max(8).describe('A player matches on their best one.'),
    season: Season.optional(),
    max_age: z.number().int().min(14).max(50).optional().describe('Oldest age accepted.'),
    min_minutes: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .optional()
      .describe('Fewest minutes played this season.'),
    league: LeagueName.optional(),
    limit: Limit(20, MAX),
  },
  output: z.array(Scouted),
  extra: { roles: z.array(z.string()).describe('Role keys searched (current keys).') },
  async run({ roles: wanted, season, max_age, min_minutes, league, limit }, { api, roles, signal }) {
    const saison = seasonParam(season);
    const { keys, renamed, families } = await roles.resolveAll(wanted, signal, 'roles');
    const result = await withLeagueHint(api, league, signal, (league) =>
      readPages(
        api,
        'scouting',
        ScoutingResponse,
        {
          body: { saison, roles: keys, ageMax: max_age, minutesMin: min_minutes, league },
          signal,
        },
        limit,
      ),
    );
    const { rows, has_more, notes: more } = cut(result.data.data, limit, MAX, result);
    const data = rows.map((row) => ({
      ...toPlayerOut(row),
      minutes: row.minutes ?? null,
      role: row.role ?? null,
      score: row.score ?? null,
      market_value_eur: row.market_value_eur ?? null,
    }));
    const notes = [
      ...renamed.map((r) => `role "${r.from}" was renamed "${r.to}".`),
      ...families.map((f) => `"${f.word}" searched every ${f.family.replaceAll('_', ' ')} role.`),
      ...more,
    ];
    const empty = await explainEmpty({
      rows: data,
      bounds: scoutBounds(max_age, min_minutes),
      name: (row: ScoutedPlayer) => [row.name, row.club].filter(Boolean).join(', ') || 'unnamed',
      rest: league ? 'the roles, league and season' : 'the roles and season',
      refetch: async () => {
        const again = await withLeagueHint(api, league, signal, (league) =>
          readPages(
            api,
            'scouting',
            ScoutingResponse,
            { body: { saison, roles: keys, league }, signal },
            MAX,
          ),
        );
        return { ...again, rows: again.data.data, complete: again.more === 'no' };
      },
    });
    return {
      ...result,
      ...(empty.quota ? { quota: empty.quota } : {}),
      data,
      extra: { roles: keys },
      notes: [...notes, ...empty.notes],
      has_more,
    };
  },
  text: ({ data }) =>
    table(data, [
      ['name', (p) => p.name],
      ['club', (p) => p.club],
      ['league', (p) => p.league],
      ['age', (p) => p.age],
      ['min', (p) => p.minutes],
      ['role', (p) => (p.role ? roleWithLabel(p.role) : null)],
      ['score', (p) => p.score],
      ['value', (p) => euros(p.market_value_eur)],
      ['service_id', (p) => p.service_id ?? `${p.player_id} (unlinked)`],
    ]),
});
