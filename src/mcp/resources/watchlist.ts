import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { nearest } from '../../domain/nearest.js';
import { summarize } from '../../watchlists/plan.js';
import { completeWatchlist } from '../completions.js';
import { watchlistAccess } from '../watchlists.js';
import type { TemplateResource } from './resource.js';

/** One of the key's watchlists: read from our own store, never the upstream. */
export default {
  name: 'watchlist',
  uriTemplate: 'football://watchlists/{name}',
  title: 'One watchlist',
  description:
    'One watchlist by name: its players (service_id, or the row of a pending one) and its last snapshot, e.g. football://watchlists/Full-backs.',
  async list(deps) {
    if (!deps.watchlists) return [];
    const { store, owner } = deps.watchlists;
    // A store out of reach must not fail resources/list as a whole: reading football://watchlists
    // says why.
    const docs = await store.list(owner).catch(() => []);
    return docs.map((doc) => ({
      uri: `football://watchlists/${encodeURIComponent(doc.name)}`,
      name: doc.name,
      title: `Watchlist ${doc.name}`,
    }));
  },
  complete: (deps) => ({ name: (value) => completeWatchlist(deps.watchlists, value) }),
  async read(variables, { deps }) {
    const { store, owner } = watchlistAccess(deps);
    const wanted = variables.name ?? '';
    const doc = await store.get(owner, wanted);
    if (!doc) {
      const names = (await store.list(owner)).map((d) => d.name);
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `No watchlist "${wanted}" for this API key. Closest: ${nearest(wanted, names, 3).join(', ') || 'none'}. Read football://watchlists for all.`,
      );
    }
    return { ...summarize(doc), entries: doc.entries, last_snapshot: doc.snapshots.at(-1) ?? null };
  },
} satisfies TemplateResource;
