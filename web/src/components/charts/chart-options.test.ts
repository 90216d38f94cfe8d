import { describe, expect, it } from 'vitest';
import { cartesianChart, chartDollars } from './chart-options';

const grid = { left: 64, right: 16, top: 40, bottom: 28 };

describe('cartesianChart', () => {
  it('places cents as dollars and labels the money axis compactly', () => {
    expect(chartDollars(1_234_56)).toBe(1234.56);
    expect(chartDollars(-5)).toBe(-0.05);
    const { yAxis } = cartesianChart({ grid, categories: [], tooltip: () => '' });
    expect(yAxis.type).toBe('value');
    const format = yAxis.axisLabel as { formatter: (v: number) => string };
    expect(format.formatter(12_500)).toBe('$12.5K');
    expect(format.formatter(1_200_000)).toBe('$1.2M');
    expect(yAxis.splitLine).toEqual({ lineStyle: { color: '#e2e8f0' } });
  });

  it('lays out the categories, without animation, and counts in whole numbers when asked', () => {
    const option = cartesianChart({
      grid,
      categories: ['Jan', 'Feb'],
      tooltip: () => '',
      values: 'count',
    });
    expect(option.animation).toBe(false);
    expect(option.grid).toEqual(grid);
    expect(option.xAxis).toEqual({
      type: 'category',
      data: ['Jan', 'Feb'],
      axisLabel: { fontSize: 11, color: '#64748b' },
    });
    expect(option.yAxis).toMatchObject({ type: 'value', minInterval: 1 });
    expect(option.yAxis.axisLabel).not.toHaveProperty('formatter');
  });

  it('hands the hovered category to the tooltip, and nothing hovered as -1', () => {
    const seen: number[] = [];
    const { tooltip } = cartesianChart({
      grid,
      categories: ['Jan', 'Feb', 'Mar'],
      tooltip: (i: number) => (seen.push(i), `#${i}`),
    });
    const format = tooltip.formatter as unknown as (p: { dataIndex: number }[]) => string;
    expect(tooltip).toMatchObject({ trigger: 'axis', confine: true });
    expect(format([{ dataIndex: 2 }, { dataIndex: 2 }])).toBe('#2');
    expect(format([])).toBe('#-1');
    expect(seen).toEqual([2, -1]);
  });

  it('draws a legend only when asked, on one scrolling line for many series', () => {
    expect(cartesianChart({ grid, categories: [], tooltip: () => '' })).not.toHaveProperty(
      'legend',
    );
    const plain = cartesianChart({ grid, categories: [], tooltip: () => '', legend: 'plain' });
    expect(plain.legend).toEqual({
      top: 0,
      left: 0,
      itemWidth: 14,
      itemHeight: 8,
      textStyle: { fontSize: 12 },
    });
    const scroll = cartesianChart({ grid, categories: [], tooltip: () => '', legend: 'scroll' });
    expect(scroll.legend).toMatchObject({ type: 'scroll', top: 0, left: 0, right: 0 });
  });
});
