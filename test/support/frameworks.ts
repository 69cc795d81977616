// Test support: the built server driven through the MCP clients of two agent frameworks, the Vercel
// AI SDK (@ai-sdk/mcp) and LangChain (@langchain/mcp-adapters), and what each hands to the model.
// A tool is called through the framework's own tool objects and agent loop (generateText with a
// scripted model; LangGraph's ToolNode), never through the raw MCP client.
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { AIMessage, type ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { generateText, stepCountIs, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { BUILT_ENTRY } from './mcp.js';

export type Framework = 'ai-sdk' | 'langchain';
export type Transport = 'stdio' | 'http';

/** Where a framework finds the server: the built binary to spawn over stdio, or a running HTTP server. */
export type ServerAt =
  | { transport: 'stdio'; args: string[]; env: Record<string, string> }
  | { transport: 'http'; url: string };

/** One content part as the model receives it, after the framework's conversion. */
export type ModelPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; bytes: string }
  | { kind: 'other'; json: string };

/** What reaches the model for one tool call. */
export interface ModelSees {
  parts: ModelPart[];
  /** The text parts, joined: what the model reads. */
  text: string;
  /** The tool result as the framework serialises it whole, extra keys of its blocks included. */
  serialized: string;
}

/** A framework's view of the server: its converted tools, a call through them, and a close. */
export interface FrameworkSession {
  framework: Framework;
  /** Tool name -> its description and the JSON Schema of its arguments, as the framework hands them to the model. */
  tools(): Record<string, { description: string; schema: unknown }>;
  /** Calls a tool as the framework's agent loop does and returns what the model then receives. */
  callAsModel(tool: string, args: Record<string, unknown>): Promise<ModelSees>;
  close(): Promise<void>;
}

export async function openFramework(framework: Framework, server: ServerAt): Promise<FrameworkSession> {
  return framework === 'ai-sdk' ? openAiSdk(server) : openLangChain(server);
}

async function openAiSdk(server: ServerAt): Promise<FrameworkSession> {
  const client: MCPClient = await createMCPClient({
    transport:
      server.transport === 'stdio'
        ? new Experimental_StdioMCPTransport({
            command: process.execPath,
            args: [BUILT_ENTRY, ...server.args],
            env: server.env,
          })
        : { type: 'http', url: server.url },
  });
  const tools = (await client.tools()) as ToolSet;
  return {
    framework: 'ai-sdk',
    tools: () =>
      Object.fromEntries(
        Object.entries(tools).map(([name, t]) => [
          name,
          { description: t.description ?? '', schema: (t.inputSchema as { jsonSchema: unknown }).jsonSchema },
        ]),
      ),
    callAsModel: async (tool, args) => {
      // A scripted model: it asks for the tool call, then ends; the prompt of its second turn holds
      // the tool result exactly as the AI SDK hands it to any provider.
      const prompts: unknown[][] = [];
      const usage = {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      };
      const model = new MockLanguageModelV3({
        doGenerate: async ({ prompt }) => {
          prompts.push(prompt);
          if (prompts.length === 1) {
            const input = JSON.stringify(args);
            return {
              content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: tool, input }],
              finishReason: { unified: 'tool-calls', raw: undefined },
              usage,
              warnings: [],
            };
          }
          return {
            content: [{ type: 'text', text: 'done' }],
            finishReason: { unified: 'stop', raw: undefined },
            usage,
            warnings: [],
          };
        },
      });
      await generateText({ model, tools, prompt: `call ${tool}`, stopWhen: stepCountIs(2) });
      const last = prompts[1]?.at(-1) as
        | { role: string; content: { type: string; output: AiSdkOutput }[] }
        | undefined;
      const result = last?.role === 'tool' ? last.content.find((c) => c.type === 'tool-result') : undefined;
      if (!result) throw new Error(`the AI SDK handed no tool result for ${tool} to the model`);
      return fromAiSdkOutput(result.output);
    },
    close: () => client.close(),
  };
}

type AiSdkOutput =
  | { type: 'text' | 'error-text'; value: string }
  | { type: 'json' | 'error-json'; value: unknown }
  | { type: 'content'; value: { type: string; text?: string; data?: string }[] }
  | { type: string; value?: unknown };

function fromAiSdkOutput(output: AiSdkOutput): ModelSees {
  let parts: ModelPart[];
  if (output.type === 'content' && Array.isArray(output.value)) {
    parts = (output.value as { type: string; text?: string; data?: string }[]).map((p) =>
      p.type === 'text'
        ? { kind: 'text', text: p.text ?? '' }
        : p.data !== undefined
          ? { kind: 'image', bytes: p.data }
          : { kind: 'other', json: JSON.stringify(p) },
    );
  } else if (typeof output.value === 'string') {
    parts = [{ kind: 'text', text: output.value }];
  } else {
    // json / error-json: a provider sends the value serialised as the tool message's text.
    parts = [{ kind: 'text', text: JSON.stringify(output.value) }];
  }
  return seen(parts, JSON.stringify(output));
}

async function openLangChain(server: ServerAt): Promise<FrameworkSession> {
  const client = new MultiServerMCPClient({
    mcpServers: {
      scout:
        server.transport === 'stdio'
          ? {
              transport: 'stdio',
              command: process.execPath,
              args: [BUILT_ENTRY, ...server.args],
              env: server.env,
            }
          : { transport: 'http', url: server.url },
    },
  });
  const tools = (await client.getTools()) as StructuredToolInterface[];
  // What LangGraph's prebuilt agents run tools with; its default turns a tool's error into a message.
  const node = new ToolNode(tools);
  return {
    framework: 'langchain',
    tools: () =>
      Object.fromEntries(tools.map((t) => [t.name, { description: t.description, schema: t.schema }])),
    callAsModel: async (tool, args) => {
      const request = new AIMessage({ content: '', tool_calls: [{ id: 'call-1', name: tool, args }] });
      const out = (await node.invoke({ messages: [request] })) as { messages: ToolMessage[] };
      const message = out.messages[0];
      if (!message) throw new Error(`LangChain handed no tool message for ${tool} to the model`);
      return fromLangChainContent(message.content);
    },
    close: () => client.close(),
  };
}

function fromLangChainContent(content: ToolMessage['content']): ModelSees {
  if (typeof content === 'string') return seen([{ kind: 'text', text: content }], JSON.stringify(content));
  const parts = (content as Record<string, unknown>[]).map((block): ModelPart => {
    if (block.type === 'text') return { kind: 'text', text: String(block.text ?? '') };
    if (block.type === 'image_url') {
      const url = (block.image_url as { url?: string } | undefined)?.url ?? '';
      return { kind: 'image', bytes: url };
    }
    if (block.type === 'image' || (block.type === 'file' && block.source_type === 'base64')) {
      return { kind: 'image', bytes: String(block.data ?? '') };
    }
    return { kind: 'other', json: JSON.stringify(block) };
  });
  return seen(parts, JSON.stringify(content));
}

function seen(parts: ModelPart[], serialized: string): ModelSees {
  const text = parts.map((p) => (p.kind === 'text' ? p.text : p.kind === 'other' ? p.json : '')).join('\n');
  return { parts, text, serialized };
}

/** A run of base64 long enough to be file bytes rather than an id (ids here are under 40 characters). */
export const BASE64_RUN = /[A-Za-z0-9+/]{200,}={0,2}/;
