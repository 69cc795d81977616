// A head of recruitment's brief, worked through the built server over HTTP with a real SDK client on
// the embedded sandbox: the words a scout uses, and what each answer says of itself.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, structured, textOf, useHttpServerSession } from '../support/mcp.js';

const server = useHttpServerSession('scout-journey', ['--sandbox']);

beforeAll(async () => {
  await server.client.listTools();
});

describe("a scout's words for a position", () => {
  it.each(['CB', 'centre-back', 'center back', 'left centre-back', 'Centre-Backs'])(
    'scout_players searches every centre-back role for "%s"',
    async (word) => {
      const result = await call(server.client, 'scout_players', {
        roles: [word],
        league: 'Eredivisie',
        limit: 5,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(structured(result).roles.sort()).toEqual(
        ['defenseur_aerien', 'defenseur_mobile', 'defenseur_relanceur', 'defenseur_stoppeur'].sort(),
      );
      expect(textOf(result)).toContain(`"${word}" searched every centre back role`);
    },
  );

  it('rank_players_by_role, which ranks one role, names the four centre-back roles for "CB"', async () => {
    const result = await call(server.client, 'rank_players_by_role', { role: 'CB' });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    for (const key of ['defenseur_stoppeur', 'defenseur_relanceur', 'defenseur_mobile', 'defenseur_aerien'])
      expect(text).toContain(key);
    expect(text).toContain('scout_players');
    expect(text).not.toMatch(/lateral_|milieu_/);
  });

  it.each([
    ['LB', 'lateral_'],
    ['ST', 'attaquant_'],
    ['GK', 'gardien_'],
    ['left winger', 'ailier_'],
  ])('"%s" is understood as its family', async (word, prefix) => {
    const result = await call(server.client, 'scout_players', { roles: [word], league: 'Ligue 1', limit: 3 });
    expect(result.isError, textOf(result)).toBeFalsy();
    for (const key of structured(result).roles)
      expect(key.startsWith(prefix) || key === 'faux_9' || key === 'renard_des_surfaces').toBe(true);
  });
});

describe("a scout's words for a league", () => {
  it.each([
    ['Belgian second division', 'Challenger Pro League'],
    ['Dutch top flight', 'Eredivisie'],
    ['the English fourth tier', 'League Two'],
  ])('"%s" is read as %s, and the answer says so', async (words, name) => {
    const result = await call(server.client, 'rank_players_by_role', {
      role: 'defenseur_relanceur',
      league: words,
      limit: 3,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain(`league "${words}" read as ${name} (`);
    const ranked = structured(
      await call(server.client, 'rank_players_by_role', {
        role: 'defenseur_relanceur',
        league: name,
        limit: 3,
      }),
    );
    expect(structured(result).data).toEqual(ranked.data);
  });

  it('suggests the same country first for a league it cannot place', async () => {
    const result = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Belgian fifth division',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Closest \(Belgium\): Belgian Pro League, Challenger Pro League/);
  });
});

describe('a batch with an id that has no row', () => {
  const ids = async () =>
    structured(
      await call(server.client, 'rank_players_by_role', {
        role: 'defenseur_relanceur',
        league: 'Ligue 2',
        limit: 4,
      }),
    ).data.map(
      (e: { service_id: string | null; player_id: string }) => e.service_id ?? e.player_id,
    ) as string[];

  it('compare_players answers every other player and names the one it could not', async () => {
    const good = await ids();
    const asked = [good[0], 'p_no_such_row', ...good.slice(1)];
    const result = await call(server.client, 'compare_players', { player_ids: asked });
    expect(result.isError, textOf(result)).toBeFalsy();
    const rows = structured(result).data as { player_id: string; service_id: string | null }[];
    expect(rows.map((r) => r.service_id ?? r.player_id)).toEqual(good);
    expect(textOf(result)).toContain('p_no_such_row not answered: no row');
    // In the structure too: an agent reading only it must not take the rows for every player asked.
    expect(structured(result).unanswered).toEqual([
      { id: 'p_no_such_row', reason: expect.stringMatching(/^no row/) },
    ]);
  });

  it('fit_score does the same, and fails only when no id answers', async () => {
    const good = await ids();
    const some = await call(server.client, 'fit_score', { player_ids: [good[0], 'p_no_such_row'] });
    expect(some.isError, textOf(some)).toBeFalsy();
    // One row a (player, club) pair: every row is the player who answered.
    const rows: { service_id: string | null; player_id?: string }[] = structured(some).data;
    expect(new Set(rows.map((r) => r.service_id ?? r.player_id))).toEqual(new Set([good[0]]));
    expect(textOf(some)).toContain('p_no_such_row not answered');
    expect(structured(some).unanswered?.map((u: { id: string }) => u.id)).toEqual(['p_no_such_row']);
    const none = await call(server.client, 'fit_score', { player_ids: ['p_no_such_row', 'p_nor_this_one'] });
    expect(none.isError).toBe(true);
  });
});

describe('errors that point to the tool that helps', () => {
  it('fit_score with a short club name takes the one club it names; an unknown club points to search_teams', async () => {
    const ranking = structured(
      await call(server.client, 'rank_players_by_role', {
        role: 'defenseur_relanceur',
        league: 'Ligue 1',
        limit: 1,
      }),
    );
    const id = ranking.data[0].service_id ?? ranking.data[0].player_id;
    // "Reims" for the Ligue 1 club the sandbox calls Racing Club de Reims (the README's example).
    const result = await call(server.client, 'fit_score', { player_ids: [id], club: 'Reims' });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain('club "Reims" read as "Racing Club de Reims"');
    expect(structured(result).data[0].target_club).toBe('Racing Club de Reims');
    const nowhere = await call(server.client, 'fit_score', { player_ids: [id], club: 'Zzyzx Athletic' });
    expect(nowhere.isError).toBe(true);
    expect(textOf(nowhere)).toContain('search_teams');
    expect(textOf(nowhere)).not.toMatch(/role key|season/i);
  });
});

it('a name where an id belongs points to search_players, before any request', async () => {
  for (const [tool, args] of [
    ['get_player', { player_id: 'Mamadou Mbondé' }],
    ['compare_players', { player_ids: ['Mamadou Mbondé', 'Louis Levin'] }],
  ] as const) {
    const result = await call(server.client, tool, args);
    expect(result.isError, tool).toBe(true);
    expect(textOf(result)).toContain('looks like a name, not an id: search_players');
  }
});
