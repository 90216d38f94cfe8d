import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking the OpenAI chat-completions protocol, so tests of the AI provider run
// the real client library over HTTP: POST /v1/chat/completions and GET /v1/models.

export interface ChatRequestBody {
  model?: string;
  temperature?: number;
  response_format?: { type: string };
  messages?: { role: string; content: unknown }[];
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // The parsed JSON body (null for a GET or a body that is not JSON).
  body: ChatRequestBody | null;
}

export interface Behaviour {
  // The assistant message's content, or a function of the request body that makes it.
  content: string | ((body: ChatRequestBody) => string);
  // Wait before the status line and headers (a slow model).
  delayMs: number;
  // Send the headers at once, then wait this long before the body (a stalled stream).
  bodyDelayMs: number;
  // An error status instead of a completion, with this body (OpenAI's error shape by default).
  status: number;
  errorBody: unknown;
  // The model the answer names (the request's model by default).
  model: string | null;
  finishReason: 'stop' | 'length' | 'content_filter';
}

export interface FakeChatCompletions {
  // Base URL for the client, ending in /v1.
  url: string;
  requests: RecordedRequest[];
  // Sets how the following requests are answered; fields not given get their defaults.
  respond(behaviour: Partial<Behaviour>): void;
  close(): Promise<void>;
}

const DEFAULTS: Behaviour = {
  content: '{}',
  delayMs: 0,
  bodyDelayMs: 0,
  status: 200,
  errorBody: null,
  model: null,
  finishReason: 'stop',
};

function openAiError(message: string, type: string, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

// `apiKey`: when given, a request without `Authorization: Bearer <apiKey>` gets a 401 like the
// hosted API's.
export async function startFakeChatCompletions(
  opts: { apiKey?: string; models?: string[] } = {},
): Promise<FakeChatCompletions> {
  const requests: RecordedRequest[] = [];
  let behaviour: Behaviour = { ...DEFAULTS };
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, fn: () => void) => {
    if (ms <= 0) return fn();
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const sendJson = (res: ServerResponse, status: number, body: unknown, bodyDelayMs = 0) => {
    if (res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-request-id': `req_${randomUUID()}`,
    });
    res.flushHeaders();
    later(bodyDelayMs, () => {
      if (!res.destroyed) res.end(text);
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: ChatRequestBody | null;
      try {
        body = raw ? (JSON.parse(raw) as ChatRequestBody) : null;
      } catch {
        body = null;
      }
      const path = (req.url ?? '/').split('?')[0];
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const b = behaviour;

      if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        return sendJson(
          res,
          401,
          openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
        );
      }
      if (req.method === 'GET' && path === '/v1/models') {
        const ids = opts.models ?? ['test-model'];
        return sendJson(res, 200, {
          object: 'list',
          data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'local' })),
        });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        return sendJson(
          res,
          404,
          openAiError(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error'),
        );
      }
      if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        return sendJson(
          res,
          400,
          openAiError('A JSON body with model and messages is required.', 'invalid_request_error'),
        );
      }
      const request = body;
      later(b.delayMs, () => {
        if (b.status !== 200) {
          return sendJson(
            res,
            b.status,
            b.errorBody ?? openAiError('The server had an error.', 'server_error'),
            b.bodyDelayMs,
          );
        }
        const content = typeof b.content === 'function' ? b.content(request) : b.content;
        const promptTokens = Math.ceil(JSON.stringify(request.messages).length / 4);
        const completionTokens = Math.ceil(content.length / 4);
        sendJson(
          res,
          200,
          {
            id: `chatcmpl-${randomUUID()}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: b.model ?? request.model,
            system_fingerprint: null,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content, refusal: null },
                logprobs: null,
                finish_reason: b.finishReason,
              },
            ],
            usage: {
              prompt_tokens: promptTokens,
              completion_tokens: completionTokens,
              total_tokens: promptTokens + completionTokens,
            },
          },
          b.bodyDelayMs,
        );
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respond(next) {
      behaviour = { ...DEFAULTS, ...next };
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}
