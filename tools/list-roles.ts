import { z } from 'zod';
import { loadRoleRows, RoleRow } from '../src/api/role-rows.js';
import { defineTool } from '../src/mcp/tool.js';

export default defineTool({
  name: 'list_roles',
  title: 'List positional roles',
  toolset: 'reference',
  description:
    'The 31 positional roles grouped by position family: French key, English name (e.g. defenseur_relanceur = ball-playing centre-back), ' +
    'a one-line description and other accepted English names, with the former keys of renamed roles. Any of these names works as `role`. ' +
    'Call it when unsure which role fits a request. One request, cached 24 h.',
  input: {},
  output: z.array(RoleRow),
  run: (_args, { api, signal }) => loadRoleRows(api, signal),
  text: ({ data }) => {
    const families = [...new Set(data.map((r) => r.family))];
    return families
      .map((family) => {
        const keys = data
          .filter((r) => r.family === family)
          .map(
            (r) =>
              `${r.key} (${r.label}${r.deprecated_keys.length ? `; was ${r.deprecated_keys.join(', ')}` : ''})`,
          );
        return `${family}: ${keys.join(', ')}`;
      })
      .join('\n');
  },
});
