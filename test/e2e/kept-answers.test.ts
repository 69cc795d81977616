// A repeated call may be given its kept answer (src/mcp/answer-memo.ts). The servers the tests start
// check every such answer against one made anew (FOOTBALL_CHECK_REPLAYS, test/support/server-env.ts)
// and fail the call when they differ: here two sessions of the built server fire a seeded mix of the
// calls an agent repeats (misses, hits and answers kept, side by side), and every one must succeed.
import { describe, expect, it } from 'vitest';
import { callOk, httpClient, useHttpServer } from '../support/mcp.js';
import { FULL_RUN, generator, SAMPLE_SEED } from '../support/sample.js';

const server = useHttpServer(['--sandbox'], {});

/** Answers given again so far, all tools together, as the server's /metrics counts them. */
async function replayed(): Promise<number> {
  const text = await (await fetch(new URL('/metrics', server.url))).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('football_scout_answers_replayed_total{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('answers kept for repeated calls', () => {
  it('are the answers made anew, whatever ran between them', async () => {
    const sessions = await Promise.all([httpClient(server.url, 'kept-a'), httpClient(server.url, 'kept-b')]);
    try {
      const [a] = sessions;
      const ranked = await callOk(a, 'rank_players_by_role', { role: 'defenseur_relanceur', limit: 20 });
      const ids = (ranked.body.data as { service_id: string | null }[])
        .flatMap((r) => (r.service_id ? [r.service_id] : []))
        .slice(0, 3);
      const name = (ranked.body.data as { name: string }[])[0]?.name ?? '';
      const calls: [string, Record<string, unknown>][] = [
        ['rank_players_by_role', { role: 'defenseur_relanceur', limit: 5 }],
        ['rank_players_by_role', { role: 'defenseur_relanceur', limit: 3 }],
        ['rank_players_by_role', { role: 'milieu_box_to_box', limit: 4 }],
        ['scout_players', { roles: ['mezzala'], max_age: 25 }],
        ['get_player', { player_id: ids[0] }],
        ['compare_players', { player_ids: ids }],
        ['player_history', { player_id: ids[1] }],
        ['search_players', { query: name }],
        ['list_leagues', {}],
        ['list_roles', {}],
        ['get_glossary', { query: 'pass' }],
      ];
      const random = generator(`${SAMPLE_SEED}:kept-answers`);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
      let answered = 0;
      for (let step = 0; step < (FULL_RUN ? 120 : 30); step += 1) {
        const fired = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(calls));
        await Promise.all(
          fired.map(async ([tool, args]) => {
            await callOk(pick(sessions), tool, args);
            answered += 1;
          }),
        );
      }
      expect(answered).toBeGreaterThanOrEqual(30);
      // Kept answers were given, so the check above compared some: a cache write still landing (each
      // moves the count) may void the ones kept last, so a repeated call is asked until one is given.
      for (let call = 0; call < 8 && (await replayed()) === 0; call += 1) await callOk(a, 'list_roles', {});
      expect(await replayed()).toBeGreaterThan(0);
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
    }
  });
});
