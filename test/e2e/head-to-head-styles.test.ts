// A head-to-head's counts on generated styles (src/sandbox/styles/): each count is the plain answer's,
// or null and named in the answer's `unread`, never a zero made up for want of reading it. The summary's
// counts under made-up names once printed "0 played, 0 won, 0 drawn, 0 lost".
import { beforeAll, describe, expect, it } from 'vitest';
import { call, closeSandboxSession, openSandboxSession, structured, textOf } from '../support/mcp.js';
import { drawn, sample } from '../support/sample.js';

const COUNTS = ['played', 'wins', 'draws', 'losses'] as const;
type Counts = Record<(typeof COUNTS)[number], number | null>;

/** Styles that rename fields, alone and with the pieces that move or reshape them. */
const STYLES = sample(
  'head-to-head styles',
  Array.from(
    { length: 60 },
    (_, i) => `s${i}:${['rename', 'rename,group', 'rename,display,objects'][i % 3]}`,
  ),
  8,
);

let teams: [string, string];
let plain: Counts;

beforeAll(async () => {
  const session = await openSandboxSession();
  try {
    const found = structured(await call(session.client, 'search_teams', { league: 'Ligue 1', limit: 2 }));
    teams = [found.data[0].team_id, found.data[1].team_id];
    plain = structured(await headToHead(session.client)).data.head_to_head;
  } finally {
    await closeSandboxSession(session);
  }
}, 90_000);

const headToHead = (client: Parameters<typeof call>[0]) =>
  call(client, 'get_team', { team_id: teams[0], other_team_id: teams[1], sections: ['head_to_head'] });

describe.each(STYLES)('style %s', (spec) => {
  it("each count is the plain answer's or named unread, never a zero made up", async () => {
    const session = await openSandboxSession({ style: spec });
    try {
      const result = await headToHead(session.client);
      const body = structured(result);
      const counts = body.data.head_to_head as Counts;
      const unread: string[] = body.unread ?? [];
      for (const count of COUNTS) {
        const fact = `${count}: ${counts[count]} (plain ${plain[count]}); unread ${unread.join(', ')}\n${textOf(result)}`;
        if (counts[count] === null) expect(unread, drawn(`${spec} ${fact}`)).toContain(count);
        else expect(counts[count], drawn(`${spec} ${fact}`)).toBe(plain[count]);
      }
    } finally {
      await closeSandboxSession(session);
    }
  }, 90_000);
});
