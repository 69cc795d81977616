// What the API says when it refuses (a 400, 403, 404 or 422), generated from a seed (printed; replay with
// FOOTBALL_TEST_SAMPLE_SEED): a body of words under the names APIs use (any case, as a text, a list or
// objects with a code and what they are about), a problem document's `detail`, several at once, or
// nothing to say; texts with control characters, some quoting the API key. The property: the error's
// text quotes what the API said, each on one line, as the API's; says nothing of the API's words when it
// said none or only the status ("Not Found"); never shows the key; and keeps the recovery hint written here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger, MASK } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { propertyRuns } from '../support/sample.js';
import { clientFor, JSON_HEADERS, KEY, rejectionOf, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();
const logger = createLogger('error', [KEY], () => {});

const NAMES = ['message', 'error', 'errors', 'error_message', 'detail', 'msg', 'warnings'];
const spelt = (name: string, upper: boolean) => (upper ? name.toUpperCase() : name);

/** A text an API writes: with a line break or a control character, or carrying the key, by a draw. */
const textArb = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(...'abcdefghij klmnopé0123456789:"'.split('')),
      minLength: 3,
      maxLength: 40,
    }),
    fc.constantFrom('', '\n', '\u0007', '\u202e', ` ${KEY} `),
  )
  .map(([text, extra]) => `No ${text}${extra}end`);

const sayingArb = fc.record({
  name: fc.constantFrom(...NAMES),
  upper: fc.boolean(),
  texts: fc.array(textArb, { minLength: 1, maxLength: 2 }),
  form: fc.constantFrom('text', 'list', 'objects'),
});

const caseArb = fc.record({
  status: fc.constantFrom(400, 403, 404, 422),
  sayings: fc.uniqueArray(sayingArb, { maxLength: 2, selector: (s) => s.name }),
  beside: fc.subarray(['code', 'status', 'timestamp', 'title']),
  /** A message saying only the status, which tells the caller nothing more: never quoted. */
  statusOnly: fc.option(fc.constantFrom('Not Found', '404 NOT_FOUND', 'Bad Request', 'forbidden', 'Error')),
});

function written(texts: readonly string[], form: string): unknown {
  if (form === 'text') return texts.join(' ');
  if (form === 'list') return texts;
  return texts.map((message, i) =>
    i === 0 ? { code: 'E1', message } : { detail: message, field: 'league' },
  );
}

/** What the error shows of texts written in `form`: one line each, the key masked, what they are about. */
function shown(texts: readonly string[], form: string): string[] {
  const lines = texts.map((t) => oneLine(t.replaceAll(KEY, MASK)));
  if (form === 'text') return [oneLine(lines.join(' '))];
  if (form === 'list') return lines;
  return lines.map((t, i) => (i === 0 ? `E1: ${t}` : `${t} (field: league)`));
}

const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("a refusal's words", () => {
  it('are quoted as the API’s, on one line, never with the key; nothing is quoted when it said nothing', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ status, sayings, beside, statusOnly }) => {
        const body: Record<string, unknown> = {};
        if (statusOnly !== null) body.statusMessage = statusOnly;
        for (const name of beside) body[name] = name === 'status' ? status : `${name}-value`;
        for (const s of sayings) body[spelt(s.name, s.upper)] = written(s.texts, s.form);
        upstream.pool
          .intercept({ path: '/v1/leagues', method: 'GET' })
          .reply(status, body, { headers: JSON_HEADERS });
        const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
        const text = errorText(error, logger);
        expect(text).not.toContain(KEY);
        expect(text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
        if (statusOnly !== null) expect(text).not.toContain(JSON.stringify(statusOnly));
        const expected = new Set(sayings.flatMap((s) => shown(s.texts, s.form)));
        if (expected.size === 0) {
          expect(text).not.toMatch(/said|saying/);
          return;
        }
        // At most three are quoted, the rest counted; each on one line as the API wrote it, the key masked.
        const quoted = [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(
          (m) => JSON.parse(`"${m[1]}"`) as string,
        );
        const ofApi = quoted.filter((q) => /^(E1: )?No /.test(q));
        expect(ofApi.length, text).toBe(Math.min(3, expected.size));
        for (const q of ofApi) expect([...expected], text).toContain(q);
        if (expected.size > 3) expect(text).toContain(`(and ${expected.size - 3} more)`);
        // Our own hint stays.
        expect(text).toMatch(/list_leagues|Check the identifier|call again/);
      }),
      propertyRuns('refusal words'),
    );
  });
});
