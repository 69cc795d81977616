// A resolve row whose status field comes under a name the reader does not know: the status is the
// field holding one of the spec's status words, never one derived from ids the row carries (or seems
// not to carry) under other names. Generated, seeded (replay with FOOTBALL_TEST_SAMPLE_SEED).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import { ResolveBatchResponse, ResolveStatus } from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

const word = fc.stringMatching(/^[a-z]{5,10}$/);

describe('a resolve row with its status under another name', () => {
  it('reads the status the API stated, whatever the ids it carries', () => {
    fc.assert(
      fc.property(
        fc.record({
          statusName: word,
          idName: word,
          status: fc.constantFrom(...ResolveStatus.options),
          playerId: fc.stringMatching(/^p[0-9a-z]{6,10}$/),
        }),
        ({ statusName, idName, status, playerId }) => {
          fc.pre(statusName !== idName);
          const raw = {
            data: [
              { query: { player_id: playerId }, [statusName]: status, [idName]: playerId, name: 'Ann Lee' },
            ],
          };
          const { value } = readAnswer(ResolveBatchResponse, raw, 'POST /v1/players/resolve-batch');
          expect(value.data[0]?.status).toBe(status);
        },
      ),
      propertyRuns('resolve status by value', 100),
    );
  });
});
