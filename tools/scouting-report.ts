import { z } from 'zod';
import type { ApiResult } from '../src/api/client.js';
import { publishReadNotes } from '../src/api/reader/notes-sink.js';
import { carryUnread, unreadWhy } from '../src/api/reader/unread.js';
import { percentileRadar } from '../src/charts/percentile-radar.js';
import { ClubName, hasMore, Limit, moreRows, PlayerIdArg, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { withClubHint } from './kit/club-hint.js';
import { fitForTheirFootball } from './kit/club-side.js';
import { fetchFits } from './kit/fits.js';
import { CostOut, Gathering, PartFailureOut, requestsText } from './kit/gather.js';
import { historyShown, mostRecent } from './kit/history-rows.js';
import { plan } from './kit/plan.js';
import { fetchRecord, fetchSections, PlayerCardOut, SectionsOut } from './kit/player-sections.js';
import { cardText, failuresText, familyOfCard, namedStatistics, sectionsText } from './kit/player-text.js';
import { canonicalSections } from './kit/section-statistics.js';
import { PLAYER_NOT_FOUND } from './kit/shapes.js';
import { shownOr } from './kit/shown.js';
import { gatherGlossary, glossaryOf, namesOf, statisticLabel } from './kit/statistic-labels.js';
import { formatCell, table } from './kit/text.js';

const REPORT_SECTIONS = ['roles', 'strengths', 'market_value', 'projections', 'similar'] as const;
const MAX_SIMILAR = 20;
/** Most recent seasons shown: a long career would crowd the report (all when a season is unread). */
const HISTORY_SHOWN = 10;

const HistoryOut = z.array(
  z.object({
    season: z.string().nullable().describe('null when absent or unread (the note names it).'),
    club: z.string().nullable(),
    league: z.string().nullable(),
    competition: z.string().nullable(),
    minutes: z.number().nullable(),
    player_id: z.string().nullable(),
  }),
);
const FitOut = z.object({
  club: z.string().nullable(),
  league: z.string().nullable(),
  score: z.number().nullable(),
});

export default defineTool({
  name: 'scouting_report',
  title: 'Scouting report',
  toolset: 'players',
  description:
    'A full report on one player in one call: identity, season history, best roles, strengths and weaknesses, market value, league projections, similar profiles, fit for `club`. Up to 8 requests (9 with club; more if it is named otherwise or of another football).',
  input: {
    player_id: PlayerIdArg,
    season: Season.optional(),
    club: ClubName.optional().describe('Club to assess fit for, e.g. FC Lens'),
    similar_limit: Limit(5, MAX_SIMILAR).describe('Similar profiles.'),
  },
  output: z.object({
    player: PlayerCardOut,
    history: HistoryOut.optional(),
    ...SectionsOut,
    fit: FitOut.optional(),
    unavailable: z.array(PartFailureOut).optional(),
  }),
  extra: { requests: CostOut },
  notFound: PLAYER_NOT_FOUND,
  async run({ player_id, season, club, similar_limit }, ctx) {
    const { api } = ctx;
    const saison = seasonParam(season);
    const query = { id: player_id, saison, similarLimit: similar_limit };
    // Record, history, the sections, the glossary (for the statistics' names) and the fit.
    const gathering = new Gathering(
      3 + REPORT_SECTIONS.length + (club ? 1 : 0),
      ctx,
      plan([
        [2, 'record, seasons'],
        [REPORT_SECTIONS.length, `${REPORT_SECTIONS.length} sections`],
        [1, 'glossary'],
        [club ? 3 : 0, 'fit, and the club named again if the API knows it by another name'],
        // kit/club-side.ts: the leagues list, a team search and a second fit for the side of his football.
        [club ? 3 : 0, "the club's side of his football checked, when it plays in another league"],
      ]),
    );
    const [player, history, { sections: asSent, readInPart }, glossary, fit] = await Promise.all([
      gathering.required('record', (signal) => fetchRecord(api, query, signal)),
      gathering.optional('history', (signal) =>
        api.playerHistory({ id: player_id, signal }).then((r) => ({
          ...r,
          data: mostRecent(r.data.data.map(historyShown), HISTORY_SHOWN),
        })),
      ),
      fetchSections(gathering, api, query, REPORT_SECTIONS),
      gatherGlossary(gathering, api),
      club
        ? gathering.optional('fit', (signal) =>
            withClubHint(api, club, signal, (named) => {
              const fits = (club: string | undefined) =>
                fetchFits(api, { player_ids: [player_id], club, saison }, signal);
              return fits(named).then((r) => fitForTheirFootball(api, club, signal, r, fits));
            }).then((r): ApiResult<z.infer<typeof FitOut> | undefined> => {
              const best = r.data[0]?.fits?.[0];
              // A fit list the reading could not read is no "no fit": the answer says so.
              if (!best && r.data[0] && unreadWhy(r.data[0], 'fits') !== undefined)
                publishReadNotes([
                  `The fit for ${club} could not be read: the API's fit list names its fields otherwise (see \`football-scout-mcp doctor\`).`,
                ]);
              return {
                ...r,
                data:
                  best &&
                  carryUnread(
                    // The club as the fit list names it: never the argument (a team id is no name).
                    { club: best.club ?? null, league: best.league ?? null, score: best.score ?? null },
                    best,
                    {
                      club: 'club',
                      league: 'league',
                      score: 'score',
                    },
                  ),
              };
            }),
          )
        : undefined,
    ]);
    const sections = canonicalSections(asSent, glossary);
    const failures = gathering.failures;
    return {
      data: {
        player,
        ...(history ? { history } : {}),
        ...sections,
        ...(fit ? { fit } : {}),
        ...(failures.length > 0 ? { unavailable: failures } : {}),
      },
      quota: gathering.quota(),
      source: gathering.source(),
      extra: { requests: gathering.cost() },
      glossary: namesOf(namedStatistics(sections), glossary),
      // The similar profiles, as get_player says of them: cut at similar_limit, or read in part.
      notes: sections.similar
        ? moreRows(sections.similar.length, similar_limit, MAX_SIMILAR, 'similar_limit')
        : [],
      ...(sections.similar
        ? { has_more: hasMore(sections.similar.length, similar_limit) || readInPart.has('similar') }
        : {}),
    };
  },
  text: ({ data, extra, glossary }, { club }) =>
    [
      `# Scouting report\n${cardText(data.player)}`,
      ...(data.history
        ? [
            `### Seasons\n${table(data.history, [
              ['season', (h) => h.season],
              ['club', (h) => h.club],
              ['league', (h) => h.league],
              ['competition', (h) => h.competition],
              ['minutes', (h) => h.minutes],
            ])}`,
          ]
        : []),
      ...sectionsText(data, familyOfCard(data.player), glossaryOf(glossary)),
      ...(data.fit
        ? [
            `### Fit for ${data.fit.club ?? `the club asked (${club})`} (${data.fit.league ?? 'league not given by the API'})${fitScoreText(data.fit)}`,
          ]
        : []),
      ...failuresText(data.unavailable),
      extra ? requestsText(extra.requests) : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  chart: ({ data, glossary, source }) => {
    const names = glossaryOf(glossary);
    return percentileRadar(data.player, data.strengths, source, (key) => statisticLabel(key, names));
  },
});

/** The fit's score line; none when the score could not be read (the note names it), never a dash. */
function fitScoreText(fit: z.infer<typeof FitOut>): string {
  const score = fit.score === null ? shownOr(fit, 'score', '–') : formatCell(fit.score);
  return score === undefined ? '' : `\nFit score ${score} (higher is better)`;
}
