// The sandbox's routes: every route of the client's table (src/api/routes.ts), with the same method
// and path, plus GET variants of compare and fit-score (the spec lists POST or GET).
import { Router } from '../http/router.js';
import * as coaches from './coaches.js';
import * as compare from './compare.js';
import type { Handler } from './context.js';
import * as meta from './meta.js';
import * as players from './players.js';
import * as rankings from './rankings.js';
import * as teams from './teams.js';

export function buildRouter(): Router<Handler> {
  return new Router<Handler>()
    .add('GET', '/v1/me', meta.me)
    .add('GET', '/v1/me/indices', meta.savedIndices)
    .add('GET', '/v1/me/presets', meta.savedPresets)
    .add('GET', '/v1/leagues', meta.leagues)
    .add('GET', '/v1/seasons', meta.seasons)
    .add('GET', '/v1/enums', meta.enums)
    .add('GET', '/v1/glossary', meta.glossary)
    .add('GET', '/v1/rankings', rankings.rankings)
    .add('GET', '/v1/rankings/statistics', rankings.statisticRankings)
    .add('POST', '/v1/scouting', rankings.scouting)
    .add('GET', '/v1/comparison', rankings.comparison)
    .add('POST', '/v1/compare', compare.compare)
    .add('GET', '/v1/compare', compare.compare)
    .add('POST', '/v1/fit-score', compare.fitScores)
    .add('GET', '/v1/fit-score', compare.fitScores)
    .add('GET', '/v1/players/search', players.playerSearch)
    .add('POST', '/v1/players/resolve-batch', players.resolveBatch)
    .add('GET', '/v1/players/:id', players.player)
    .add('GET', '/v1/players/:id/history', players.playerHistory)
    .add('GET', '/v1/players/:id/statistics', players.playerStatistics)
    .add('GET', '/v1/players/:id/roles', players.playerRoles)
    .add('GET', '/v1/players/:id/strengths', players.playerStrengths)
    .add('GET', '/v1/players/:id/market-value', players.playerMarketValue)
    .add('GET', '/v1/players/:id/projections', players.playerProjections)
    .add('GET', '/v1/players/:id/similar', players.playerSimilar)
    .add('GET', '/v1/teams', teams.teams)
    .add('GET', '/v1/teams/:id', teams.team)
    .add('GET', '/v1/teams/:id/squad', teams.squad)
    .add('GET', '/v1/teams/:id/similar', teams.similarTeams)
    .add('GET', '/v1/teams/:id/head-to-head/:otherId', teams.headToHead)
    .add('GET', '/v1/coaches', coaches.coaches)
    .add('GET', '/v1/coaches/:id', coaches.coach)
    .add('GET', '/v1/coaches/:id/career', coaches.career)
    .add('GET', '/v1/coaches/:id/tactical-profile', coaches.tacticalProfile);
}
