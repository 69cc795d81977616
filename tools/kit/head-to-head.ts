// A head-to-head's counts (played, won, drawn, lost) as read: each the API's, absent, or unread, never a
// zero made up for want of reading it; and their words in the text.
import { carryUnread, markUnread, unreadMarks, unreadWhy } from '../../src/api/reader/unread.js';
import { emptyCell, joined } from './shown.js';

const COUNTS = ['played', 'wins', 'draws', 'losses'] as const;
type Count = (typeof COUNTS)[number];
export type HeadToHeadCounts = Record<Count, number | null>;

const WORDS: Readonly<Record<Count, string>> = {
  played: 'played',
  wins: 'won',
  draws: 'drawn',
  losses: 'lost',
};

/** What a head-to-head answer holds the counts in: its summary, and the meetings listed. */
interface HeadToHeadRead {
  summary?: Partial<Record<Count, number | null | undefined>> | null | undefined;
  meetings?: readonly unknown[] | null | undefined;
}

/**
 * The counts of a head-to-head answer, each marked unread where the reader could not read it (the summary
 * or one count under a name nothing reads). With no summary at all, the meetings listed are its games.
 */
export function headToHeadCounts(data: HeadToHeadRead): HeadToHeadCounts {
  const summary = data.summary;
  const unread = unreadWhy(data, 'summary');
  const counts: HeadToHeadCounts = {
    played:
      summary?.played ?? (summary == null && unread === undefined ? (data.meetings?.length ?? null) : null),
    wins: summary?.wins ?? null,
    draws: summary?.draws ?? null,
    losses: summary?.losses ?? null,
  };
  if (unread === undefined)
    return carryUnread(counts, summary, Object.fromEntries(COUNTS.map((c) => [c, c])));
  const names = unreadMarks(data)?.names.summary ?? [];
  return markUnread(counts, {
    kind: 'head_to_head',
    fields: Object.fromEntries(COUNTS.map((c) => [c, unread])),
    names: Object.fromEntries(COUNTS.map((c) => [c, names])),
  });
}

/** ": 5 played, 2 won, 1 drawn, 2 lost": an absent count as "–", an unread one left out (noted). */
export function headToHeadCountsText(h: HeadToHeadCounts): string {
  const parts = COUNTS.map((count) => {
    const n = h[count];
    if (n !== null) return `${n} ${WORDS[count]}`;
    return emptyCell(h, count) === '' ? undefined : `– ${WORDS[count]}`;
  });
  const text = joined(parts);
  return text === '' ? '' : `: ${text}`;
}
