import { z } from 'zod';
import { loadRoleRows, type RoleRow } from '../src/api/role-rows.js';
import { defineTool } from '../src/mcp/tool.js';

const RoleOut = z.object({
  key: z.string().describe('Current key to pass as `role`.'),
  family: z.string().describe('Position family, e.g. centre_back.'),
  label: z.string().describe('English name; also accepted as `role`.'),
  description: z.string(),
  aliases: z.array(z.string()).describe('Other English names accepted as `role`.'),
  deprecated_keys: z.array(z.string()).describe('Former keys of a renamed role; still accepted.'),
}) satisfies z.ZodType<RoleRow>;

export default defineTool({
  name: 'list_roles',
  title: 'List positional roles',
  toolset: 'reference',
  description:
    'The 31 positional roles grouped by position family: French key, English name (e.g. defenseur_relanceur = ball-playing centre-back), ' +
    'a one-line description and other accepted English names, with the former keys of renamed roles. Any of these names works as `role`. ' +
    'Call it when unsure which role fits a request. One request, cached 24 h.',
  input: {},
  output: z.array(RoleOut),
  extra: {
    live_enums: z
      .boolean()
      .describe("True: the API's own list (GET /v1/enums). False: the spec's 31 keys, see enums_problem."),
    enums_problem: z.string().nullable().describe('Why the API list could not be used; null when it was.'),
  },
  async run(_args, { api, signal }) {
    const { enums, ...result } = await loadRoleRows(api, signal);
    const notes = enums.problem
      ? [
          `${enums.problem}: these are the 31 role keys of the spec, not the API's own list; ` +
            "renamed keys the API did not give are not shown (the spec's keys are still accepted).",
        ]
      : [];
    return { ...result, notes, extra: { live_enums: enums.live, enums_problem: enums.problem } };
  },
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
