import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { roleWithLabel } from '../../domain/role-labels.js';
import { ROLE_KEYS } from '../../domain/roles.js';
import { completeRoleKey } from '../completions.js';
import type { TemplateResource } from './resource.js';
import { roleTable } from './roles.js';

export default {
  name: 'role',
  uriTemplate: 'football://roles/{role}',
  title: 'One positional role',
  description: 'One role by key or English name, e.g. football://roles/poacher.',
  list: () =>
    ROLE_KEYS.map((key) => ({ uri: `football://roles/${key}`, name: key, title: roleWithLabel(key) })),
  complete: () => ({ role: (value) => completeRoleKey(value) }),
  async read(variables, ctx) {
    const { key } = await ctx.deps.roles.resolve(variables.role ?? '', ctx.signal);
    const { rows } = await roleTable(ctx);
    const row = rows.find((r) => r.key === key);
    if (!row) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No role ${key} in the role table.`);
    return row;
  },
} satisfies TemplateResource;
