// An answer that shows no row takes its season from the rows read: when every one of them carries it
// under a name not read, the answer's season is named unread, never left as "the API's current season".
import { describe, expect, it } from 'vitest';
import { markUnread } from '../../src/api/reader/unread.js';
import { seasonUnreadNote } from '../../tools/kit/read-season.js';

const unread = (row: object) => markUnread(row, { kind: 'player', fields: { season: 'name' }, names: {} });

describe('the season of an answer showing no row', () => {
  it('is named unread when every row read lacks it, marked unread', () => {
    expect(seasonUnreadNote([unread({ rank: 3 }), unread({ rank: 4 })])).toEqual([
      expect.stringMatching(/season could not be read/),
    ]);
  });

  it('is no note when a row read gives it, none was read, or none is marked unread (absent)', () => {
    expect(seasonUnreadNote([unread({ rank: 3 }), { rank: 4, season: '26-27' }])).toEqual([]);
    expect(seasonUnreadNote([])).toEqual([]);
    expect(seasonUnreadNote([{ rank: 3 }, { rank: 4 }])).toEqual([]);
  });
});
