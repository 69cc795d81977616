// Every non-2xx answer is `{ error: { status, code, message, parameter? } }`.

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limited'
  | 'server_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, unknown> } {
    return {
      error: {
        status: this.status,
        code: this.code,
        message: this.message,
        ...(this.parameter !== undefined ? { parameter: this.parameter } : {}),
      },
    };
  }
}

export const badRequest = (parameter: string, message: string) =>
  new ApiError(400, 'bad_request', message, parameter);
export const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const tooLarge = (limit: number) =>
  new ApiError(413, 'payload_too_large', `request body larger than ${limit} bytes`, 'body');
export const rateLimited = (reset: string) =>
  new ApiError(429, 'rate_limited', `daily request quota exhausted; it resets at ${reset}`);
export const serverError = () =>
  new ApiError(500, 'server_error', 'internal error; the request can be retried');
