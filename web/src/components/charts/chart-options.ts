// The parts of an ECharts option every Covenant chart shares, so the charts read alike: no
// animation, categories along the bottom in muted labels, light grid lines, money in compact
// dollars on the value axis, and one tooltip per category that the chart's own words fill in.

const AXIS_LABEL = { fontSize: 11, color: '#64748b' } as const;
const SPLIT_LINE = { lineStyle: { color: '#e2e8f0' } } as const;

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Integer cents as a position on a money axis. Layout only: positions need numbers, and every
 * figure a chart shows in words (its tooltip, the table beside it) is the exact decimal from the API.
 */
export const chartDollars = (cents: number): number => cents / 100;

export interface CartesianChart {
  /** Room around the plot for the axes' labels (and the legend above), in pixels. */
  grid: { left: number; right: number; top: number; bottom: number };
  /** One label per category along the bottom: months, years, days. */
  categories: string[];
  /** The tooltip's HTML for the hovered category (escape any text a person wrote). */
  tooltip: (index: number) => string;
  /** What the value axis counts: dollars ("$12K"), or whole counts (no fractional ticks). */
  values?: 'money' | 'count';
  /** A legend above the plot; `scroll` keeps many series on one line (wrapped on a phone, the legend runs into the plot). */
  legend?: 'plain' | 'scroll';
}

/** Everything of a bar or line chart's option but its series. */
export function cartesianChart(chart: CartesianChart) {
  const money = (chart.values ?? 'money') === 'money';
  return {
    animation: false,
    grid: chart.grid,
    ...(chart.legend ? { legend: legend(chart.legend === 'scroll') } : {}),
    tooltip: {
      trigger: 'axis' as const,
      confine: true,
      formatter: ((params: { dataIndex: number }[]) =>
        chart.tooltip(params[0]?.dataIndex ?? -1)) as never,
    },
    xAxis: { type: 'category' as const, data: chart.categories, axisLabel: { ...AXIS_LABEL } },
    yAxis: money
      ? {
          type: 'value' as const,
          axisLabel: { ...AXIS_LABEL, formatter: (v: number) => compactDollars.format(v) },
          splitLine: SPLIT_LINE,
        }
      : {
          type: 'value' as const,
          minInterval: 1,
          axisLabel: { ...AXIS_LABEL },
          splitLine: SPLIT_LINE,
        },
  };
}

function legend(scroll: boolean) {
  return {
    ...(scroll ? { type: 'scroll' as const, right: 0 } : {}),
    top: 0,
    left: 0,
    itemWidth: 14,
    itemHeight: 8,
    textStyle: { fontSize: 12 },
  };
}
