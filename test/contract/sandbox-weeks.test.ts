// Time in the sandbox: week N moves the world on from today's data, deterministically. Week 0 is
// today's answers byte for byte; a week later rounds have been played, indices recalculated, values
// moved; in a transfer window a few players change club (a new player_id, the same service_id); some
// unlinked rows get linked; past seasons never change.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPS } from '../../src/sandbox/data/leagues.js';
import { CURRENT_SEASON } from '../../src/sandbox/data/seasons.js';
import { TRANSFER_WEEKS } from '../../src/sandbox/data/week.js';
import { World } from '../../src/sandbox/data/world.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

const LIGUE_1 = COMPS.find((c) => c.name === 'Ligue 1');
const WINDOW = TRANSFER_WEEKS[0] ?? 7;

const sandboxes = new Map<string, RunningSandbox>();
async function at(week: number | undefined, copy = ''): Promise<RunningSandbox> {
  const name = `${week}${copy}`;
  let sandbox = sandboxes.get(name);
  if (!sandbox) {
    sandbox = await startSandbox(week === undefined ? { port: 0 } : { port: 0, week });
    sandboxes.set(name, sandbox);
  }
  return sandbox;
}
afterAll(async () => {
  await Promise.all([...sandboxes.values()].map((s) => s.close()));
});

async function get(sandbox: RunningSandbox, path: string, body?: unknown): Promise<string> {
  const res = await fetch(sandbox.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-API-Key': sandbox.demoKey, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
  return text;
}
const json = async (sandbox: RunningSandbox, path: string, body?: unknown) =>
  JSON.parse(await get(sandbox, path, body)) as Record<string, unknown> & { data: never };

interface SquadRow {
  player_id: string;
  service_id: string | null;
  club: string;
  minutes: number;
  performance_index: number;
  market_value_eur: number;
}

/** Every squad row of Ligue 1 in the current season, by player_id. */
async function ligue1(sandbox: RunningSandbox): Promise<Map<string, SquadRow>> {
  const teams = (await json(sandbox, '/v1/teams?league=Ligue%201&limit=50')).data as { team_id: string }[];
  const out = new Map<string, SquadRow>();
  for (const team of teams) {
    for (const row of (await json(sandbox, `/v1/teams/${team.team_id}/squad`)).data as SquadRow[]) {
      out.set(row.player_id, row);
    }
  }
  return out;
}

let week0: Map<string, SquadRow>;
let week1: Map<string, SquadRow>;
beforeAll(async () => {
  [week0, week1] = await Promise.all([ligue1(await at(0)), ligue1(await at(1))]);
});

describe('week 0', () => {
  it('is today’s data, byte for byte, on every kind of route', async () => {
    const [none, zero] = await Promise.all([at(undefined), at(0)]);
    expect(zero.week).toBe(0);
    const top = JSON.parse(await get(none, '/v1/rankings?role=faux_9&league=Ligue%201&limit=5')).data[0];
    const team = JSON.parse(await get(none, '/v1/teams?league=Ligue%201&limit=1')).data[0];
    const paths = [
      '/v1/rankings?role=faux_9&league=Ligue%201&limit=5',
      '/v1/seasons',
      `/v1/players/${top.service_id}`,
      `/v1/players/${top.player_id}/statistics`,
      `/v1/players/${top.player_id}/roles`,
      `/v1/players/${top.player_id}/market-value`,
      `/v1/players/${top.player_id}/history`,
      `/v1/teams/${team.team_id}`,
      `/v1/teams/${team.team_id}/squad`,
    ];
    for (const path of paths) expect(await get(zero, path)).toBe(await get(none, path));
    const body = { roles: ['faux_9'], ageMax: 23, limit: 10 };
    expect(await get(zero, '/v1/scouting', body)).toBe(await get(none, '/v1/scouting', body));
  });
});

describe('a week later', () => {
  it('has played a round: no one loses minutes, most who play gain some', () => {
    let grew = 0;
    for (const [id, before] of week0) {
      const after = week1.get(id);
      expect(after, id).toBeDefined();
      expect(after?.minutes).toBeGreaterThanOrEqual(before.minutes);
      if ((after?.minutes ?? 0) > before.minutes) grew++;
    }
    expect(grew / week0.size).toBeGreaterThan(0.4);
  });

  it('has recalculated the indices and moved the market values', () => {
    let scores = 0;
    let values = 0;
    for (const [id, before] of week0) {
      const after = week1.get(id) as SquadRow;
      if (after.performance_index !== before.performance_index) scores++;
      if (after.market_value_eur !== before.market_value_eur) values++;
      // A drift, not a new world.
      expect(Math.abs(after.performance_index - before.performance_index)).toBeLessThan(8);
      expect(after.market_value_eur / before.market_value_eur).toBeGreaterThan(0.8);
      expect(after.market_value_eur / before.market_value_eur).toBeLessThan(1.25);
    }
    expect(scores / week0.size).toBeGreaterThan(0.7);
    expect(values / week0.size).toBeGreaterThan(0.5);
  });

  it('dates its data a week later; past seasons do not change', async () => {
    const [zero, one] = await Promise.all([at(0), at(1)]);
    const id = [...week0.values()][0]?.player_id;
    expect(JSON.parse(await get(one, `/v1/players/${id}`)).data.data_as_of).toBe('2026-11-23');
    const seasons = JSON.parse(await get(one, '/v1/seasons')).data as {
      season: string;
      data_as_of: string;
    }[];
    expect(seasons.map((s) => s.data_as_of)).toEqual(['2025-06-02', '2026-06-01', '2026-11-23']);
    const past = '/v1/rankings?role=faux_9&league=Ligue%201&saison=25-26&limit=20';
    expect(await get(one, past)).toBe(await get(zero, past));
  });
});

describe('the transfer window', () => {
  it('moves a few players: a new row at the new club, the same service_id; the old row stays', async () => {
    const world = new World('football-scout', { week: WINDOW });
    const moves = world.transfers();
    expect(moves.length).toBeGreaterThan(10);
    expect(moves.every((t) => t.week === WINDOW)).toBe(true);
    expect(new World('football-scout', { week: WINDOW - 1 }).transfers()).toHaveLength(0);
    const [before, after] = await Promise.all([at(WINDOW - 1), at(WINDOW)]);
    let checked = 0;
    for (const move of moves.slice(0, 5)) {
      const oldRow = world.compSeason(move.from.comp, CURRENT_SEASON).rows[move.from.row];
      if (!oldRow?.serviceId) continue;
      const was = JSON.parse(await get(before, `/v1/players/${oldRow.serviceId}`)).data;
      const is = JSON.parse(await get(after, `/v1/players/${oldRow.serviceId}`)).data;
      expect(is.service_id).toBe(was.service_id);
      expect(is.player_id).not.toBe(was.player_id);
      expect(is.club).not.toBe(was.club);
      expect(was.player_id).toBe(oldRow.id);
      // The old row is still there, at the old club; the history shows both.
      expect(JSON.parse(await get(after, `/v1/players/${was.player_id}`)).data.club).toBe(was.club);
      const history = JSON.parse(await get(after, `/v1/players/${oldRow.serviceId}/history`)).data as {
        season: string;
        player_id: string;
      }[];
      expect(history.filter((h) => h.season === '26-27').map((h) => h.player_id)).toEqual(
        expect.arrayContaining([was.player_id, is.player_id]),
      );
      // In the new squad, out of the old one.
      const squadOf = async (teamId: string) =>
        (JSON.parse(await get(after, `/v1/teams/${teamId}/squad`)).data as SquadRow[]).map(
          (r) => r.player_id,
        );
      expect(await squadOf(is.team_id)).toContain(is.player_id);
      expect(await squadOf(was.team_id)).not.toContain(was.player_id);
      // Found by name, the player is at his new club (the old row is not a second candidate).
      const [byName] = (await json(after, '/v1/players/resolve-batch', { players: [{ name: is.name }] }))
        .data as { status: string; player_id: string }[];
      if (byName?.status === 'resolved') expect(byName.player_id).toBe(is.player_id);
      else expect(byName?.status).toBe('ambiguous');
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('links', () => {
  it('some unlinked rows get their service_id as weeks pass', async () => {
    const [zeroWorld, laterWorld] = [new World('football-scout'), new World('football-scout', { week: 20 })];
    const comp = LIGUE_1 ?? COMPS[0];
    if (!comp) throw new Error('no league');
    const unlinked = zeroWorld.compSeason(comp, CURRENT_SEASON).rows.filter((r) => r.serviceId === null);
    const later = laterWorld.compSeason(comp, CURRENT_SEASON).rows;
    const linked = unlinked.filter((r) => later[r.row]?.serviceId);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.length).toBeLessThan(unlinked.length);
    const row = linked[0];
    const [zero, twenty] = await Promise.all([at(0), at(20)]);
    expect(JSON.parse(await get(zero, `/v1/players/${row?.id}`)).data.service_id).toBeNull();
    const now = JSON.parse(await get(twenty, `/v1/players/${row?.id}`)).data;
    expect(now.service_id).toMatch(/^ds_[0-9A-Za-z]{16}$/);
    expect(JSON.parse(await get(twenty, `/v1/players/${now.service_id}`)).data.name).toBe(now.name);
  });
});

describe('determinism', () => {
  it('the same week twice gives the same answers', async () => {
    const [a, b] = await Promise.all([at(WINDOW), at(WINDOW, 'again')]);
    const team = JSON.parse(await get(b, '/v1/teams?league=Ligue%201&limit=1')).data[0];
    for (const path of [
      '/v1/rankings?role=attaquant_de_pressing&league=Ligue%201&limit=10',
      `/v1/teams/${team.team_id}/squad`,
      '/v1/seasons',
    ]) {
      expect(await get(a, path)).toBe(await get(b, path));
    }
  });

  it('the standalone sandbox takes --week, and refuses one out of range', () => {
    const main = new URL('../../src/sandbox/main.ts', import.meta.url).pathname;
    const run = spawnSync(process.execPath, ['--import', 'tsx', main, '--week', '53'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('invalid week "53"');
    const help = spawnSync(process.execPath, ['--import', 'tsx', main, '--help'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(help.stdout).toContain('--week');
    expect(help.stdout).toContain('SANDBOX_WEEK');
  });
});
