import { z } from 'zod';
import { unreadWhy } from '../src/api/reader/unread.js';
import { PlayerIdArg } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { historyShown } from './kit/history-rows.js';
import { PLAYER_NOT_FOUND } from './kit/shapes.js';
import { table } from './kit/text.js';

const History = z.object({
  service_id: z
    .string()
    .nullable()
    .optional()
    .describe("The person's id; null while not linked yet; left out when the answer carried none readable."),
  name: z.string().nullable(),
  rows: z.array(
    z.object({
      season: z.string().nullable().describe('null when absent or unread (the note names it).'),
      player_id: z.string().nullable(),
      club: z.string().nullable(),
      league: z.string().nullable(),
      competition: z
        .string()
        .nullable()
        .describe('league or cup: cup rows have their own ids and statistics.'),
      minutes: z.number().nullable(),
    }),
  ),
});

export default defineTool({
  name: 'player_history',
  title: 'Player id history',
  toolset: 'players',
  description:
    "A player's rows season by season (club, league or cup, player_id of each): to follow him across transfers or find last season's player_id. 1 request a page.",
  input: { player_id: PlayerIdArg },
  output: History,
  notFound: PLAYER_NOT_FOUND,
  async run({ player_id }, { api, signal }) {
    const result = await api.playerHistory({ id: player_id, signal });
    const body = result.data;
    const found = body.service_id ?? rowsServiceId(body.data) ?? body.service_id;
    // Null beside a name the reader could not place is unread too, never "not linked".
    const service_id = found === null && unreadWhy(body, 'service_id') !== undefined ? undefined : found;
    const data = {
      ...(service_id === undefined ? {} : { service_id }),
      name: body.name ?? null,
      rows: body.data.map(historyShown),
    };
    // Lacking (not null) it is unread, not unlinked: the answer's note names it.
    const notes =
      service_id === null
        ? [
            'This row is not linked to a person yet (transitory): its history is just itself. Try resolve_players later.',
          ]
        : service_id === undefined
          ? [
              "The API's answer carried no service_id the server could read: whether this player is linked is not known.",
            ]
          : [];
    return { ...result, data, notes };
  },
  text: ({ data }) =>
    `${data.name ?? 'Player'} — service_id ${data.service_id === undefined ? 'unread' : (data.service_id ?? 'not linked yet')}\n` +
    table(data.rows, [
      ['season', (r) => r.season],
      ['competition', (r) => r.competition],
      ['club', (r) => r.club],
      ['league', (r) => r.league],
      ['minutes', (r) => r.minutes],
      ['player_id', (r) => r.player_id],
    ]),
});

/**
 * The person the rows name when the answer gave no service_id beside them: the one service_id its rows
 * carry, all alike; undefined otherwise.
 */
function rowsServiceId(rows: readonly { service_id?: string | null | undefined }[]): string | undefined {
  const ids = new Set(rows.map((r) => r.service_id));
  const [only] = ids;
  return ids.size === 1 && typeof only === 'string' ? only : undefined;
}
