// A resource or resource template as the registry (index.ts) sees it: what resources/list shows and
// how it is read. Every one answers JSON; one file each beside this one.
import type { Resource } from '@modelcontextprotocol/server';
import type { ToolDeps } from '../context.js';

export const JSON_TYPE = 'application/json';

export interface ResourceContext {
  deps: ToolDeps;
  signal: AbortSignal;
}

interface Described {
  name: string;
  title: string;
  description: string;
}

/** A resource at one fixed URI. */
export interface FixedResource extends Described {
  uri: string;
  /** The JSON body. A failure becomes a JSON-RPC error with our own text (index.ts). */
  read(ctx: ResourceContext): Promise<unknown>;
}

/** A family of resources under one URI template, e.g. football://roles/{role}. */
export interface TemplateResource extends Described {
  uriTemplate: string;
  /** The resources it stands for, in resources/list; left out when they are the key's to discover. */
  list?(deps: ToolDeps): Resource[] | Promise<Resource[]>;
  /** Completers of the template's variables, by variable. */
  complete(deps: ToolDeps): Record<string, (value: string) => string[] | Promise<string[]>>;
  /** The JSON body; `variables` percent-decoded as the user meant them. */
  read(variables: Record<string, string>, ctx: ResourceContext): Promise<unknown>;
}

export type ResourceDefinition = FixedResource | TemplateResource;
