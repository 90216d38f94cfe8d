// The contract between the deterministic planner and an AI provider that rewrites its words.
// The planner computes every figure; the provider may only restate them. `writeNarrative` (in
// ai-planning.provider.ts) sends the facts to an OpenAI-compatible chat-completions endpoint and
// returns the narrative, or an error and no narrative (the caller then keeps the planner's text).

export interface NarrativeRung {
  // Dollars with cents, "25000.00".
  amount: string;
  termMonths: number;
  apy: string;
  institution: string;
}

export interface NarrativeRecommendation {
  id: string;
  type: string;
  priority: string;
  fund: string | null;
  title: string;
  summary: string;
  details: string;
  suggestedAmount: string | null;
  termMonths: number | null;
  apy: string | null;
  rungs: NarrativeRung[];
}

export interface NarrativeFacts {
  asOf: string;
  association: string;
  overall: string;
  riskNotes: string[];
  recommendations: NarrativeRecommendation[];
  // Every other money figure the planner used, labelled ("Operating cash", "Liquidity floor —
  // operating"), dollars with cents.
  figures: { label: string; amount: string }[];
  // Rates the planner used, in percent ("4.25").
  rates: string[];
}

export interface Narrative {
  overall: string;
  riskNotes: string[];
  // One per recommendation id of the facts (same ids); titles, amounts, terms and rates stay the
  // planner's.
  items: { id: string; summary: string; details: string }[];
}

export interface ProviderConfig {
  // The endpoint's base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.
  url: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export interface NarrativeResult {
  narrative: Narrative | null;
  // Why there is no narrative (timeout, HTTP error, unparsable answer, an invented amount).
  error: string | null;
  model: string;
  // Wall time of the call.
  ms: number;
}
