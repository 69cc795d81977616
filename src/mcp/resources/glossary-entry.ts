import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { nearest } from '../../domain/nearest.js';
import { fold } from '../../lib/fold.js';
import { entryKey, readGlossary } from './glossary.js';
import { notFound } from './list-body.js';
import type { TemplateResource } from './resource.js';

export default {
  name: 'glossary-entry',
  uriTemplate: 'football://glossary/{entry}',
  title: 'One glossary entry',
  description: 'One statistic or index by key, e.g. football://glossary/progressive_passes.',
  complete: (deps) => ({
    entry: async (value) => {
      const keys = await readGlossary(deps.api)
        .then((list) => list.data.data.map(entryKey).filter((k): k is string => k !== undefined))
        .catch(() => [] as string[]);
      const needle = fold(value);
      return keys.filter((k) => fold(k).includes(needle));
    },
  }),
  async read(variables, { deps, signal }) {
    const wanted = variables.entry ?? '';
    const list = await readGlossary(deps.api, signal);
    const entries = list.data.data;
    const entry = entries.find((e) => fold(entryKey(e) ?? '') === fold(wanted));
    if (!entry) {
      const keys = entries.map(entryKey).filter((k): k is string => k !== undefined);
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${notFound(list, `No glossary entry "${wanted}".`, `The entry "${wanted}"`)} Closest: ${nearest(wanted, keys, 3).join(', ') || 'none'}. Read football://glossary for all.`,
      );
    }
    return entry;
  },
} satisfies TemplateResource;
