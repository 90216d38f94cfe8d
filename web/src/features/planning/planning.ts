import type { ApolloCache } from '@apollo/client/core';
import { monthLabel } from '@/features/forecast';
import { KIND_LABELS } from '@/features/investments';
import type {
  AiRecommendationStatus,
  HealthGrade,
  RecommendationPriority,
  RecommendationSummary,
  RecommendationType,
} from './planning.graphql';

export { monthLabel };

/** How often the page asks about a pending request. */
export const POLL_MS = 1500;

export const TYPE_LABELS: Record<RecommendationType, string> = {
  CD_LADDER: 'CD ladder',
  NEW_INVESTMENT: 'New investment',
  REALLOCATION: 'Reallocation',
  MATURITY_ACTION: 'Maturity',
  LIQUIDITY_WARNING: 'Liquidity warning',
  GENERAL: 'General',
};

export const PRIORITY_LABELS: Record<RecommendationPriority, string> = {
  HIGH: 'High priority',
  MEDIUM: 'Medium priority',
  LOW: 'Low priority',
};

export const GRADE_LABELS: Record<HealthGrade, string> = {
  STRONG: 'Strong',
  FAIR: 'Fair',
  WEAK: 'Weak',
  CRITICAL: 'Critical',
  UNKNOWN: 'No score',
};

export const STATUS_LABELS: Record<AiRecommendationStatus, string> = {
  PENDING: 'Working',
  DONE: 'Done',
  FAILED: 'Failed',
};

export const statusClass = (s: AiRecommendationStatus) =>
  s === 'DONE' ? 'cv-badge--success' : s === 'FAILED' ? 'cv-badge--danger' : 'cv-badge--info';

export { KIND_LABELS };

/** "12 months", "1 month"; null without a term. */
export function termLabel(months: number | null | undefined): string | null {
  if (months === null || months === undefined) return null;
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** "1.8 s", "640 ms" */
export function responseTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Whose words a finished recommendation shows: never "AI" for the planner's own text. */
export function wordsBy(r: Pick<RecommendationSummary, 'narrativeSource'>): string {
  if (r.narrativeSource === 'PROVIDER') return 'AI';
  if (r.narrativeSource === 'PLANNER') return 'Planner';
  return '—';
}

/** "api.openai.com · gpt-4o-mini", or "Planner" when no provider was asked. */
export function providerLabel(r: Pick<RecommendationSummary, 'provider' | 'model'>): string {
  if (r.provider === 'planner') return 'Planner (no AI provider)';
  return r.model ? `${r.provider} · ${r.model}` : r.provider;
}

export type SourceTone = 'provider' | 'planner' | 'fallback';

/**
 * The line that says who wrote the words of a recommendation. The figures are always the
 * planner's; a provider only rewords them, and when its answer was refused the planner's own
 * text is shown and the line says why.
 */
export function sourceLine(
  r: Pick<RecommendationSummary, 'narrativeSource' | 'model' | 'error' | 'provider'>,
  providerConfigured: boolean,
): { tone: SourceTone; text: string } {
  if (r.narrativeSource === 'PROVIDER') {
    return {
      tone: 'provider',
      text: `Written by ${r.model ?? r.provider} from the planner's figures`,
    };
  }
  if (r.error) {
    return {
      tone: 'fallback',
      text: `The AI provider's answer was not used: ${r.error.replace(/[.\s]+$/, '')}. These are the planner's own words.`,
    };
  }
  if (!providerConfigured) {
    return { tone: 'planner', text: "The planner's own words: no AI provider is configured" };
  }
  return {
    tone: 'planner',
    text: "The planner's own words: no AI provider was configured when this was made",
  };
}

/** Ask again for everything that shows recommendations or the plan after a change. */
export function evictPlanning(cache: ApolloCache<unknown>): void {
  for (const fieldName of ['aiRecommendations', 'plannedInvestments']) {
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  }
}
