import OpenAI from 'openai';
import { z } from 'zod';
import type {
  Narrative,
  NarrativeFacts,
  NarrativeResult,
  ProviderConfig,
} from './ai-planning.narrative.js';

// The AI provider path: an OpenAI-compatible chat-completions endpoint (hosted, or local such as
// Ollama or vLLM) rewrites the planner's words from its facts. The planner computes every figure;
// an answer naming a dollar amount or a rate the planner did not give is refused, and the caller
// keeps the planner's own text.

const SYSTEM_PROMPT = [
  "You rewrite an investment planner's notes for the board of a homeowners association (HOA).",
  'Board members are volunteers, not finance professionals: write plain English, short and concrete,',
  'no jargon, no hype, no advice beyond what the planner recommends.',
  '',
  "The user message is the planner's facts as JSON. Use only the figures given there — amounts,",
  'rates, terms and dates — written as they appear (amounts as dollars, e.g. $25,000.00 or',
  '$25,000). Never add up, split, estimate or invent an amount or a rate, and never change a',
  "recommendation's amount, term or rate. Keep each recommendation's meaning and priority.",
  '',
  'Answer with one JSON object and nothing else, exactly of this shape:',
  '{"overall": string, "riskNotes": string[], "items": [{"id": string, "summary": string, "details": string}]}',
  '- overall: two to four sentences on where the association stands (at most 1500 characters).',
  "- riskNotes: at most 8 short notes, from the facts' riskNotes.",
  '- items: exactly one per recommendation in the facts, with the same id; summary is one sentence',
  '  (at most 400 characters), details a short paragraph (at most 1500 characters).',
].join('\n');

const TEMPERATURE = 0.2;

const text = (max: number) => z.string().trim().max(max);

const narrativeSchema = z.object({
  overall: text(1500).min(1),
  riskNotes: z.array(text(400).min(1)).max(8),
  items: z.array(
    z.object({
      id: z.string().trim().min(1),
      summary: text(400).min(1),
      details: text(1500),
    }),
  ),
});

class AnswerError extends Error {}

// ```json … ``` around the object is common from chat models, even when asked for JSON only.
function unfence(content: string): string {
  const m = /^```(?:json|JSON)?\s*\n?([\s\S]*?)\n?\s*```$/.exec(content.trim());
  return m ? m[1] : content.trim();
}

function parseAnswer(content: string | null | undefined, facts: NarrativeFacts): Narrative {
  if (!content?.trim()) throw new AnswerError('The AI answer was empty');
  let json: unknown;
  try {
    json = JSON.parse(unfence(content));
  } catch {
    throw new AnswerError(`The AI answer was not JSON: ${clip(content, 120)}`);
  }
  const parsed = narrativeSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    throw new AnswerError(`The AI answer did not have the expected shape: ${issues.join('; ')}`);
  }
  const answer = parsed.data;
  const byId = new Map<string, { id: string; summary: string; details: string }>();
  for (const item of answer.items) {
    if (!facts.recommendations.some((r) => r.id === item.id)) {
      throw new AnswerError(`The AI answer had an item for an unknown recommendation: ${item.id}`);
    }
    if (byId.has(item.id)) {
      throw new AnswerError(`The AI answer had two items for recommendation ${item.id}`);
    }
    byId.set(item.id, item);
  }
  const missing = facts.recommendations.filter((r) => !byId.has(r.id)).map((r) => r.id);
  if (missing.length) {
    throw new AnswerError(`The AI answer had no item for recommendation ${missing.join(', ')}`);
  }
  return {
    overall: answer.overall,
    riskNotes: answer.riskNotes,
    // The planner's order.
    items: facts.recommendations.map((r) => byId.get(r.id)!),
  };
}

function clip(s: string, max: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

// ---- The figure check ---------------------------------------------------------------------------

// A number as written: `digits` is the value × 10^decimals ("12.3" → 123n, 1), times `unit`.
interface Written {
  text: string;
  digits: bigint;
  decimals: number;
  unit: bigint;
}

const UNITS: Record<string, bigint> = {
  k: 1_000n,
  thousand: 1_000n,
  m: 1_000_000n,
  mm: 1_000_000n,
  mn: 1_000_000n,
  million: 1_000_000n,
  b: 1_000_000_000n,
  bn: 1_000_000_000n,
  billion: 1_000_000_000n,
};

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?`;
const UNIT = String.raw`(?:\s?(k|K|thousand|m|M|MM|mn|million|b|B|bn|billion)\b)?`;
// $12,345.67 · $12,345 · $12.3k · $1.2M · $1.2 million · US$500 · -$500
const DOLLAR_SIGN = new RegExp(String.raw`(?<![\w.])(?:US)?\$\s?${NUMBER}${UNIT}`, 'g');
// 12,345 dollars · 12,345.67 USD · 1.2 million dollars
const DOLLAR_WORD = new RegExp(
  String.raw`(?<![\w.,$])${NUMBER}${UNIT}\s(?:US\s)?(?:dollars?|USD)\b`,
  'gi',
);
// USD 12,345
const USD_PREFIX = new RegExp(String.raw`\bUSD\s?${NUMBER}${UNIT}`, 'g');
// 4.25% · 4.25 % · 4.25 percent
const PERCENT = /(?<![\w.])(\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)/gi;

function written(text: string, whole: string, frac: string | undefined, unit?: string): Written {
  const decimals = frac?.length ?? 0;
  return {
    text: text.trim(),
    digits: BigInt(whole.replace(/,/g, '') + (frac ?? '')),
    decimals,
    unit: unit ? (UNITS[unit.toLowerCase()] ?? 1n) : 1n,
  };
}

function moneyIn(text: string): Written[] {
  const found: Written[] = [];
  for (const re of [DOLLAR_SIGN, DOLLAR_WORD, USD_PREFIX]) {
    for (const m of text.matchAll(re)) found.push(written(m[0], m[1], m[2], m[3]));
  }
  return found;
}

function percentsIn(text: string): Written[] {
  return [...text.matchAll(PERCENT)].map((m) => {
    const [whole, frac] = m[1].split('.');
    return written(m[0], whole, frac);
  });
}

// a ÷ b rounded half-up, a ≥ 0, b > 0.
const roundDiv = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);
const pow10 = (n: number) => 10n ** BigInt(n);

// Does the written amount state `cents` at its shown precision? "$12,345.67" must be the cent,
// "$12,345" the whole dollar, "$12.3k" the nearest hundred dollars.
function statesCents(w: Written, cents: bigint): boolean {
  return roundDiv(cents * pow10(w.decimals), w.unit * 100n) === w.digits;
}

// Rates are compared as given: "4.25%" and "4.250%" state 4.25, "4.3%" does not.
function statesRate(w: Written, rate: Written): boolean {
  const d = Math.max(w.decimals, rate.decimals);
  return w.digits * pow10(d - w.decimals) === rate.digits * pow10(d - rate.decimals);
}

// "25000.00", "-1200.5" → cents (absolute); null when not a plain decimal.
function centsOf(amount: string | null): bigint | null {
  const m = /^-?(\d+)(?:\.(\d{1,2}))?$/.exec(amount?.trim() ?? '');
  return m ? BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
}

function factTexts(facts: NarrativeFacts): string[] {
  return [
    facts.overall,
    ...facts.riskNotes,
    ...facts.figures.map((f) => f.label),
    ...facts.recommendations.flatMap((r) => [r.title, r.summary, r.details]),
  ];
}

function narrativeTexts(n: Narrative): string[] {
  return [n.overall, ...n.riskNotes, ...n.items.flatMap((i) => [i.summary, i.details])];
}

function findInvented(narrative: Narrative, facts: NarrativeFacts) {
  const cents = new Set<bigint>();
  const add = (amount: string | null) => {
    const c = centsOf(amount);
    if (c !== null) cents.add(c);
  };
  for (const r of facts.recommendations) {
    add(r.suggestedAmount);
    for (const rung of r.rungs) add(rung.amount);
  }
  for (const f of facts.figures) add(f.amount);
  const texts = factTexts(facts);
  // An amount the planner wrote in its own words counts at the precision it was written in.
  for (const w of texts.flatMap(moneyIn)) {
    cents.add((w.digits * w.unit * 100n) / pow10(w.decimals));
  }
  const rates: Written[] = [
    ...facts.rates.map((r) => r.trim()),
    ...facts.recommendations.flatMap((r) => [r.apy, ...r.rungs.map((g) => g.apy)]),
  ]
    .filter((r): r is string => !!r && /^\d+(?:\.\d+)?$/.test(r))
    .map((r) => {
      const [whole, frac] = r.split('.');
      return written(r, whole, frac);
    });
  rates.push(...texts.flatMap(percentsIn));

  const amounts = new Set<string>();
  const badRates = new Set<string>();
  for (const t of narrativeTexts(narrative)) {
    for (const w of moneyIn(t)) {
      if (![...cents].some((c) => statesCents(w, c))) amounts.add(w.text);
    }
    for (const w of percentsIn(t)) {
      if (!rates.some((r) => statesRate(w, r))) badRates.add(w.text);
    }
  }
  return { amounts: [...amounts], rates: [...badRates] };
}

// Every money amount and percentage in the narrative that the facts do not hold, as written.
// Every percentage is taken as a rate: the planner's texts give any share it means to state.
export function inventedAmounts(narrative: Narrative, facts: NarrativeFacts): string[] {
  const { amounts, rates } = findInvented(narrative, facts);
  return [...amounts, ...rates];
}

// ---- The call ----------------------------------------------------------------------------------

function describeFailure(err: unknown, cfg: ProviderConfig, deadline: AbortSignal): string {
  const seconds = `${Number((cfg.timeoutMs / 1000).toFixed(1))} s`;
  if (err instanceof AnswerError) return err.message;
  if (err instanceof OpenAI.APIConnectionTimeoutError || deadline.aborted) {
    return `The AI provider timed out after ${seconds}`;
  }
  if (err instanceof OpenAI.APIError && err.status !== undefined) {
    const body = err.error as { message?: unknown } | undefined;
    // The client prefixes its message with the status; a body that is not JSON is the message.
    const detail =
      typeof body?.message === 'string' ? body.message : err.message.replace(/^\d{3}\s*/, '');
    return `The AI provider answered HTTP ${err.status}: ${clip(detail, 300)}`;
  }
  if (err instanceof OpenAI.APIConnectionError) {
    const cause = err.cause instanceof Error ? err.cause.message : '';
    return `The AI provider could not be reached at ${cfg.url}${cause ? `: ${cause}` : ''}`;
  }
  return `The AI provider failed: ${err instanceof Error ? err.message : String(err)}`;
}

// Never throws: on any failure the narrative is null, the error says why, and `log` hears it.
export async function writeNarrative(
  cfg: ProviderConfig,
  facts: NarrativeFacts,
  log?: (msg: string) => void,
): Promise<NarrativeResult> {
  let model = cfg.model;
  let ms: number | null = null;
  const started = performance.now();
  // The client's own timeout ends at the response headers; this one bounds the body as well.
  const deadline = AbortSignal.timeout(cfg.timeoutMs);
  try {
    const client = new OpenAI({
      baseURL: cfg.url,
      apiKey: cfg.apiKey ?? 'not-needed',
      // Not from the process environment: only what the configuration names.
      organization: null,
      project: null,
      timeout: cfg.timeoutMs,
      maxRetries: 0,
    });
    const completion = await client.chat.completions.create(
      {
        model: cfg.model,
        temperature: TEMPERATURE,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: JSON.stringify(facts) },
        ],
      },
      { signal: deadline },
    );
    ms = Math.round(performance.now() - started);
    if (completion.model) model = completion.model;
    const choice = completion.choices?.[0];
    if (choice?.message?.refusal) {
      throw new AnswerError(`The AI provider refused: ${clip(choice.message.refusal, 200)}`);
    }
    if (choice?.finish_reason === 'length') {
      throw new AnswerError('The AI answer was cut off at the token limit');
    }
    const narrative = parseAnswer(choice?.message?.content, facts);
    const { amounts, rates } = findInvented(narrative, facts);
    const problems = [
      amounts.length ? `amounts the planner did not give: ${amounts.join(', ')}` : '',
      rates.length ? `rates the planner did not give: ${rates.join(', ')}` : '',
    ].filter(Boolean);
    if (problems.length) throw new AnswerError(`The AI answer had ${problems.join('; and ')}`);
    return { narrative, error: null, model, ms };
  } catch (err) {
    const error = describeFailure(err, cfg, deadline);
    log?.(error);
    return { narrative: null, error, model, ms: ms ?? Math.round(performance.now() - started) };
  }
}
