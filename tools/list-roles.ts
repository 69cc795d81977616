import { z } from 'zod';
import { parseEnumRoles } from '../src/api/enums.js';
import { EnumsResponse } from '../src/api/schemas.js';
import { ROLE_FAMILIES, type RoleFamily } from '../src/domain/roles.js';
import { defineTool } from '../src/mcp/tool.js';

const RoleOut = z.object({
  key: z.string().describe('Current key to pass as `role`.'),
  family: z.string().describe('Position family, e.g. centre_back.'),
  deprecated_keys: z.array(z.string()).describe('Former keys of a renamed role; still accepted.'),
});

export default defineTool({
  name: 'list_roles',
  title: 'List positional roles',
  toolset: 'reference',
  description:
    'The 31 positional role keys (French, e.g. defenseur_relanceur = ball-playing centre-back) grouped by position family, ' +
    'with the former keys of the six roles renamed on 2026-09-18. Call it before rank_players_by_role or scout_players when unsure of a key. ' +
    'One request, cached 24 h.',
  input: {},
  output: z.array(RoleOut),
  async run(_args, { api, signal }) {
    const result = await api.call('enums', EnumsResponse, { signal });
    const live = new Map(parseEnumRoles(result.data).map((r) => [r.key, r]));
    const documented = (Object.entries(ROLE_FAMILIES) as [RoleFamily, readonly string[]][]).flatMap(
      ([family, keys]) =>
        keys.map((key) => ({ key, family, deprecated_keys: live.get(key)?.deprecatedKeys ?? [] })),
    );
    const known = new Set(documented.map((r) => r.key));
    // Roles the API added after the spec was written: listed too, so the model can use them.
    const added = [...live.values()]
      .filter((r) => !known.has(r.key))
      .map((r) => ({ key: r.key, family: r.family ?? 'other', deprecated_keys: r.deprecatedKeys }));
    return { ...result, data: [...documented, ...added] };
  },
  text: ({ data }) => {
    const families = [...new Set(data.map((r) => r.family))];
    return families
      .map((family) => {
        const keys = data
          .filter((r) => r.family === family)
          .map((r) => (r.deprecated_keys.length ? `${r.key} (was ${r.deprecated_keys.join(', ')})` : r.key));
        return `${family}: ${keys.join(', ')}`;
      })
      .join('\n');
  },
});
