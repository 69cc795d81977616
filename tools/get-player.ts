import { z } from 'zod';
import { hasMore, Limit, moreRows, PlayerIdArg, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { CostOut, Gathering, PartFailureOut, requestsText } from './kit/gather.js';
import { plan } from './kit/plan.js';
import {
  fetchRecord,
  fetchSections,
  PlayerCardOut,
  SECTION_NAMES,
  type SectionName,
  SectionsOut,
} from './kit/player-sections.js';
import {
  cardText,
  failuresText,
  familyOfCard,
  NAMING_SECTIONS,
  namedStatistics,
  sectionsText,
} from './kit/player-text.js';
import { canonicalSections } from './kit/section-statistics.js';
import { PLAYER_NOT_FOUND } from './kit/shapes.js';
import { gatherGlossary, glossaryOf, namesOf } from './kit/statistic-labels.js';

const DEFAULT_SECTIONS: SectionName[] = ['roles', 'strengths', 'market_value'];
const MAX_SIMILAR = 50;

export default defineTool({
  name: 'get_player',
  title: 'Player record',
  toolset: 'players',
  description:
    "One player's record (club, age, role, value...) and sections: statistics per 90, roles (best 5), strengths and weaknesses (percentiles), market_value, projections, similar. 1 request each, +1, +1 glossary. Full report: scouting_report.",
  input: {
    player_id: PlayerIdArg,
    season: Season.optional(),
    sections: z.array(z.enum(SECTION_NAMES)).max(SECTION_NAMES.length).default(DEFAULT_SECTIONS),
    similar_limit: Limit(5, MAX_SIMILAR).describe('Similar profiles.'),
  },
  output: z.object({
    player: PlayerCardOut,
    ...SectionsOut,
    unavailable: z.array(PartFailureOut).optional(),
  }),
  extra: { requests: CostOut },
  notFound: PLAYER_NOT_FOUND,
  async run({ player_id, season, sections, similar_limit }, ctx) {
    const query = { id: player_id, saison: seasonParam(season), similarLimit: similar_limit };
    const names = [...new Set(sections)];
    // Sections that name statistics name them by the glossary: one more part, free once cached.
    const naming = names.some((name) => NAMING_SECTIONS.includes(name));
    const parts = names.length + 1 + (naming ? 1 : 0);
    const gathering = new Gathering(
      parts,
      ctx,
      plan([
        [
          parts,
          `record, ${names.length} section${names.length === 1 ? '' : 's'}${naming ? ', glossary' : ''}`,
        ],
      ]),
    );
    const [player, { sections: asSent, readInPart }, glossary] = await Promise.all([
      gathering.required('record', (signal) => fetchRecord(ctx.api, query, signal)),
      fetchSections(gathering, ctx.api, query, names),
      naming ? gatherGlossary(gathering, ctx.api) : undefined,
    ]);
    const found = glossary ? canonicalSections(asSent, glossary) : asSent;
    const failures = gathering.failures;
    return {
      data: { player, ...found, ...(failures.length > 0 ? { unavailable: failures } : {}) },
      quota: gathering.quota(),
      source: gathering.source(),
      extra: { requests: gathering.cost() },
      ...(glossary ? { glossary: namesOf(namedStatistics(found), glossary) } : {}),
      notes: found.similar ? moreRows(found.similar.length, similar_limit, MAX_SIMILAR, 'similar_limit') : [],
      ...(found.similar
        ? { has_more: hasMore(found.similar.length, similar_limit) || readInPart.has('similar') }
        : {}),
    };
  },
  text: ({ data, extra, glossary }) =>
    [
      cardText(data.player),
      ...sectionsText(data, familyOfCard(data.player), glossaryOf(glossary)),
      ...failuresText(data.unavailable),
      extra ? requestsText(extra.requests) : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
});
