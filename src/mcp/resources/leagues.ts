import { listBody } from './list-body.js';
import type { FixedResource, ResourceContext } from './resource.js';

/** The leagues this key can access, every page of them (the read says when it could not read them all). */
export async function readLeagues({ deps, signal }: ResourceContext) {
  return deps.api.leagues({ signal });
}

export default {
  name: 'leagues',
  uri: 'football://leagues',
  title: 'Accessible leagues',
  description: 'Leagues and European cups this API key can access, with their exact names.',
  read: async (ctx) => listBody(await readLeagues(ctx)),
} satisfies FixedResource;
