// MCP prompts: the four everyday scouting tasks and the weekly watchlist run, each one message that tells the assistant which
// tools to call, in which order, with which arguments, so it gets there in a handful of calls.

import type { GetPromptResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { completable, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { ROLE_LABELS } from '../domain/role-labels.js';
import { isRoleKey } from '../domain/roles.js';
import type { WatchlistDoc } from '../store/watchlists.js';
import { isServiceId, seasonParam } from './args.js';
import { completeLeague, completeRole, completeSeason, completeWatchlist } from './completions.js';
import type { ToolDeps } from './context.js';
import { errorText } from './result.js';
import type { ToolDefinition } from './tool.js';
import { planText, refreshPlan, watchlistAccess } from './watchlists.js';

const QUOTA_RULE =
  'Every upstream request spends the daily quota of the key (cached answers are free); each result shows what is left. ' +
  'Do not repeat a call whose answer you already have; if fewer than 20 requests remain, stop and say so.';

const PLACEHOLDER_RULE = 'Replace each <…> placeholder with the value it names (numbers without quotes).';

const SCORE_RULE =
  'Scores are relative and recalculated weekly: compare them, never read them as thresholds.';

function message(lines: (string | false | undefined)[]): GetPromptResult {
  const text = lines.filter((l): l is string => typeof l === 'string').join('\n');
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** Tool arguments written as the model should send them. */
function args(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
}

/** "a, b; c\nd" → ["a", "b", "c", "d"]. */
function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A service_id, or one word mixing letters and digits (player_id has no documented format). */
function isLikelyId(text: string): boolean {
  return isServiceId(text) || (/^[A-Za-z0-9_-]+$/.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text));
}

/** The first step when the user names a player instead of giving an id. */
function searchStep(player: string, club?: string): string {
  const pick = club
    ? ` If several people match and one plays for ${club}, take that one; otherwise ask`
    : ' If several people match, ask';
  return `1. search_players with ${args({ query: player, limit: 5 })} to get the service_id.${pick} me which one before going on.`;
}

/** The tools each prompt's plan calls: a prompt is offered only when all of them are switched on. */
export const PROMPT_TOOLS = {
  player_report: ['search_players', 'scouting_report'],
  role_shortlist: ['rank_players_by_role', 'scout_players', 'compare_players'],
  compare_shortlist: ['resolve_players', 'compare_players'],
  find_replacement: ['search_players', 'get_player', 'scout_players', 'fit_score'],
  weekly_watchlist: ['watchlist_report', 'scouting_report'],
} as const;

/** Requests of one scouting_report without a club (record, history and five sections). */
const SCOUTING_REPORT_COST = 7;
/** The glossary a scouting report names statistics by: one more request, then cached a day. */
const GLOSSARY_COST = 1;
/** Scouting reports an overnight run writes at most, whatever the budget. */
const MOST_MOVERS = 5;

const Player = z
  .string()
  .trim()
  .min(2)
  .max(80)
  .describe('Player name (e.g. "Mbaye"), or a service_id (ds_…) / player_id.');
const Club = z.string().trim().min(2).max(80).optional().describe('Club to judge fit for, e.g. "RC Lens".');
const MaxAge = z
  .string()
  .regex(/^\d{2}$/, 'write the age as a number, e.g. 23')
  .optional()
  .describe('Oldest age accepted, e.g. 23.');

/**
 * Registers the prompts whose tools are all among `tools` (the ones the server exposes): a plan that
 * names a switched-off tool (--toolsets, --tools) would send the assistant to a tool it cannot call.
 */
export function registerPrompts(server: McpServer, deps: ToolDeps, tools: readonly ToolDefinition[]): void {
  const enabled = tools.map((t) => t.name);
  const offered = (name: keyof typeof PROMPT_TOOLS) =>
    PROMPT_TOOLS[name].every((tool) => enabled.includes(tool));

  const role = completable(
    z.string().trim().min(2).max(60).describe('Role: French key or English name, e.g. "poacher".'),
    (value) => completeRole(value),
  );
  // v2 finds the completer under an outer .optional(), not inside it: optional goes outside.
  const league = completable(z.string().trim().min(2).max(80), async (value) =>
    completeLeague(deps.api, value ?? ''),
  )
    .optional()
    .describe('League name, e.g. "Eredivisie".');
  const season = completable(z.string().trim().max(20), (value) => completeSeason(deps.api, value ?? ''))
    .optional()
    .describe('Season like 25-26; omit for the current one.');

  /** Argument problems become InvalidParams errors with the same text a tool would give. */
  const guarded =
    <A>(build: (args: A, signal: AbortSignal) => Promise<GetPromptResult> | GetPromptResult) =>
    async (input: A, ctx: ServerContext): Promise<GetPromptResult> => {
      try {
        return await build(input, ctx.mcpReq.signal);
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'invalid_argument') {
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, errorText(error, deps.logger));
        }
        throw error;
      }
    };

  if (offered('player_report')) {
    server.registerPrompt(
      'player_report',
      {
        title: 'Scouting report on a player',
        description:
          'A written scouting report on one player (optionally with fit for a club) in two tool calls.',
        argsSchema: z.object({ player: Player, club: Club }),
      },
      guarded(({ player, club }) => {
        const known = isLikelyId(player);
        const id = known ? player : '<service_id>';
        const report = SCOUTING_REPORT_COST + (club ? 1 : 0) + GLOSSARY_COST;
        const cost = (known ? 0 : 1) + report;
        return message([
          `Write a scouting report on ${player}${club ? `, judging fit for ${club}` : ''}.`,
          '',
          `Plan (${known ? 'one tool call' : 'two tool calls'}, ${cost} upstream requests unless cached):`,
          !known && searchStep(player),
          `${known ? '1' : '2'}. scouting_report with ${args({ player_id: id, club })}: one call gathers identity, season-by-season history, best roles, strengths and weaknesses, market value, projection and similar profiles${club ? `, and fit for ${club}` : ''} (${report} requests, ${GLOSSARY_COST} of them the glossary of statistics, cached a day). Its result states the quota it cost.`,
          'Do not call get_player, player_history or fit_score separately: the report already holds their answers.',
          '',
          'Then write the report with these sections: Profile (age, club, league, service_id), Season by season, Best roles (key and English name), ' +
            `Strengths and weaknesses, Market value, Projection, Similar profiles${club ? `, Fit for ${club}` : ''}, Verdict (three lines).`,
          SCORE_RULE,
          QUOTA_RULE,
        ]);
      }),
    );
  }

  if (offered('role_shortlist')) {
    server.registerPrompt(
      'role_shortlist',
      {
        title: 'Shortlist for a role',
        description:
          'A shortlist of players for one positional role, optionally in one league, season and under an age, in two or three tool calls.',
        argsSchema: z.object({ role, league, season, max_age: MaxAge }),
      },
      guarded(async ({ role: wanted, league: inLeague, season: inSeason, max_age }, signal) => {
        const { key } = await deps.roles.resolve(wanted, signal);
        const label = isRoleKey(key) ? ROLE_LABELS[key] : undefined;
        const saison = seasonParam(inSeason);
        const maxAge = max_age === undefined ? undefined : Number(max_age);
        const where = [
          inLeague && `in ${inLeague}`,
          saison && `season ${saison}`,
          maxAge && `aged ${maxAge} or under`,
        ]
          .filter(Boolean)
          .join(', ');
        const first =
          maxAge === undefined
            ? `1. rank_players_by_role with ${args({ role: key, league: inLeague, season: saison, limit: 15 })}.`
            : `1. scout_players with ${args({ roles: [key], league: inLeague, season: saison, max_age: maxAge, limit: 15 })}.`;
        return message([
          `Build a shortlist of players for the role ${key}${label ? ` (${label.label}: ${label.description})` : ''}${where ? `, ${where}` : ''}.`,
          '',
          'Plan (two tool calls, a third only if asked):',
          first,
          `2. compare_players with ${args({ player_ids: ['<service_id of the best 5>'], season: saison })}: one call puts their statistics side by side.`,
          enabled.includes('scouting_report') &&
            '3. Only if I ask for more on one player: scouting_report with that player_id.',
          '',
          'Then answer with a table (name, club, age, score, the statistic that stands out, service_id) and two lines on each of the top three.',
          'Keep the service_ids: they are the stable ids to store.',
          SCORE_RULE,
          QUOTA_RULE,
        ]);
      }),
    );
  }

  if (offered('compare_shortlist')) {
    server.registerPrompt(
      'compare_shortlist',
      {
        title: 'Compare a shortlist',
        description: 'Compare 2-10 players side by side and rank them, in two tool calls at most.',
        argsSchema: z.object({
          players: z
            .string()
            .trim()
            .min(3)
            .max(800)
            .describe('2-10 players separated by commas: names (with club if ambiguous) or ids.'),
          season,
        }),
      },
      guarded(({ players, season: inSeason }) => {
        const list = splitList(players);
        if (list.length < 2 || list.length > 10) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `Give 2-10 players separated by commas; got ${list.length}.`,
          );
        }
        const saison = seasonParam(inSeason);
        const names = list.filter((p) => !isLikelyId(p));
        const ids = list.filter(isLikelyId);
        const compare = `compare_players with ${args({ player_ids: [...ids, ...names.map(() => '<service_id>')], season: saison })}`;
        return message([
          `Compare these players and rank them: ${list.join(', ')}${saison ? ` (season ${saison})` : ''}.`,
          '',
          `Plan (${names.length > 0 ? 'two tool calls' : 'one tool call'}):`,
          names.length > 0 &&
            `1. resolve_players with ${args({ players: names.map((name) => ({ name })) })}: one call turns every name into its service_id. If a name is ambiguous or not found, ask me before going on.`,
          `${names.length > 0 ? '2' : '1'}. ${compare}: one call for all of them.`,
          'Do not call search_players or get_player for each player: the two calls above are enough.',
          '',
          'Then answer with a side-by-side table of the statistics that separate them, who is best at what, and a ranking with one reason each.',
          SCORE_RULE,
          QUOTA_RULE,
        ]);
      }),
    );
  }

  if (offered('find_replacement')) {
    server.registerPrompt(
      'find_replacement',
      {
        title: 'Find a replacement for a player',
        description:
          'Players who could replace a given player (optionally ranked by fit for a club), in four tool calls at most.',
        argsSchema: z.object({ player: Player, club: Club }),
      },
      guarded(({ player, club }) => {
        const known = isLikelyId(player);
        const id = known ? player : '<service_id>';
        const step = (n: number) => String(known ? n - 1 : n);
        const target = club ?? 'his current club';
        return message([
          `Find players who could replace ${player}${club ? ` at ${club}` : ''}.`,
          '',
          `Plan (${known ? 'three' : 'four'} tool calls, ${known ? 5 : 6} upstream requests unless cached):`,
          !known && searchStep(player, club),
          `${step(2)}. get_player with ${args({ player_id: id, sections: ['roles', 'similar'] })}: his record (age, club, market value), best roles and similar profiles in one call (3 requests).`,
          `${step(3)}. scout_players with ${args({ roles: ['<his best role key>', '<his second role key>'], max_age: '<his age + 2>', limit: 15 })}: players strong in the same roles (1 request). Leave him out; his similar profiles from step ${step(2)} are candidates too.`,
          `${step(4)}. fit_score with ${args({ player_ids: ['<service_ids (player_id if unlinked) of the best 10 candidates>'], club: club ?? '<his current club>' })}: one call scores them all for ${target} (1 request); among equals, pick candidates valued near him.`,
          PLACEHOLDER_RULE,
          '',
          `Then answer with five candidates ranked by fit for ${target}: name, club, age, role score or similarity, market value (scout_players gives it) beside his, service_id, and why each fits.`,
          SCORE_RULE,
          QUOTA_RULE,
        ]);
      }),
    );
  }

  if (offered('weekly_watchlist')) {
    const watchlist = completable(
      z
        .string()
        .trim()
        .min(1)
        .max(60)
        .describe('Watchlist name, e.g. "Full-backs" (football://watchlists lists them).'),
      (value) => completeWatchlist(deps.watchlists, value ?? ''),
    );
    server.registerPrompt(
      'weekly_watchlist',
      {
        title: 'Weekly watchlist run',
        description:
          'An overnight run on a watchlist within a request budget: the report of what changed, then scouting reports on the largest movers.',
        argsSchema: z.object({
          watchlist,
          budget: z
            .string()
            .regex(/^\d{1,6}$/, 'write the budget as a number of requests, e.g. 60')
            .describe('Upstream requests the run may spend, e.g. 60.'),
        }),
      },
      async ({ watchlist: name, budget }) => {
        let found: WatchlistDoc | undefined;
        let names: string[] = [];
        try {
          const { store, owner } = watchlistAccess(deps);
          found = await store.get(owner, name);
          if (!found) names = (await store.list(owner)).map((d) => `"${d.name}"`);
        } catch (error) {
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, errorText(error, deps.logger));
        }
        if (!found) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `No watchlist "${name}" for this API key${names.length > 0 ? ` (it has ${names.join(', ')})` : ''}: create it with update_watchlist.`,
          );
        }
        const doc = found;
        const plan = refreshPlan(doc);
        const limit = Number(budget);
        const movers = Math.max(
          0,
          Math.min(
            MOST_MOVERS,
            plan.players,
            Math.floor((limit - plan.total - GLOSSARY_COST) / SCOUTING_REPORT_COST),
          ),
        );
        // The glossary is read once, by the first report.
        const reportsCost = movers > 0 ? movers * SCOUTING_REPORT_COST + GLOSSARY_COST : 0;
        const report = args({ watchlist: doc.name });
        if (limit < plan.total) {
          return message([
            `Write the weekly report on the watchlist "${doc.name}" (${plan.players} players) within ${limit} upstream requests.`,
            '',
            `The budget is below what a refresh costs (up to ${planText(plan)}), so plan one tool call, 0 upstream requests:`,
            `1. watchlist_report with ${args({ watchlist: doc.name, refresh: false })}: what changed at the last refresh, from the stored snapshots.`,
            '',
            'Then write the report from it (say the date of its data), and say that a fresh refresh needs a larger budget.',
          ]);
        }
        return message([
          `Write the weekly report on the watchlist "${doc.name}" (${plan.players} players) within ${limit} upstream requests.`,
          '',
          `Plan (${1 + movers} tool calls, at most ${plan.total + reportsCost} upstream requests unless cached):`,
          `1. watchlist_report with ${report}: refreshes every player and compares with the last snapshot, up to ${planText(plan)}; it states what it spent. If it refuses for the quota, stop and say so.`,
          movers > 0
            ? `2. For the ${movers === 1 ? 'largest mover' : `${movers} largest movers`} of its table (it lists them first: transfers, new season rows, newly linked players, then the largest rank and value moves; skip rows whose only change is "first snapshot"), scouting_report with ${args({ player_id: '<service_id>' })} (${SCOUTING_REPORT_COST} requests each, and ${GLOSSARY_COST} for the glossary of statistics with the first). Fewer if fewer moved.`
            : '2. No budget is left for scouting reports: write from the watchlist report alone.',
          PLACEHOLDER_RULE,
          '',
          'Then write the report: the data\'s date; a "what changed" table (player, club, minutes, primary role and rank, value, what changed); ' +
            `${movers > 0 ? 'a paragraph per mover from his scouting report; ' : ''}the unchanged and pending players in one line each.`,
          'Ranks and values move every week: say how far and in which direction, never judge a score against a fixed threshold.',
          QUOTA_RULE,
        ]);
      },
    );
  }
}
