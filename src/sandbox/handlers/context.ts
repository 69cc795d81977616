import type { Access } from '../access.js';
import type { World } from '../data/world.js';
import type { SandboxKey } from '../keys.js';
import type { QuotaState } from '../quota.js';

export interface Ctx {
  readonly world: World;
  readonly access: Access;
  readonly key: SandboxKey;
  readonly quota: QuotaState;
  readonly method: string;
  readonly query: URLSearchParams;
  readonly params: Readonly<Record<string, string>>;
  readonly body: Readonly<Record<string, unknown>>;
  /** A parameter from the JSON body (POST) or the query string (GET). */
  input(name: string): unknown;
}

/** A handler returns the JSON body of a 200 answer, or throws an ApiError. */
export type Handler = (ctx: Ctx) => unknown;
