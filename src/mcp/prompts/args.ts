// Arguments more than one prompt takes. Those with completers are made from the deps: they complete
// from the leagues and seasons the key can read.
import { completable } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { completeLeague, completeRole, completeSeason } from '../completions.js';
import type { ToolDeps } from '../context.js';

export const Player = z
  .string()
  .trim()
  .min(2)
  .max(80)
  .describe('Player name (e.g. "Mbaye"), or a service_id (ds_…) / player_id.');

export const Club = z
  .string()
  .trim()
  .min(2)
  .max(80)
  .optional()
  .describe('Club to judge fit for, e.g. "RC Lens".');

export const MaxAge = z
  .string()
  .regex(/^\d{2}$/, 'write the age as a number, e.g. 23')
  .optional()
  .describe('Oldest age accepted, e.g. 23.');

export function roleArg() {
  return completable(
    z.string().trim().min(2).max(60).describe('Role: French key or English name, e.g. "poacher".'),
    (value) => completeRole(value),
  );
}

// v2 finds the completer under an outer .optional(), not inside it: optional goes outside.
export function leagueArg(deps: ToolDeps) {
  return completable(z.string().trim().min(2).max(80), async (value) => completeLeague(deps.api, value ?? ''))
    .optional()
    .describe('League name, e.g. "Eredivisie".');
}

export function seasonArg(deps: ToolDeps) {
  return completable(z.string().trim().max(20), (value) => completeSeason(deps.api, value ?? ''))
    .optional()
    .describe('Season like 25-26; omit for the current one.');
}
