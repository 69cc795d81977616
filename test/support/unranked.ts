// Test support: a shortlist over several leagues whose scores could not be read is not ranked across them
// (scout_players shows each league's rows in the API's order, taken in turn). Its facts are not the ranked
// plain answer's (other rows make its cut) but each league's own: every row it shows is a row of its
// league's plain answer (the same call, that league alone) with that row's facts, each league's rows
// together and in that answer's order; a row left out is said by has_more, a blank named as ever.
import { compareFacts, type Finding, type ServiceOf } from './facts.js';
import { call, sandboxClient, structured, textOf } from './mcp.js';
import { placeholderFindings } from './text-facts.js';

/** The words of the answer's note that its rows are not ranked across leagues. */
const NOT_RANKED = /not ranked across leagues/;

/** Whether a styled answer says it is not ranked across leagues, its scores named unread. */
export function isUnranked(tool: string, styled: unknown, notes: readonly string[]): boolean {
  const unread = (styled as { unread?: unknown } | undefined)?.unread;
  return (
    tool === 'scout_players' &&
    notes.some((n) => NOT_RANKED.test(n)) &&
    Array.isArray(unread) &&
    unread.includes('score')
  );
}

/** Where the plain answers are asked: the plain sandbox. */
export interface PlainSandbox {
  readonly url: string;
  readonly key: string;
}

type Row = Record<string, unknown>;

/**
 * The findings of an unranked answer (`styled`, `styledText`) to `args`, compared with each league's own
 * plain answer. A row's league is its plain record's (the styled row's league may be unread).
 */
export async function unrankedFindings(
  world: PlainSandbox,
  args: Record<string, unknown>,
  styled: { data?: Row[]; has_more?: unknown },
  styledText: string,
  notes: readonly string[],
  serviceOf: ServiceOf,
): Promise<Finding[]> {
  const rows = styled.data ?? [];
  const leagues = await Promise.all(rows.map((row) => leagueOf(world, row, args.season)));
  const { leagues: _, league: __, gender: ___, level: ____, ...alone } = args;
  const answers = new Map<string, LeagueAnswer>();
  for (const league of new Set(leagues.filter((l): l is string => l !== undefined)))
    answers.set(league, await leagueAnswer(world, { ...alone, league }));
  // Each row shown against its own row of its league's answer (tied by its ids: a row whose name and league
  // are unread could tie to any row by what is left).
  const places = rows.map((row, i) => {
    const league = leagues[i];
    const own = league === undefined ? [] : (answers.get(league)?.rows ?? []);
    return { league, at: own.findIndex((p) => sameRow(p, row, serviceOf)) };
  });
  const findings: Finding[] = places.flatMap(({ league, at }, i) => {
    const row = rows[i] as Row;
    const match = league === undefined ? undefined : answers.get(league)?.rows[at];
    if (match === undefined)
      return [{ kind: 'extra' as const, path: `.data[${i}]`, plain: undefined, styled: row }];
    return compareFacts('scout_players', { data: [match] }, { data: [row] }, notes, serviceOf);
  });
  findings.push(
    ...[...answers.values()].flatMap((a) => placeholderFindings('scout_players', a.text, styledText, notes)),
  );
  // A row of a league's answer not shown: more exist, never has_more false.
  const shown = places.filter((p) => p.at >= 0).length;
  const all = [...answers.values()].reduce((n, a) => n + a.rows.length, 0);
  if (shown < all && styled.has_more !== true)
    findings.push({ kind: 'wrong', path: '.has_more', plain: true, styled: styled.has_more });
  // Each league's rows together, in its own answer's order.
  const done = new Set<string | undefined>();
  places.forEach((place, i) => {
    const before = places[i - 1];
    if (before && before.league === place.league) {
      if (place.at >= 0 && before.at >= 0 && place.at < before.at)
        findings.push({
          kind: 'wrong',
          path: `.data (order in ${place.league})`,
          plain: 'the API order',
          styled: places,
        });
      return;
    }
    if (done.has(place.league))
      findings.push({
        kind: 'wrong',
        path: `.data (${place.league} apart)`,
        plain: 'together',
        styled: places,
      });
    done.add(place.league);
  });
  return findings;
}

/** The same person's row: the ids both show agree (a player_id tied to a service_id by `serviceOf`). */
function sameRow(plain: Row, styled: Row, serviceOf: ServiceOf): boolean {
  if (typeof styled.service_id === 'string') return plain.service_id === styled.service_id;
  if (typeof styled.player_id !== 'string') return false;
  return plain.player_id === styled.player_id || serviceOf(styled.player_id) === plain.service_id;
}

/** A league's own plain answer: its rows and text. */
interface LeagueAnswer {
  rows: Row[];
  text: string;
}

// The plain world is the same for every style of a run, and so are these answers: asked once, so the
// plain key's daily quota is not spent again on every style.
const leagueAnswers = new Map<string, Promise<LeagueAnswer>>();
const playerLeagues = new Map<string, Promise<string | undefined>>();

function leagueAnswer(world: PlainSandbox, args: Record<string, unknown>): Promise<LeagueAnswer> {
  const key = `${world.url} ${JSON.stringify(args)}`;
  let answer = leagueAnswers.get(key);
  if (!answer) {
    answer = (async () => {
      const { client, close } = await sandboxClient(world.url, world.key);
      try {
        const result = await call(client, 'scout_players', args);
        if (result.isError)
          throw new Error(
            `scout_players ${JSON.stringify(args)} failed on the plain sandbox: ${textOf(result)}`,
          );
        return { rows: structured(result).data, text: textOf(result) };
      } finally {
        await close();
      }
    })();
    leagueAnswers.set(key, answer);
  }
  return answer;
}

/** A row's league, as the plain sandbox's record of its player says (the styled row's may be unread). */
function leagueOf(world: PlainSandbox, row: Row, season: unknown): Promise<string | undefined> {
  const id = row.service_id ?? row.player_id;
  if (typeof id !== 'string') return Promise.resolve(undefined);
  const query = typeof season === 'string' ? `?saison=${encodeURIComponent(season)}` : '';
  const path = `/v1/players/${encodeURIComponent(id)}${query}`;
  const key = `${world.url} ${path}`;
  let league = playerLeagues.get(key);
  if (!league) {
    league = (async () => {
      const res = await fetch(`${world.url}${path}`, { headers: { 'X-API-Key': world.key } });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status} on the plain sandbox`);
      const body = (await res.json()) as { data?: { league?: unknown } };
      return typeof body.data?.league === 'string' ? body.data.league : undefined;
    })();
    playerLeagues.set(key, league);
  }
  return league;
}
