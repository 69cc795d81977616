// The words every prompt's plan shares: the rules it ends with, tool arguments as the model should send
// them, and the first step when the user names a player instead of giving an id.
import type { GetPromptResult } from '@modelcontextprotocol/server';
import { isServiceId } from '../args.js';

export const QUOTA_RULE =
  'Every upstream request spends the daily quota of the key (cached answers are free); each result shows what is left. ' +
  'Do not repeat a call whose answer you already have; if fewer than 20 requests remain, stop and say so.';

export const PLACEHOLDER_RULE =
  'Replace each <…> placeholder with the value it names (numbers without quotes).';

export const SCORE_RULE =
  'Scores are relative and recalculated weekly: compare them, never read them as thresholds.';

/** One user message of the given lines; `false` and undefined lines (steps left out) are dropped. */
export function message(lines: (string | false | undefined)[]): GetPromptResult {
  const text = lines.filter((l): l is string => typeof l === 'string').join('\n');
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** Tool arguments written as the model should send them. */
export function args(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
}

/** "a, b; c\nd" → ["a", "b", "c", "d"]. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A service_id, or one word mixing letters and digits (player_id has no documented format). */
export function isLikelyId(text: string): boolean {
  return isServiceId(text) || (/^[A-Za-z0-9_-]+$/.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text));
}

/** The first step when the user names a player instead of giving an id. */
export function searchStep(player: string, club?: string): string {
  const pick = club
    ? ` If several people match and one plays for ${club}, take that one; otherwise ask`
    : ' If several people match, ask';
  return `1. search_players with ${args({ query: player, limit: 5 })} to get the service_id.${pick} me which one before going on.`;
}

/** Requests of one scouting_report without a club (record, history and five sections). */
export const SCOUTING_REPORT_COST = 7;
/** The glossary a scouting report names statistics by: one more request, then cached a day. */
export const GLOSSARY_COST = 1;
/**
 * A club name the API refuses costs a team search and the call asked again with the club it names
 * (tools/kit/club-hint.ts): the plan says so, never a figure that holds only for the API's own spelling.
 */
export const CLUB_HINT_COST = 2;

/** ", N if the API knows <club> by another name" after a plan's figure. */
export function clubHintText(requests: number, club: string): string {
  return `, ${requests + CLUB_HINT_COST} if the API knows ${club} by another name`;
}
