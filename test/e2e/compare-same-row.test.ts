// compare_players asked for one player under two of his ids (his service_id and his row id): the API
// answers the same row twice, and the answer says so rather than showing a player beside himself as two.
import { describe, expect, it } from 'vitest';
import { callOk, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();

describe('compare_players with one player asked twice', () => {
  it('names the row shown twice', async () => {
    const ranking = await callOk(session.client, 'rank_players_by_role', {
      role: 'faux_9',
      league: 'Ligue 1',
    });
    const [first, second] = (ranking.body.data as { service_id: string | null; name: string }[]).filter(
      (r) => r.service_id,
    );
    if (!first?.service_id || !second?.service_id) throw new Error('no two linked players in the ranking');
    const card = await callOk(session.client, 'get_player', { player_id: first.service_id, sections: [] });
    const row: string = card.body.data.player.player_id;
    const compared = await callOk(session.client, 'compare_players', {
      player_ids: [first.service_id, row, second.service_id],
    });
    const note = `${first.name} (row ${row}) is shown 2 times: the ids asked name the same row.`;
    expect(compared.body.notes).toContain(note);
    expect(compared.text).toContain(`Note: ${note}`);
    const once = await callOk(session.client, 'compare_players', {
      player_ids: [first.service_id, second.service_id],
    });
    expect(once.body.notes ?? []).not.toContainEqual(expect.stringContaining('is shown 2 times'));
  });
});
