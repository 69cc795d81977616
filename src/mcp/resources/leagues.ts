import type { FixedResource, ResourceContext } from './resource.js';

/** The leagues this key can access, every page of them. */
export async function readLeagues({ deps, signal }: ResourceContext) {
  return (await deps.api.leagues({ signal })).data.data;
}

export default {
  name: 'leagues',
  uri: 'football://leagues',
  title: 'Accessible leagues',
  description: 'Leagues and European cups this API key can access, with their exact names.',
  read: async (ctx) => ({ data: await readLeagues(ctx) }),
} satisfies FixedResource;
