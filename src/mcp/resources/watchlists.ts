import { damagedNotes, summarize } from '../../watchlists/plan.js';
import { watchlistAccess } from '../watchlists.js';
import type { FixedResource } from './resource.js';

/** The key's watchlists: read from our own store, never the upstream. */
export default {
  name: 'watchlists',
  uri: 'football://watchlists',
  title: 'Watchlists',
  description:
    "This API key's watchlists: players, pending rows, last refresh, the data's date and what a refresh costs in requests.",
  async read({ deps }) {
    const { store, owner } = watchlistAccess(deps);
    const lists = await store.list(owner);
    const damaged = lists.filter((list) => list.damaged);
    return {
      data: lists.filter((list) => !list.damaged).map(summarize),
      ...(damaged.length > 0 ? { damaged: damagedNotes(damaged) } : {}),
    };
  },
} satisfies FixedResource;
