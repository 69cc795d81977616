// A page after the first that could not be read ends a list read with the rows already read, and says
// why (list-pages.ts): the rows read are the upstream's own, and a scout is better served by them with
// the reason the list stops than by an error. What ends the call instead: a cancellation (the caller
// left), and what is not an upstream failure (a local refusal of our arguments, a fault of ours).
import {
  ApiError,
  FailedAnswerError,
  QuotaExhaustedError,
  RateLimitedError,
  UpstreamServerError,
} from './errors.js';

/**
 * Why a later page could not be read, in our words (never upstream text), or undefined when `error`
 * must end the call.
 */
export function laterPageFailure(error: unknown, signal: AbortSignal | undefined): string | undefined {
  if (!(error instanceof ApiError) || signal?.aborted) return undefined;
  switch (error.kind) {
    case 'aborted':
    case 'invalid_argument':
      return undefined;
    case 'unauthorized':
      return 'the API refused the key (401) after accepting it for the pages before: the key may have expired or been revoked';
    case 'forbidden':
      return "the API refused access to it (403: the key's plan or league access)";
    case 'rate_limited':
      return error instanceof RateLimitedError && !error.daily
        ? 'the API refused more requests for now (429, too many requests)'
        : `the key's daily quota ran out (429)${resetAt(error)}`;
    case 'quota_exhausted':
      return `the key's daily quota is spent${resetAt(error)}: it was not asked`;
    case 'server':
      return error instanceof UpstreamServerError && error.gateway
        ? `the gateway in front of the API answered ${error.status}`
        : `the API answered ${error.status}`;
    case 'network':
      return 'the API could not be reached';
    case 'timeout':
      return 'the API did not answer in time';
    case 'bad_response':
      return error instanceof FailedAnswerError
        ? `the API marked its answer failed (${error.marker})`
        : 'its answer could not be read';
    case 'too_large':
      return 'its answer was larger than the cap on upstream bodies';
    case 'busy':
      return 'too many requests of this key were already waiting';
    case 'not_ready':
      return 'the API had not finished it';
    case 'not_found':
      return 'the API answered 404: the next-page address it gave may have expired';
    case 'bad_request':
      return `the API refused the request for it (${error.status ?? 400}${error.parameter ? `, naming ${error.parameter}` : ''}): it may not take the next page the way it was asked`;
    default:
      return error.status !== undefined ? `the API answered ${error.status}` : 'the API failed';
  }
}

function resetAt(error: ApiError): string {
  const at = error instanceof RateLimitedError || error instanceof QuotaExhaustedError ? error.resetAt : null;
  return at ? ` until ${at}` : '';
}

/**
 * The note of a read ended at page `failed` (pages before it read): `read` rows, `total` when the API
 * gave one, else whether the list goes on (`yes`) or may.
 */
export function pageFailedNote(
  failed: number,
  why: string,
  read: number,
  total: number | undefined,
  more: 'yes' | 'may',
): string {
  const pages = failed === 2 ? 'page 1' : `pages 1-${failed - 1}`;
  const rest =
    total !== undefined
      ? `, of ${total} the API counts`
      : more === 'yes'
        ? '; more exist'
        : '; more may exist';
  return `Page ${failed} of the list could not be read (${why}): the list shows the ${read} row${read === 1 ? '' : 's'} of ${pages}${rest}.`;
}
