// Arguments of the statistics tools (rank_players_by_statistic, comparison_group).
import { z } from 'zod';
import { ROLE_FAMILIES, type RoleFamily } from '../../src/domain/roles.js';

export const StatisticArg = z
  .string()
  .min(2)
  .max(60)
  .meta({ examples: ['xg'] })
  .describe('get_glossary key, e.g. xg');

/** Position family: the enum speaks for itself, the description only says what it does. */
export const PositionArg = z
  .enum(Object.keys(ROLE_FAMILIES) as [RoleFamily, ...RoleFamily[]])
  .describe('Filter.');
