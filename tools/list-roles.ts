import { z } from 'zod';
import { loadRoleRows, type RoleRow } from '../src/facts/role-rows.js';
import { defineTool } from '../src/mcp/tool.js';

// Each role as the text shows it: its key and English name, grouped by position family; a renamed
// role's former keys in a field beside its name (the text gives them after it). Descriptions and other
// accepted names (the server maps a scout's words to roles itself) are in the football://roles resource:
// sent here they cost 3.7 times the text. A separate map of former keys cost 80 tokens more than the
// text allows (it names each renamed key twice); a name alone stays a plain string.
const Renamed = z.object({ name: z.string(), was: z.array(z.string()) });
const RolesOut = z
  .record(z.string(), z.record(z.string(), z.union([z.string(), Renamed])))
  .describe('Position family → role key → English name, or {name, was: former keys} for a renamed role.');

type Named = string | z.infer<typeof Renamed>;

function named(role: RoleRow): Named {
  return role.deprecated_keys.length ? { name: role.label, was: [...role.deprecated_keys] } : role.label;
}

/** The name as the text gives it: a renamed role's former keys after it. */
function nameText(entry: Named): string {
  return typeof entry === 'string' ? entry : `${entry.name}; was ${entry.was.join(', ')}`;
}

export default defineTool({
  name: 'list_roles',
  title: 'List positional roles',
  toolset: 'reference',
  description:
    'The 31 positional roles by family: French key, English name (defenseur_relanceur = ball-playing centre-back), former keys of renamed roles; each works as `role`. More: football://roles. 1 request, cached 24 h.',
  input: {},
  output: RolesOut,
  extra: {
    enums_problem: z
      .string()
      .optional()
      .describe("Why the API's own list (GET /v1/enums) could not be used: these are the spec's 31 keys."),
  },
  async run(_args, { api, signal }) {
    const { enums, data, ...result } = await loadRoleRows(api, signal);
    const notes = enums.problem
      ? [
          `${enums.problem}: these are the 31 role keys of the spec, not the API's own list; ` +
            "renamed keys the API did not give are not shown (the spec's keys are still accepted).",
        ]
      : [];
    const families: Record<string, Record<string, Named>> = {};
    for (const role of data) families[role.family] = { ...families[role.family], [role.key]: named(role) };
    return { ...result, data: families, notes, extra: enums.problem ? { enums_problem: enums.problem } : {} };
  },
  text: ({ data }) =>
    Object.entries(data)
      .map(
        ([family, roles]) =>
          `${family}: ${Object.entries(roles)
            .map(([key, entry]) => `${key} (${nameText(entry)})`)
            .join(', ')}`,
      )
      .join('\n')
      .concat(
        '\nAny key, English name or former key works as `role`; descriptions and other accepted names: the football://roles resource.',
      ),
});
