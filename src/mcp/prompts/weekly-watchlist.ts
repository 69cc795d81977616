import { completable, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { WatchlistDoc } from '../../store/watchlists.js';
import { planText, refreshPlan } from '../../watchlists/plan.js';
import { completeWatchlist } from '../completions.js';
import type { ToolDeps } from '../context.js';
import { errorText } from '../result.js';
import { watchlistAccess } from '../watchlists.js';
import {
  args,
  GLOSSARY_COST,
  message,
  PLACEHOLDER_RULE,
  QUOTA_RULE,
  SCOUTING_REPORT_COST,
} from './plan-text.js';
import { definePrompt } from './prompt.js';

/** Scouting reports an overnight run writes at most, whatever the budget. */
const MOST_MOVERS = 5;

export default definePrompt({
  name: 'weekly_watchlist',
  title: 'Weekly watchlist run',
  description:
    'An overnight run on a watchlist within a request budget: the report of what changed, then scouting reports on the largest movers.',
  tools: ['watchlist_report', 'scouting_report'],
  args: (deps) => ({
    watchlist: completable(
      z
        .string()
        .trim()
        .min(1)
        .max(60)
        .describe('Watchlist name, e.g. "Full-backs" (football://watchlists lists them).'),
      (value) => completeWatchlist(deps.watchlists, value ?? ''),
    ),
    budget: z
      .string()
      .regex(/^\d{1,6}$/, 'write the budget as a number of requests, e.g. 60')
      .describe('Upstream requests the run may spend, e.g. 60.'),
  }),
  async message({ watchlist, budget }, { deps }) {
    const doc = await findWatchlist(deps, watchlist);
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
      `1. watchlist_report with ${report}: refreshes every player and compares with the last snapshot of an earlier week, up to ${planText(plan)}; it states what it spent, and why when above the plan. Run again in the same week (after a crash), it gives the same report. If it refuses for the quota, stop and say so.`,
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
});

/** The named watchlist of this key; any failure, the store's included, is the caller's InvalidParams. */
async function findWatchlist(deps: ToolDeps, name: string): Promise<WatchlistDoc> {
  let found: WatchlistDoc | undefined;
  let names: string[] = [];
  try {
    const { store, owner } = watchlistAccess(deps);
    found = await store.get(owner, name);
    if (!found) names = (await store.list(owner)).map((d) => `"${d.name}"`);
  } catch (error) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, errorText(error, deps.logger));
  }
  if (found) return found;
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `No watchlist "${name}" for this API key${names.length > 0 ? ` (it has ${names.join(', ')})` : ''}: create it with update_watchlist.`,
  );
}
