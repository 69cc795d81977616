// ApiClient's typed methods, made from the declarations of endpoints.ts: one per route, taking the
// route's own arguments and what every call may carry (signal, fresh, probe; a list's `limit`), and
// answering as the declaration says it is read. Nothing here knows a route by name.
import type { z } from 'zod';
import type { ApiClient, ApiResult, CallOptions } from './client.js';
import { ENDPOINTS, type EndpointName, type RouteRequest } from './endpoints.js';
import { type ListRead, type ListRoute, type PageReading, readAll, readPages } from './list-pages.js';
import type { RouteName } from './routes.js';

/** What every call may carry beside the route's own arguments. */
export interface Asking {
  signal?: AbortSignal | undefined;
  /** Skip the cache read (the answer still refreshes the cache). */
  fresh?: boolean | undefined;
  /** Send even while the local quota says 0 (see CallOptions). */
  probe?: boolean | undefined;
}

export interface Paging extends Asking {
  /** The rows wanted: pages are read until there are this many, or every row (`'all'`, the default). */
  limit?: number | 'all' | undefined;
  /** How the pages are asked and in which order (list-pages.ts). */
  reading?: PageReading | undefined;
}

/** One request only: the list's first page as the API gives it (no limit sent, no next page followed). */
export interface FirstPage extends Asking {
  firstPage: true;
}

export interface Batch<I, T, R> {
  items: readonly I[];
  /** The row of each item asked, in order, or undefined when the answer cannot be split (see callItems). */
  split: (data: T, items: readonly I[]) => R[] | undefined;
  /** The rows of an answer that could not be split. */
  rows: (data: T) => R[];
  signal?: AbortSignal | undefined;
}

/** The arguments: optional when the route needs none. */
type Args<A, X> = Record<never, never> extends A ? [args?: A & X] : [args: A & X];
type Out<S> = S extends z.ZodType ? z.infer<S> : never;

type MethodOf<D> = D extends { read: 'one'; schema: infer S; request: (args: infer A) => unknown }
  ? (...args: Args<A, Asking>) => Promise<ApiResult<Out<S>>>
  : D extends { read: 'pages'; schema: infer S; request: (args: infer A) => unknown }
    ? {
        (args: A & FirstPage): Promise<ApiResult<Out<S>>>;
        (...args: Args<A, Paging>): Promise<ListRead<Out<S>>>;
      }
    : D extends { read: 'all'; schema: infer S; request: (args: infer A) => unknown }
      ? (...args: Args<A, Asking>) => Promise<ListRead<Out<S>>>
      : D extends {
            read: 'items';
            schema: infer S;
            body: (items: readonly (infer W)[], args: infer A) => unknown;
          }
        ? <I extends W, R>(args: A & Batch<I, Out<S>, R>) => Promise<ApiResult<R[]>>
        : never;

/** One typed method per declared route. */
export type EndpointMethods = { readonly [N in EndpointName]: MethodOf<(typeof ENDPOINTS)[N]> };

type AnyArgs = Paging & Partial<FirstPage> & Record<string, unknown>;

/** A declaration as the one method body below sees it (each is typed on its own in endpoints.ts). */
type Loose =
  | {
      read: 'one' | 'pages' | 'all';
      // Only 'pages' and 'all' routes are lists; readPages is never handed a 'one' route.
      route: ListRoute;
      schema: z.ZodType<{ data: unknown[] }>;
      request: (args: AnyArgs) => RouteRequest<RouteName>;
    }
  | {
      read: 'items';
      route: RouteName;
      schema: z.ZodType;
      body: (items: readonly unknown[], args: AnyArgs) => unknown;
    };

/** The declaration's request with what the call carries. */
function asked(request: RouteRequest<RouteName>, args: AnyArgs): CallOptions<RouteName> {
  return {
    ...request,
    ...(args.signal ? { signal: args.signal } : {}),
    ...(args.fresh ? { fresh: true } : {}),
    ...(args.probe ? { probe: true } : {}),
  };
}

function methodOf(declared: (typeof ENDPOINTS)[EndpointName]) {
  const d = declared as unknown as Loose;
  return function (this: ApiClient, args: AnyArgs = {}) {
    switch (d.read) {
      case 'items': {
        const { items, split, rows, signal } = args as AnyArgs & Batch<unknown, unknown, unknown>;
        return this.callItems(d.route, d.schema, {
          items,
          body: (batch) => d.body(batch, args),
          split,
          rows,
          ...(signal ? { signal } : {}),
        });
      }
      case 'all':
        return readAll(this, d.route, d.schema, asked(d.request(args), args));
      case 'pages':
        if (!args.firstPage)
          return readPages(this, d.route, d.schema, asked(d.request(args), args), args.limit, args.reading);
        return this.call(d.route, d.schema, asked(d.request(args), args));
      case 'one':
        return this.call(d.route, d.schema, asked(d.request(args), args));
    }
  };
}

/**
 * The base ApiClient extends: its prototype holds one method per declaration of endpoints.ts. A class
 * cannot declare members from a table; a prototype can, and its type says what each one takes and gives.
 */
export const EndpointBase = (() => {
  function Endpoints() {}
  for (const [name, declared] of Object.entries(ENDPOINTS))
    Object.defineProperty(Endpoints.prototype, name, {
      value: methodOf(declared),
      writable: true,
      configurable: true,
    });
  return Endpoints as unknown as abstract new () => EndpointMethods;
})();
