import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeChatCompletions,
  type ChatRequestBody,
  type FakeChatCompletions,
} from '../../test/fake-chat-completions.js';
import type { Narrative, NarrativeFacts, ProviderConfig } from './ai-planning.narrative.js';
import { inventedAmounts, writeNarrative } from './ai-planning.provider.js';

const FACTS: NarrativeFacts = {
  asOf: '2026-11-22',
  association: 'Maple Court HOA',
  overall:
    'Operating cash of $84,210.55 is above its floor; reserve cash of $187,450.00 is idle and the reserve fund is 62% funded.',
  riskNotes: ['Two CDs totalling 30,000 dollars mature within 90 days.'],
  recommendations: [
    {
      id: 'ladder-reserve',
      type: 'CD_LADDER',
      priority: 'HIGH',
      fund: 'RESERVE',
      title: 'Ladder reserve cash in CDs',
      summary: 'Put $120,000.00 of idle reserve cash in a three-rung CD ladder.',
      details:
        'Rungs of $40,000.00 at 6, 12 and 24 months keep cash maturing for the 2027 roofing.',
      suggestedAmount: '120000.00',
      termMonths: null,
      apy: null,
      rungs: [
        { amount: '40000.00', termMonths: 6, apy: '4.10', institution: 'First Federal' },
        { amount: '40000.00', termMonths: 12, apy: '4.25', institution: 'First Federal' },
        { amount: '40000.00', termMonths: 24, apy: '3.95', institution: 'Lakeside Credit Union' },
      ],
    },
    {
      id: 'keep-operating',
      type: 'HOLD',
      priority: 'MEDIUM',
      fund: 'OPERATING',
      title: 'Keep operating cash liquid',
      summary: 'Operating cash stays in the money market.',
      details: 'It covers the liquidity floor with room for the winter snow-removal bills.',
      suggestedAmount: null,
      termMonths: null,
      apy: '4.75',
      rungs: [],
    },
  ],
  figures: [
    { label: 'Operating cash', amount: '84210.55' },
    { label: 'Liquidity floor — operating', amount: '45000.00' },
    { label: 'Reserve cash', amount: '187450.00' },
    { label: 'Reserve shortfall', amount: '-12345.67' },
  ],
  rates: ['4.10', '4.25', '3.95', '4.75'],
};

function narrative(overrides: Partial<Narrative> = {}): Narrative {
  return {
    overall:
      'The association has $84,210.55 in operating cash, comfortably above the $45,000 floor, and about $187.5k of reserve cash sitting idle.',
    riskNotes: ['CDs worth 30,000 dollars mature in the next 90 days.'],
    items: [
      {
        id: 'ladder-reserve',
        summary: 'Invest $120,000 of reserve cash in three CDs.',
        details:
          'Three CDs of $40,000.00 each, for 6, 12 and 24 months at 4.10%, 4.25% and 3.95% APY, so money comes due before the 2027 roofing work.',
      },
      {
        id: 'keep-operating',
        summary: 'Leave operating cash in the money market at 4.75%.',
        details: 'It already covers the liquidity floor and the winter bills.',
      },
    ],
    ...overrides,
  };
}

const answer = (n: Narrative = narrative()) => JSON.stringify(n);

describe('the AI provider over the chat-completions protocol', () => {
  let server: FakeChatCompletions;
  let cfg: ProviderConfig;
  let logged: string[];
  const log = (m: string) => logged.push(m);

  beforeAll(async () => {
    server = await startFakeChatCompletions({ apiKey: 'sk-test-key' });
    cfg = { url: server.url, apiKey: 'sk-test-key', model: 'llama3.1:8b', timeoutMs: 10_000 };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    logged = [];
  });

  it('writes the narrative from the facts, at low temperature, with the model and the key', async () => {
    server.respond({ content: answer() });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toBeNull();
    expect(r.narrative).toEqual(narrative());
    expect(r.model).toBe('llama3.1:8b');
    expect(r.ms).toBeGreaterThanOrEqual(0);
    expect(logged).toEqual([]);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-key');
    const body = req.body!;
    expect(body.model).toBe('llama3.1:8b');
    expect(body.temperature).toBeLessThanOrEqual(0.3);
    expect(body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = body.messages!;
    expect(system.role).toBe('system');
    expect(String(system.content)).toMatch(/HOA/);
    expect(String(system.content)).toMatch(/only the figures/i);
    expect(user.role).toBe('user');
    expect(JSON.parse(String(user.content))).toEqual(FACTS);
  });

  it('accepts a fenced answer, trims it, keeps the planner order and names the model that answered', async () => {
    const n = narrative();
    const reordered = {
      overall: `  ${n.overall}\n`,
      riskNotes: n.riskNotes,
      items: [n.items[1], { ...n.items[0], summary: ` ${n.items[0].summary} ` }],
      extra: 'ignored',
    };
    server.respond({
      content: `\`\`\`json\n${JSON.stringify(reordered, null, 2)}\n\`\`\``,
      model: 'llama3.1:8b-instruct-q4',
    });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toBeNull();
    expect(r.narrative).toEqual(n);
    expect(r.model).toBe('llama3.1:8b-instruct-q4');
  });

  it('builds the answer from the request it got (the facts travel as JSON)', async () => {
    server.respond({
      content: (body: ChatRequestBody) => {
        const facts = JSON.parse(String(body.messages!.at(-1)!.content)) as NarrativeFacts;
        return JSON.stringify({
          overall: `${facts.association} has ${facts.recommendations.length} recommendations.`,
          riskNotes: [],
          items: facts.recommendations.map((rec) => ({
            id: rec.id,
            summary: rec.summary,
            details: rec.details,
          })),
        });
      },
    });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toBeNull();
    expect(r.narrative?.overall).toBe('Maple Court HOA has 2 recommendations.');
    expect(r.narrative?.items.map((i) => i.id)).toEqual(['ladder-reserve', 'keep-operating']);
  });

  it('gives up at the timeout and finishes promptly', async () => {
    server.respond({ content: answer(), delayMs: 8_000 });
    const t0 = Date.now();
    const r = await writeNarrative({ ...cfg, timeoutMs: 1500 }, FACTS, log);
    const took = Date.now() - t0;
    expect(r.narrative).toBeNull();
    expect(r.error).toBe('The AI provider timed out after 1.5 s');
    expect(logged).toEqual([r.error]);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(5_000);
    expect(r.ms).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1); // no retries
  });

  it('also times out when the headers come but the body stalls', async () => {
    server.respond({ content: answer(), bodyDelayMs: 8_000 });
    const t0 = Date.now();
    const r = await writeNarrative({ ...cfg, timeoutMs: 1500 }, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toMatch(/timed out after 1\.5 s/);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('rejects an answer that invents an amount, naming it', async () => {
    const n = narrative();
    n.items[0].summary = 'Invest $125,000 of reserve cash in three CDs.';
    server.respond({ content: answer(n) });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toBe('The AI answer had amounts the planner did not give: $125,000');
    expect(logged).toEqual([r.error]);
  });

  it('rejects an answer that invents a rate, or sums amounts the planner gave separately', async () => {
    const n = narrative();
    n.items[1].summary = 'Leave operating cash in the money market at 5.1%.';
    n.overall = 'Together the funds hold $271,660.55.';
    server.respond({ content: answer(n) });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toBe(
      'The AI answer had amounts the planner did not give: $271,660.55; and rates the planner did not give: 5.1%',
    );
  });

  it('reports an HTTP error with its status and message', async () => {
    server.respond({ status: 500 });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toBe('The AI provider answered HTTP 500: The server had an error.');
    expect(logged).toEqual([r.error]);
    expect(server.requests).toHaveLength(1);

    server.respond({ content: answer() });
    const denied = await writeNarrative({ ...cfg, apiKey: 'sk-wrong' }, FACTS, log);
    expect(denied.error).toBe('The AI provider answered HTTP 401: Incorrect API key provided.');
    const keyless = await writeNarrative({ ...cfg, apiKey: null }, FACTS, log);
    expect(keyless.error).toMatch(/HTTP 401/);
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer not-needed');
  });

  it('reports an unknown model the way the server words it', async () => {
    server.respond({
      status: 404,
      errorBody: {
        error: { message: 'model "nope" not found, try pulling it first', type: 'api_error' },
      },
    });
    const r = await writeNarrative({ ...cfg, model: 'nope' }, FACTS, log);
    expect(r.error).toBe(
      'The AI provider answered HTTP 404: model "nope" not found, try pulling it first',
    );
    expect(r.model).toBe('nope');
  });

  it('rejects an answer that is not JSON', async () => {
    server.respond({ content: 'Sure! Here is a friendly summary for your board.' });
    const r = await writeNarrative(cfg, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toMatch(/^The AI answer was not JSON: Sure! Here is/);
    expect(logged).toEqual([r.error]);
  });

  it('rejects an empty or truncated answer', async () => {
    server.respond({ content: '' });
    expect((await writeNarrative(cfg, FACTS, log)).error).toBe('The AI answer was empty');
    server.respond({ content: answer().slice(0, 80), finishReason: 'length' });
    expect((await writeNarrative(cfg, FACTS, log)).error).toMatch(/cut off/);
  });

  it('rejects an answer missing a recommendation, naming an unknown one, or of the wrong shape', async () => {
    const n = narrative();
    server.respond({ content: answer({ ...n, items: [n.items[0]] }) });
    let r = await writeNarrative(cfg, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toBe('The AI answer had no item for recommendation keep-operating');

    server.respond({
      content: answer({
        ...n,
        items: [...n.items, { id: 'buy-bonds', summary: 'x', details: '' }],
      }),
    });
    r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toBe('The AI answer had an item for an unknown recommendation: buy-bonds');

    server.respond({ content: answer({ ...n, items: [n.items[0], n.items[0], n.items[1]] }) });
    r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toBe('The AI answer had two items for recommendation ladder-reserve');

    server.respond({ content: JSON.stringify({ overall: 'Fine.', items: n.items }) });
    r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toMatch(/^The AI answer did not have the expected shape: riskNotes/);

    server.respond({ content: answer({ ...n, overall: 'x'.repeat(1501) }) });
    r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toMatch(/expected shape: overall/);

    server.respond({
      content: answer({ ...n, riskNotes: Array.from({ length: 9 }, () => 'A note.') }),
    });
    r = await writeNarrative(cfg, FACTS, log);
    expect(r.error).toMatch(/expected shape: riskNotes/);
    expect(logged).toHaveLength(6);
  });

  it('reports a provider that cannot be reached', async () => {
    // A port that was free a moment ago.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const r = await writeNarrative({ ...cfg, url: `http://127.0.0.1:${port}/v1` }, FACTS, log);
    expect(r.narrative).toBeNull();
    expect(r.error).toMatch(
      /^The AI provider could not be reached at http:\/\/127\.0\.0\.1:\d+\/v1/,
    );
    expect(logged).toEqual([r.error]);
  });
});

describe('inventedAmounts', () => {
  const said = (text: string) =>
    inventedAmounts(
      narrative({
        overall: text,
        riskNotes: [],
        items: narrative().items.map((i) => ({ ...i, summary: 'As planned.', details: '' })),
      }),
      FACTS,
    );

  it('passes the amounts the facts hold, in every usual way of writing them', () => {
    for (const text of [
      'Operating cash is $84,210.55.', // to the cent
      'Operating cash is $84,211.', // the whole dollar
      'Operating cash is $84210.55 and the floor $45000.',
      'Ladder $120,000.00, in rungs of $40,000.', // a recommendation and its rungs
      'Reserve cash is about $187.5k, or $187k, or $0.19M.', // k/M at the shown precision
      'The ladder is $0.12 million; reserve cash $187 thousand.',
      'Put 120,000 dollars in CDs, 40,000.00 USD each, USD 45,000 floor.',
      'The reserve is short -$12,345.67 ($12,346).', // the sign does not matter
      'CDs worth $30,000 mature soon.', // an amount the planner wrote in its own text
      'Rates of 4.10%, 4.1%, 4.25 percent, 3.95 % and 4.75%; the reserve is 62% funded.',
      'Terms of 6, 12 and 24 months, for the 2027 roofing, as of 2026-11-22.', // no money
    ]) {
      expect(said(text), text).toEqual([]);
    }
  });

  it('names every amount or rate the facts do not hold, as written', () => {
    expect(said('Operating cash is $84,210.56.')).toEqual(['$84,210.56']); // off by a cent
    expect(said('Operating cash is $84,210.')).toEqual(['$84,210']); // rounds to $84,211
    expect(said('Reserve cash is $187.4k.')).toEqual(['$187.4k']);
    expect(said('Reserve cash is $2M.')).toEqual(['$2M']);
    expect(said('Invest $160,000 now and 5,000 dollars later.')).toEqual([
      '$160,000',
      '5,000 dollars',
    ]);
    expect(said('The total is USD 100.')).toEqual(['USD 100']);
    expect(said('Expect 5.1% from the ladder and 4.3% on operating cash.')).toEqual([
      '5.1%',
      '4.3%',
    ]);
    expect(said('Rates near 4 percent.')).toEqual(['4 percent']);
    expect(said('$0 is idle.')).toEqual(['$0']);
  });
});
