// An unread field is never printed as absent: styles where a renamed field once showed as "–" or
// "unnamed", or as null with no note (a compare or watchlist table's minutes and best role, a row's age
// written "29 years" under a made-up name, a name update_watchlist could not read). Each is checked
// strictly (no KNOWN_UNREAD allowance) for the tools it broke, text and structured content alike. The
// cases of one style share its run (a call's answer is the same whatever calls come after it).
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../support/facts.js';
import { runStyle, type StyleRun, usePlainRun, withoutWaits } from '../support/styles.js';
import { callsNamed, callsThrough } from '../support/tool-plans.js';

/** Each style and the tools (harness calls) it broke. */
const CASES: [spec: string, tools: string[]][] = [
  ['s3:rename', ['compare_players', 'watchlist_report']],
  // A spread's median under a made-up name, written "0,1": named unread, never "median –".
  ['s218', ['comparison_group']],
  // A league as {id, nome} moved into a group: unread, never "–".
  ['s228', ['scout_players', 'player_history']],
  ['s31:display,rename', ['search_players', 'compare_players']],
  ['s32:resource,rename', ['update_watchlist']],
  // A season under a German name moved into `details`: the answer's season named unread, never "current".
  // Its glossary entries' words unread: a query not matched against them says so, never "(no rows)" alone.
  // The same style's history seasons: every row lacks a season under any name read.
  [
    's35',
    [
      'rank_players_by_role',
      'rank_players_by_statistic',
      'watchlist_report',
      'get_glossary',
      'player_history',
    ],
  ],
  // Page numbers under a parameter only the meta names (in words, named by a field, under its own
  // name): followed, a list never called whole on its first page.
  ['s24:paging', ['list_leagues', 'get_glossary', 'search_teams']],
  ['s15:paging', ['list_leagues', 'get_glossary', 'search_teams']],
  ['s20:paging', ['list_leagues', 'get_glossary', 'search_teams']],
  // The next page told only by HAL's `_links.next.href` (with Spring Data's page totals or not): followed,
  // a list never called whole on its first page; a comparison group counted by its own summary (306),
  // never by the total of the 200 points its list holds.
  ['s1:hal', ['list_leagues', 'get_glossary', 'search_teams', 'comparison_group']],
  ['s2:hal', ['list_leagues', 'get_glossary', 'search_teams', 'comparison_group']],
  // The parameter named nowhere: the glossary read short, its entries' words unread; a query that could
  // not be matched against them says so, never "(no rows)" alone.
  ['s92:group,rename,paging', ['get_glossary']],
  ['s298', ['player_history', 'scouting_report']],
  // Statistics under labels read as items must not teach a glossary key from its labels; the entries,
  // every one lacking a key read, are shown with it unread (and name no statistic).
  ['s469', ['get_glossary']],
  // Its roles' scores renamed too: best roles not claimed, a compare row's best role unread.
  ['s78', ['get_glossary', 'comparison_group', 'get_player', 'compare_players', 'scouting_report']],
  ['s282', ['get_glossary', 'player_history']],
  // Entries reading nothing of their own: no row and one note, never an error.
  ['s143', ['get_glossary']],
  // A head-to-head's opponent under `Opponent` or a made-up name: its name unread, never its id as the name.
  ['s0', ['get_team (head_to_head)']],
  ['s2', ['get_team (head_to_head)']],
  // A filter on a league's gender and level, unread: rows not checked said, never "no league matches".
  ['s1', ['list_leagues (filtered)']],
  // A past season's row weighed against the current season's age: unread, never absent.
  ['s169', ['compare_players (season)']],
  // A team and a resolve read again from the store: their unread marks kept, never absent on the hit.
  ['s318', ['get_team (record)', 'get_team (head_to_head)']],
  ['s281', ['resolve_players (names)']],
  // A resolve row an earlier batch read (cached), its name unread then: named, never "–".
  ['s32', ['resolve_players (names)']],
  // A first report keyed by the fetch week (its date unread), refreshed once the date is read: the
  // same week replaced, never "unchanged since an earlier week".
  ['s40', ['watchlist_report (refresh)']],
  // Glossary entries whose kind is unread: more may exist, never has_more false.
  ['s306', ['get_glossary (kind)']],
  // A past season's roles not read: the section named unavailable.
  ['s4', ['get_player (season)']],
  // A rank not in the ranking's rows read (paged, not whole): unread in the stored snapshot too, so a
  // stored week's report names it, never a blank rank.
  ['s18', ['watchlist_report (stored)', 'watchlist_report (week)']],
  // Names the add could not read: unread on the entries, so every later change and stored report names
  // them (never "unnamed" alone), and a player removed is never listed under his id as his name.
  [
    's77',
    [
      'update_watchlist (note)',
      'watchlist_report (stored)',
      'update_watchlist (remove)',
      'update_watchlist (delete)',
    ],
  ],
  // A team's similar section not read beside its squad: has_more never false.
  ['s77', ['get_team (default limit)']],
  // Every row left out by a position not read: the answer's season is the rows read's, never "current".
  ['s9', ['scout_players (position, value)']],
  // A query's country word with the rows' countries unread, or the list read in part: still a country,
  // and "no league matches" said only of a list read whole.
  ['s1', ['list_leagues (query facts)']],
  ['s12', ['list_leagues (query facts)']],
  ['s77', ['list_leagues (query facts)']],
  // Definitions unread, a query cut to its first five matches: none shown past entries that may match.
  ['s1', ['get_glossary (query, kind, limit)']],
  // A ranking's meta renamed while a paging object took "meta": the count of players ranked, unread.
  ['s31', ['watchlist_report (after remove)']],
  ['s92', ['watchlist_report (after remove)']],
  // Similar profiles read short of similar_limit (the next page answered the same rows): has_more true.
  ['s216', ['get_player (season, similar_limit)']],
  // Every row left out by a filter, their season unread: the answer's season named unread.
  ['s35', ['scout_players (position, value)', 'scout_players (filtered)']],
  // A fit asked by team id whose club the fit list names under a name not read: unread, never the id.
  ['s301', ['scouting_report (season, team id)']],
  // Paging echoed in words while every row was read: the group's count, not taken, is said, never blank.
  ['s53', ['comparison_group (season, position)']],
  // Every list's overview after a report keyed by the fetch week (its date unread): the list's date of
  // the data named unread, never "–".
  ['s614', ['watchlist_report (every list)']],
  ['s650', ['watchlist_report (every list)']],
  // A ranking shuffled on every request, read over pages whose rows carry a resource id by place: a row
  // on two pages is one row, never rank 3 twice called "ranks 1–4" with rank 4 missing.
  ['s83', ['rank_players_by_role (long)']],
  // No row proven the best within the page budget: the answer's season is the rows read's, never "current".
  ['s18', ['rank_players_by_role (long)']],
  ['s30', ['rank_players_by_role (long)']],
  ['s167', ['rank_players_by_statistic (long)']],
  // Its unit in the rows' group, none shown: the unit the rows read name.
  ['s190', ['rank_players_by_statistic (long)']],
  // None shown, the rows' season under a made-up name: the answer's season named unread, never "current".
  [
    'a3:reorder,display,labels,objects,resource,group,rename,casing,paging',
    ['rank_players_by_statistic (long)'],
  ],
  // A refresh whose league list reads no row: the quota its headers reported, never an error.
  ['s77', ['quota_status (refresh)']],
  // A statistics map under a made-up name, read flat: appearances and starts beside it (made-up names, or
  // starts under its own) shown apart under the API's names, never as statistics.
  ['s31', ['get_player']],
  ['s40', ['get_player']],
  // A team's coach object read as nothing (its name and id under made-up names): his id named unread too.
  ['s1806:rename,paging', ['get_team']],
  // Strengths by label ("Tackles won (per 90)") while the glossary's unit is unread: tied to the key by
  // the glossary's name, never left a row of its own under the label.
  ['s1795:labels,rename', ['get_player', 'scouting_report']],
  // A statistics list whose values the API has none of are written "-" or "": still a statistics list.
  ['s196:blanks,labels,rename', ['compare_players']],
  // A coach's tactical scales sent as strings ("86"): read as numbers, never shown as text.
  ['n1:strings', ['get_coach']],
];

// Every tool's call, and the branch calls the cases name.
const plain = usePlainRun(callsNamed(CASES.flatMap(([, tools]) => tools)));

/** The calls of every case of `spec`: its cases share one run, made through the last call any checks. */
const toolsOf = (spec: string) => new Set(CASES.filter(([s]) => s === spec).flatMap(([, tools]) => tools));
const runs = new Map<string, Promise<StyleRun>>();
function runOf(spec: string): Promise<StyleRun> {
  let run = runs.get(spec);
  if (!run) {
    const { answers, ids, world } = plain();
    const tools = toolsOf(spec);
    run = runStyle(withoutWaits(spec), answers, ids, world, {
      strict: true,
      calls: callsThrough(tools),
      checked: tools,
    });
    runs.set(spec, run);
  }
  return run;
}

describe.each(CASES)('style %s', (spec, tools) => {
  it(`${tools.join(', ')}: every blank is named, none printed as absent`, async () => {
    const run = await runOf(spec);
    const mine = run.outcomes.filter((o) => tools.includes(o.call));
    // Every call the case names was compared: a case checking none passes on nothing.
    expect(new Set(mine.map((o) => o.call))).toEqual(new Set(tools));
    const broken = mine.flatMap((o) => o.breaches.map((f) => `${o.call}: ${describeFinding(f)}`));
    expect(broken, run.description).toEqual([]);
  }, 90_000);
});
