import type { ApiClient } from '../../api/client.js';
import { listBody } from './list-body.js';
import type { FixedResource } from './resource.js';

// Read as get_glossary reads it: the cache keeps one reading per request, the first caller's.
export async function readGlossary(api: ApiClient, signal?: AbortSignal) {
  return api.glossary({ signal });
}

/** The glossary's shape is not documented: an entry is named by `key`, else `id` or `name`. */
export function entryKey(entry: Record<string, unknown>): string | undefined {
  return [entry.key, entry.id, entry.name].find((v): v is string => typeof v === 'string');
}

export default {
  name: 'glossary',
  uri: 'football://glossary',
  title: 'Glossary of statistics and indices',
  description: 'What each statistic, role index and computed index means, with its unit.',
  read: async ({ deps, signal }) => listBody(await readGlossary(deps.api, signal)),
} satisfies FixedResource;
