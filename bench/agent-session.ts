// A scripted assistant session: five scouting reports for five clubs, written the way agents work —
// orienting with list_leagues/list_roles/quota_status at the start of each task, ranking and scouting,
// resolving and deepening a shortlist, re-checking before writing, and firing several calls at once
// (sometimes the same one twice, when two sub-tasks need the same data).
import { type DirectClient, type PickedPlayer, topPlayers } from './direct.js';

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** Calls of one step are fired concurrently; steps run one after the other. */
export type Step = ToolCall[];

interface Brief {
  country: string;
  league: string;
  roles: [string, string];
}

const BRIEFS: readonly Brief[] = [
  { country: 'france', league: 'Ligue 1', roles: ['defenseur_relanceur', 'defenseur_mobile'] },
  { country: 'germany', league: 'Bundesliga', roles: ['milieu_box_to_box', 'mezzala'] },
  { country: 'italy', league: 'Serie A', roles: ['ailier_provocateur', 'ailier_de_profondeur'] },
  { country: 'france', league: 'Ligue 1', roles: ['gardien_moderne', 'defenseur_relanceur'] },
  { country: 'netherlands', league: 'Eredivisie', roles: ['renard_des_surfaces', 'attaquant_de_profondeur'] },
];

const call = (name: string, args: Record<string, unknown> = {}): ToolCall => ({ name, arguments: args });

interface Report {
  brief: Brief;
  shortlist: PickedPlayer[];
  club: string;
}

/** One report: about 40 calls. */
function reportSteps({ brief, shortlist, club }: Report): Step[] {
  const [roleA, roleB] = brief.roles;
  const { league } = brief;
  const ids = shortlist.map((p) => p.service_id);
  const [first, second, third] = ids as [string, string, string];
  const rankA = call('rank_players_by_role', { role: roleA, league });
  const scout = call('scout_players', { roles: brief.roles, league, max_age: 27, min_minutes: 900 });
  const compare = call('compare_players', { player_ids: ids });
  const fit = call('fit_score', { player_ids: ids, club });
  const history = (id: string) => call('player_history', { player_id: id });
  return [
    // Orient: what the key covers, the role keys, the quota left; a sub-task asks for leagues too.
    [call('list_roles'), call('list_leagues'), call('quota_status'), call('list_leagues')],
    [call('list_leagues', { query: brief.country })],
    // Shortlist.
    [rankA, call('rank_players_by_role', { role: roleB, league })],
    [call('rank_players_by_role', { role: roleA, league, limit: 50 })],
    [scout],
    [call('scout_players', { roles: brief.roles, max_age: 23 })],
    [call('quota_status')],
    // Deepen: stable ids, careers (the top of the ranking and of the scouting list often coincide,
    // so the same history is asked twice in one batch), a name check, side by side, club fit.
    [call('resolve_players', { players: shortlist.map((p) => ({ player_id: p.player_id })) })],
    [...ids.map(history), history(first)],
    [call('search_players', { query: shortlist[0]?.name ?? '', league })],
    [call('get_player', { player_id: first }), call('get_player', { player_id: second })],
    [compare, fit, call('fit_score', { player_ids: ids })],
    [call('list_roles')],
    // Re-check before writing (the context was compacted): the same questions again.
    [rankA, scout],
    [history(first), history(second), history(third)],
    [compare, compare, call('quota_status')],
    // Write: the full report on the first pick, for the club asking, and the figures quoted in it.
    [call('scouting_report', { player_id: first, club })],
    [fit, call('player_history', { player_id: first }), call('compare_players', { player_ids: ids })],
    [rankA, call('list_leagues', { query: brief.country })],
    [call('quota_status')],
  ];
}

/** The closing step: the five picks side by side, their ids refreshed for the saved shortlist. */
function wrapUpSteps(reports: readonly Report[]): Step[] {
  const picks = reports.map((r) => r.shortlist[0] as PickedPlayer);
  const everyone = reports.flatMap((r) => r.shortlist);
  return [
    [call('quota_status'), call('list_leagues')],
    [call('compare_players', { player_ids: picks.map((p) => p.service_id) })],
    [...picks.map((p) => call('player_history', { player_id: p.service_id }))],
    [call('resolve_players', { players: everyone.map((p) => ({ player_id: p.player_id })) })],
    [call('list_roles'), call('fit_score', { player_ids: picks.map((p) => p.service_id) })],
    [call('quota_status')],
  ];
}

/** Builds the session from real ids read directly from the upstream (not counted in the run). */
export async function buildSession(direct: DirectClient): Promise<Step[]> {
  const reports: Report[] = [];
  for (const brief of BRIEFS) {
    const ranked = await topPlayers(direct, brief.roles[0], brief.league, 6);
    // The club asking for the report: another club of the league than the shortlisted first.
    const club = ranked.find((p) => p.club !== ranked[0]?.club)?.club ?? ranked[5]?.club ?? '';
    reports.push({ brief, shortlist: ranked.slice(0, 5), club });
  }
  return [...reports.flatMap(reportSteps), ...wrapUpSteps(reports)];
}

export function callCount(session: readonly Step[]): number {
  return session.reduce((n, step) => n + step.length, 0);
}
