import { loadRoleRows, type RoleRow } from '../../facts/role-rows.js';
import type { FixedResource, ResourceContext } from './resource.js';

/** The role table; without the live enums (no key, outage) the documented 31 answer, saying why. */
export async function roleTable({
  deps,
  signal,
}: ResourceContext): Promise<{ rows: RoleRow[]; live: boolean; problem: string | null }> {
  const table = await loadRoleRows(deps.api, signal);
  return { rows: table.data, live: table.enums.live, problem: table.enums.problem };
}

export default {
  name: 'roles',
  uri: 'football://roles',
  title: 'Positional roles',
  description:
    'The 31 roles: French key, English name, description, other accepted names, family, former keys.',
  async read(ctx) {
    const { rows, live, problem } = await roleTable(ctx);
    return { data: rows, live_enums: live, enums_problem: problem };
  },
} satisfies FixedResource;
