import { z } from 'zod';
import { carryUnread, markUnread, unreadMarks, unreadWhy } from '../src/api/reader/unread.js';
import { ClubName, PlayerIdArg } from '../src/mcp/args.js';
import { currentSeason, fallbackWords } from '../src/mcp/season.js';
import { defineTool } from '../src/mcp/tool.js';
import {
  answerWhatYouCan,
  mostSplitCalls,
  UnansweredOut,
  unansweredFields,
  unansweredNotes,
} from './kit/batch-split.js';
import { withClubHint } from './kit/club-hint.js';
import { fitForTheirFootball } from './kit/club-side.js';
import { fetchFits } from './kit/fits.js';
import { announcePlan, type Plan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { idCell, PLAYER_NOT_FOUND, type RowIds, RowServiceId, rowIds } from './kit/shapes.js';
import { table } from './kit/text.js';

// One row a (player, club) pair, as the text shows it; its ids by the one rule (rowIds: its player_id only
// while unlinked).
const Fit = z.looseObject({
  service_id: RowServiceId,
  name: z.string().nullable(),
  club: z
    .string()
    .nullable()
    .describe("Club of the player's row (a note says when that row is not of this season)."),
  target_club: z.string().nullable(),
  target_league: z.string().nullable(),
  score: z.number().nullable(),
});
type FitRow = z.infer<typeof Fit> & RowIds;

export default defineTool({
  name: 'fit_score',
  title: 'Player-to-club fit',
  toolset: 'players',
  description:
    "How well 1-10 players fit a club's style, higher is better: with `club`, one score each; without, the best-fitting clubs of their league. 1 request; more if the club is named otherwise or of another football.",
  input: {
    player_ids: z.array(PlayerIdArg).min(1).max(10),
    club: ClubName.optional().describe('Club name (e.g. FC Lens) or team id; omit for best fits'),
  },
  output: z.array(Fit),
  extra: { requests: PlannedCostOut, ...UnansweredOut },
  notFound: PLAYER_NOT_FOUND,
  async run({ player_ids, club }, ctx) {
    const { api, signal } = ctx;
    const cost = fitPlan(player_ids.length, club !== undefined);
    announcePlan(ctx, cost);
    const fits = (club: string | undefined) =>
      answerWhatYouCan(player_ids, (ids) => fetchFits(api, { player_ids: ids, club }, signal), 1);
    const result = await withClubHint(api, club, signal, (named) =>
      fits(named).then((r) => fitForTheirFootball(api, club, signal, r, fits)),
    );
    const data = result.data.flatMap((row) => {
      const player: FitRow = {
        ...rowIds(row),
        name: row.name,
        club: row.club ?? null,
        target_club: null,
        target_league: null,
        score: null,
      };
      const fits = row.fits ?? [];
      // A fit list that could not be read leaves the row's fit unread (named in the note), not absent.
      const why = unreadWhy(row, 'fits');
      if (fits.length === 0 && why !== undefined) {
        const fields = { target_club: why, target_league: why, score: why };
        const names = unreadMarks(row)?.names.fits ?? [];
        return [
          markUnread(player, {
            kind: 'fit',
            fields,
            names: { target_club: names, target_league: names, score: names },
          }),
        ];
      }
      // A player the API scored for no club keeps his row, its score blank (a note names him), never dropped.
      if (fits.length === 0) return [player];
      // What the fit's reading could not read stays unread on the row shown (a league under another name).
      return fits.map((f) =>
        carryUnread(
          { ...player, target_club: f.club ?? null, target_league: f.league ?? null, score: f.score ?? null },
          f,
          { target_club: 'club', target_league: 'league', score: 'score' },
        ),
      );
    });
    const notes = result.data.flatMap((row) => {
      const when = row.season ? fallbackWords(row.season) : '';
      if (!when) return [];
      return [
        `${row.name ?? row.service_id ?? row.player_id}: club ${row.club ?? '(unnamed)'} is from the row of ${row.season}${when}, not of the current season ${currentSeason()}.`,
      ];
    });
    const unscored = result.data
      .filter((row) => (row.fits ?? []).length === 0 && unreadWhy(row, 'fits') === undefined)
      .map((row) => row.name ?? row.service_id ?? row.player_id);
    if (unscored.length > 0) {
      notes.push(
        `No fit score in the API's answer for ${unscored.join(', ')}${club ? ` at ${club}` : ' at any club'}: the fit column is blank for them.`,
      );
    }
    return {
      ...result,
      data,
      extra: { requests: plannedCost(cost), ...unansweredFields(result) },
      notes: [...notes, ...unansweredNotes(result)],
    };
  },
  text: ({ data, extra }, { club }) =>
    `Fit scores for ${club ? 'the club asked' : "the best-fitting clubs of each player's league"}, higher is better:\n` +
    table(data as FitRow[], [
      ['player', (r) => r.name],
      ['club', (r) => r.club],
      ['target club', (r) => r.target_club],
      ['league', (r) => r.target_league],
      ['fit', (r) => r.score],
      ['service_id', idCell],
    ]) +
    (extra ? `\n${plannedCostText(extra.requests)}` : ''),
});

/**
 * The scores: one batch, the players' rows cached one by one (a cached answer lacking a row, or one
 * that cannot be split by player, is asked again: 2 a batch), split when the API refuses an id. With a
 * club: the team search and the scores again when the API refuses its name (the refused batch sent
 * one), and the league list, the team search and the scores again when the side scored is of the other
 * football.
 */
function fitPlan(ids: number, club: boolean): Plan {
  const scores = 2 * mostSplitCalls(ids, 1);
  return plan([
    [scores, `the fit scores: 1 batch, up to ${scores} if the API refuses an id or answers unsplit`],
    [club ? 2 : 0, 'the team search and the scores again, if the API refuses the club name'],
    [
      club ? 2 + scores : 0,
      'the league list, the team search and the scores again, if the side scored is of another football',
    ],
  ]);
}
