// tools/list is answered from our own definitions rather than by the SDK's generic conversion, which
// adds a `$schema` dialect line to every schema and an `execution` block saying tasks are not
// supported (already the default): about 35 tokens per tool of every assistant's context, for nothing.
import type { McpServer, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolDefinition } from './tool.js';

/** Computed once per tool and process: stateless HTTP creates a server for every request. */
const listings = new WeakMap<ToolDefinition, Tool>();

export function answerToolsList(server: McpServer, tools: readonly ToolDefinition[]): void {
  server.server.setRequestHandler('tools/list', () => ({ tools: tools.map(listing) }));
}

function listing(tool: ToolDefinition): Tool {
  let listed = listings.get(tool);
  if (!listed) {
    listed = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchema(tool.inputSchema, 'input'),
      outputSchema: jsonSchema(tool.outputSchema, 'output'),
      annotations: tool.annotations,
      ...(tool.ui ? { _meta: { ui: { resourceUri: tool.ui } } } : {}),
    };
    listings.set(tool, listed);
  }
  return listed;
}

function jsonSchema(schema: z.ZodObject, io: 'input' | 'output'): Tool['inputSchema'] {
  // Honours the compact override of src/mcp/compact-schema.ts, as the SDK's conversion does.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: 'draft-7' });
  return json as Tool['inputSchema'];
}
