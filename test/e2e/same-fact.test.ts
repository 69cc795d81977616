// Tools serving each other from what is cached where the spec makes it one fact: a player asked of
// resolve_players by a row id that a cached ranking holds, with its service_id, is answered from that
// ranking (a player_id names one row; every player response carries its service_id). The answer is the
// one resolve-batch gives, costs no request, and says where it came from; a run that accepts no cached
// answer (max_cache_age_s 0) asks again.
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { callOk, sandboxClient, useSandboxSession } from '../support/mcp.js';
import { generator, SAMPLE_SEED } from '../support/sample.js';

const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY });

const LEAGUES = ['Ligue 1', 'Bundesliga', 'Serie A', 'Eredivisie', 'Premier League'];
const ROLES = ['defenseur_relanceur', 'milieu_box_to_box', 'ailier_provocateur', 'renard_des_surfaces'];

type Row = Record<string, unknown> & { player_id: string };

/** A ranking's rows, read straight from the sandbox (not through the server). */
async function rankingRows(role: string, league: string, limit: number): Promise<Row[]> {
  const url = `${session.sandbox.url}/v1/rankings?role=${role}&league=${encodeURIComponent(league)}&limit=${limit}`;
  const body = (await (await fetch(url, { headers: { 'x-api-key': SANDBOX_PRO_FULL_KEY } })).json()) as {
    data: Row[];
  };
  return body.data;
}

async function rowIds(role: string, league: string, limit: number): Promise<string[]> {
  return (await rankingRows(role, league, limit)).map((r) => r.player_id);
}

/** Whether a row says all a resolved row shows: its person (linked) and its name, club, league, season. */
const whole = (row: Row) =>
  ['service_id', 'name', 'club', 'league', 'season'].every(
    (f) => typeof row[f] === 'string' && row[f] !== '',
  );

const FACTS = ['status', 'player_id', 'service_id', 'name', 'club', 'league', 'season'] as const;
const factsOf = (rows: Record<string, unknown>[]) =>
  rows.map((r) => Object.fromEntries(FACTS.map((f) => [f, r[f]])));

/** The same players resolved by a server with an empty cache: what resolve-batch answers. */
async function freshlyResolved(ids: readonly string[]) {
  const fresh = await sandboxClient(session.sandbox.url, SANDBOX_PRO_FULL_KEY);
  try {
    return (await callOk(fresh.client, 'resolve_players', { players: ids.map((id) => ({ player_id: id })) }))
      .body.data as Record<string, unknown>[];
  } finally {
    await fresh.close();
  }
}

describe('resolve_players from a cached ranking', () => {
  it('answers the rows a ranking holds without a request, as resolve-batch would', async () => {
    const random = generator(`${SAMPLE_SEED}:same-fact`);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const [role, league] = [pick(ROLES), pick(LEAGUES)];
    const label = `${role} in ${league}, seed ${SAMPLE_SEED} (replay: FOOTBALL_TEST_SAMPLE_SEED=${SAMPLE_SEED})`;
    await callOk(session.client, 'rank_players_by_role', { role, league, limit: 30 });
    const ranked = await rankingRows(role, league, 30);
    const rows = ranked.filter(() => random() < 0.5).slice(0, 8);
    if (rows.length === 0) rows.push(ranked[0] as Row);
    const ids = rows.map((r) => r.player_id);
    const before = session.sandbox.requestCount();
    const { body, text } = await callOk(session.client, 'resolve_players', {
      players: ids.map((id) => ({ player_id: id })),
    });
    // A row not linked yet, or lacking what the answer shows, is asked of resolve-batch (one request).
    const asked = rows.some((r) => !whole(r));
    expect(session.sandbox.requestCount() - before, label).toBe(asked ? 1 : 0);
    expect(body.source.cached, label).toBe(!asked);
    if (rows.some(whole))
      expect(body.notes.join(' '), label).toMatch(/resolved from a cached ranking answer/);
    expect(text, label).toContain(ids[0]);
    expect(factsOf(body.data), label).toEqual(factsOf(await freshlyResolved(ids)));
  });

  it('asks resolve-batch only for the players no cached list holds, and keeps the order asked', async () => {
    await callOk(session.client, 'rank_players_by_role', { role: 'mezzala', league: 'Ligue 1', limit: 10 });
    const [inRanking] = await rowIds('mezzala', 'Ligue 1', 1);
    // A goalkeeper of a league no ranking of this file reads: in no cached list.
    const [elsewhere] = await rowIds('gardien_moderne', 'Ligue 2', 1);
    const ids = [elsewhere as string, inRanking as string];
    const before = session.sandbox.requests().length;
    const { body } = await callOk(session.client, 'resolve_players', {
      players: ids.map((id) => ({ player_id: id })),
    });
    const sent = session.sandbox.requests().slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/v1/players/resolve-batch']);
    expect(body.source.cached).toBe(false);
    expect(factsOf(body.data)).toEqual(factsOf(await freshlyResolved(ids)));
  });

  it('a run that accepts no cached answer asks resolve-batch', async () => {
    await callOk(session.client, 'rank_players_by_role', { role: 'faux_9', league: 'Serie A', limit: 5 });
    const ids = await rowIds('faux_9', 'Serie A', 3);
    const before = session.sandbox.requests().length;
    await callOk(session.client, 'resolve_players', {
      players: ids.map((id) => ({ player_id: id })),
      max_cache_age_s: 0,
    });
    const sent = session.sandbox.requests().slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/v1/players/resolve-batch']);
  });
});
