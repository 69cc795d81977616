// Request bodies: bounded in size, JSON objects only.
import type { IncomingMessage } from 'node:http';
import { badRequest, tooLarge } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;
// Past this much we stop draining and drop the connection.
const HARD_LIMIT = 16 * MAX_BODY_BYTES;

export type RawBody = { kind: 'empty' } | { kind: 'text'; text: string } | { kind: 'too_large' };

export function readBody(req: IncomingMessage): Promise<RawBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > HARD_LIMIT) {
        req.destroy();
        return;
      }
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) resolve({ kind: 'too_large' });
      else if (size === 0) resolve({ kind: 'empty' });
      else resolve({ kind: 'text', text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', reject);
    req.on('close', () => {
      if (size > HARD_LIMIT) resolve({ kind: 'too_large' });
    });
  });
}

/** The JSON object of a POST body; an empty body is `{}`. */
export function jsonObject(raw: RawBody): Record<string, unknown> {
  if (raw.kind === 'too_large') throw tooLarge(MAX_BODY_BYTES);
  if (raw.kind === 'empty' || raw.text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.text);
  } catch {
    throw badRequest('body', 'request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('body', 'request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
