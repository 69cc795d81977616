// The context an assistant spends on this server before its first call: tools/list, tokenised.
import { expect, it } from 'vitest';
import { depsFor, inMemoryClient } from '../support/mcp.js';
import { countTokens } from '../support/tokens.js';

/**
 * The whole surface must stay under this, whatever tools are added: every assistant pays it in its
 * context before its first call (the context target of docs/performance.md).
 */
// 6 000 until gender and level (women's and youth football: 3 arguments on 3 tools, 166 tokens) were added.
const BUDGET = 6300;

it(`tools/list stays under ${BUDGET} tokens`, async () => {
  // No call reaches this address: listing tools needs no upstream.
  const deps = depsFor('http://127.0.0.1:9', 'unused-key');
  const client = await inMemoryClient(deps);
  const listed = await client.listTools();
  const tokens = countTokens(JSON.stringify(listed));
  const perTool = listed.tools.map((t) => `${t.name} ${countTokens(JSON.stringify(t))}`).join(', ');
  process.stderr.write(
    `tools/list: ${listed.tools.length} tools, ${tokens} tokens (o200k_base): ${perTool}\n`,
  );
  expect(tokens).toBeLessThan(BUDGET);
  await client.close();
  await deps.api.close();
});
