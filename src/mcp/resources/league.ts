import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { nearest } from '../../domain/nearest.js';
import { fold } from '../../lib/fold.js';
import { completeLeague } from '../completions.js';
import { readLeagues } from './leagues.js';
import { notFound } from './list-body.js';
import type { TemplateResource } from './resource.js';

export default {
  name: 'league',
  uriTemplate: 'football://leagues/{league}',
  title: 'One league',
  description: 'One accessible league by name, e.g. football://leagues/Eredivisie.',
  complete: (deps) => ({ league: (value) => completeLeague(deps.api, value) }),
  async read(variables, ctx) {
    const wanted = variables.league ?? '';
    const list = await readLeagues(ctx);
    const all = list.data.data;
    const league = all.find((l) => fold(l.name) === fold(wanted));
    if (!league) {
      const closest = nearest(
        wanted,
        all.map((l) => l.name),
        3,
      );
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${notFound(list, `"${wanted}" is not a league this key can access.`, `"${wanted}"`)} Closest: ${closest.join(', ') || 'none'}. Read football://leagues for all.`,
      );
    }
    return league;
  },
} satisfies TemplateResource;
