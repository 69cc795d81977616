// Every answer compressed, whether or not the client asked (Accept-Encoding is not read): gzip, br and
// deflate in turn, by arrival, errors included. Everything else is standard.
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { Dialect, WireAnswer } from './dialect.js';

export const CODINGS: readonly [string, (body: Buffer) => Buffer][] = [
  ['gzip', (body) => gzipSync(body)],
  ['br', (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ['deflate', (body) => deflateSync(body)],
];

export const compressed: Dialect = {
  name: 'compressed',
  summary: 'every answer compressed (gzip, br, deflate in turn), even when the client did not ask',
  wire(answer: WireAnswer, { index }) {
    const [coding, compress] = CODINGS[index % CODINGS.length] as (typeof CODINGS)[number];
    return {
      ...answer,
      headers: { ...answer.headers, 'Content-Encoding': coding, Vary: 'Accept-Encoding' },
      body: compress(answer.body),
    };
  },
};
