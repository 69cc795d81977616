import { z } from 'zod';
import { PlayerIdArg } from '../src/mcp/args.js';
import { currentSeason, fallbackWords } from '../src/mcp/season.js';
import { defineTool } from '../src/mcp/tool.js';
import { answerWhatYouCan, unansweredNotes } from './kit/batch-split.js';
import { withClubHint } from './kit/club-hint.js';
import { fetchFits } from './kit/fits.js';
import { PLAYER_NOT_FOUND } from './kit/shapes.js';
import { table } from './kit/text.js';

const Fit = z.object({
  player_id: z.string().nullable(),
  service_id: z.string().nullable(),
  name: z.string().nullable(),
  club: z
    .string()
    .nullable()
    .describe("Club of the player's row (a note says when that row is not of this season)."),
  fits: z.array(z.object({ club: z.string().nullable(), league: z.string().nullable(), score: z.number() })),
});

export default defineTool({
  name: 'fit_score',
  title: 'Player-to-club fit',
  toolset: 'players',
  description:
    "How well 1-10 players fit a club's style (fit score, higher is better). With `club`, one score per player for that club; " +
    'without it, the best-fitting clubs of the player\'s league. Use it for "would he suit Lens?" or to find destinations. ' +
    'Costs 1 request unless every player is cached.',
  input: {
    player_ids: z.array(PlayerIdArg).min(1).max(10),
    club: z
      .string()
      .min(2)
      .max(80)
      .optional()
      .describe('Club name (e.g. "FC Lens") or team id; omit for best fits.'),
  },
  output: z.array(Fit),
  notFound: PLAYER_NOT_FOUND,
  async run({ player_ids, club }, { api, signal }) {
    const result = await withClubHint(api, club, signal, (club) =>
      answerWhatYouCan(player_ids, (ids) => fetchFits(api, { player_ids: ids, club }, signal), 1),
    );
    const data = result.data.map((row) => ({
      player_id: row.player_id,
      service_id: row.service_id,
      name: row.name,
      club: row.club ?? null,
      fits: (row.fits ?? []).map((f) => ({ club: f.club ?? null, league: f.league ?? null, score: f.score })),
    }));
    const notes = result.data.flatMap((row) => {
      const when = row.season ? fallbackWords(row.season) : '';
      if (!when) return [];
      return [
        `${row.name ?? row.service_id ?? row.player_id}: club ${row.club ?? '(unnamed)'} is from the row of ${row.season}${when}, not of the current season ${currentSeason()}.`,
      ];
    });
    return { ...result, data, notes: [...notes, ...unansweredNotes(result)] };
  },
  text: ({ data }) =>
    table(
      data.flatMap((p) => p.fits.map((fit) => ({ p, fit }))),
      [
        ['player', ({ p }) => p.name],
        ['club', ({ p }) => p.club],
        ['target club', ({ fit }) => fit.club],
        ['league', ({ fit }) => fit.league],
        ['fit', ({ fit }) => fit.score],
      ],
    ),
});
