// The registry: every MCP tool of the server, in the order tools/list shows them.
import type { ToolDefinition } from '../src/mcp/tool.js';
import comparePlayers from './compare-players.js';
import comparisonGroup from './comparison-group.js';
import fitScore from './fit-score.js';
import getCoach from './get-coach.js';
import getGlossary from './get-glossary.js';
import getPlayer from './get-player.js';
import getTeam from './get-team.js';
import listLeagues from './list-leagues.js';
import listRoles from './list-roles.js';
import myAccount from './my-account.js';
import playerHistory from './player-history.js';
import quotaStatus from './quota-status.js';
import rankPlayersByRole from './rank-players-by-role.js';
import rankPlayersByStatistic from './rank-players-by-statistic.js';
import resolvePlayers from './resolve-players.js';
import scoutPlayers from './scout-players.js';
import scoutingReport from './scouting-report.js';
import searchCoaches from './search-coaches.js';
import searchPlayers from './search-players.js';
import searchTeams from './search-teams.js';
import updateWatchlist from './update-watchlist.js';
import watchlistReport from './watchlist-report.js';

export const TOOLS: readonly ToolDefinition[] = [
  searchPlayers,
  rankPlayersByRole,
  scoutPlayers,
  comparePlayers,
  fitScore,
  resolvePlayers,
  playerHistory,
  getPlayer,
  scoutingReport,
  updateWatchlist,
  watchlistReport,
  listLeagues,
  listRoles,
  quotaStatus,
  searchTeams,
  getTeam,
  searchCoaches,
  getCoach,
  rankPlayersByStatistic,
  getGlossary,
  comparisonGroup,
  myAccount,
];
