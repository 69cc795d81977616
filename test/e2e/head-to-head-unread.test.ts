// A head-to-head whose summary, meetings and metrics the API names otherwise (every open name made up):
// no count is made up ("0 played, 0 won" was), and a list not read is never "(no rows)": the note names it.
import { expect, it } from 'vitest';
import { call, closeSandboxSession, openSandboxSession, structured, textOf } from '../support/mcp.js';

it('a head-to-head read under names not known shows no count it was not given', async () => {
  const plain = await openSandboxSession();
  let ids: string[];
  try {
    const teams = structured(await call(plain.client, 'search_teams', { league: 'Ligue 1', limit: 2 }));
    ids = teams.data.map((t: { team_id: string }) => t.team_id);
  } finally {
    await closeSandboxSession(plain);
  }
  expect(ids).toHaveLength(2);
  const session = await openSandboxSession({ style: 'm1:rename,casing' });
  try {
    const result = await call(session.client, 'get_team', {
      team_id: ids[0],
      sections: ['head_to_head'],
      other_team_id: ids[1],
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const text = textOf(result);
    expect(text).not.toMatch(/\b0 (played|won|drawn|lost)\b/);
    expect(text).not.toContain('(no rows)');
    const h = structured(result).data.head_to_head;
    for (const count of ['played', 'wins', 'draws', 'losses']) expect(h[count]).toBeNull();
    expect(structured(result).unread).toEqual(expect.arrayContaining(['meetings', 'comparison']));
  } finally {
    await closeSandboxSession(session);
  }
});
