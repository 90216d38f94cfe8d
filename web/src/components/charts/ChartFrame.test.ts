import { flushPromises, mount } from '@vue/test-utils';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import PrimeVue from 'primevue/config';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import ChartFrame from './ChartFrame.vue';

// Stand-ins for the two ECharts modules (happy-dom lays nothing out): which module drew which
// option, in order. While `broken` is set, drawing fails as a lost chunk would.
const drawn = vi.hoisted(() => ({ options: [] as [string, unknown][], broken: false }));
vi.mock('./bar-echarts', () => fake('bar'));
vi.mock('./bar-line-echarts', () => fake('bar-line'));
function fake(name: string) {
  return {
    init: () => {
      if (drawn.broken) throw new Error('chunk lost');
      return {
        name,
        setOption: (o: unknown) => drawn.options.push([name, o]),
        resize: () => undefined,
        dispose: () => undefined,
      };
    },
  };
}

function mountFrame(props: {
  option: EChartsCoreOption;
  types: 'bar' | 'bar-line';
  onReady?: (chart: ECharts) => void;
}) {
  return mount(ChartFrame, {
    props: { height: '240px', label: 'Dues by month', testid: 'dues-chart', ...props },
    slots: { failed: () => 'The table below lists every month.' },
    global: { plugins: [[PrimeVue, { unstyled: true }]] },
  });
}

describe('ChartFrame', () => {
  beforeEach(() => {
    drawn.options.length = 0;
    drawn.broken = false;
  });

  it('shows a skeleton until the chart is drawn, then the chart with its description', async () => {
    const readied: unknown[] = [];
    const wrapper = mountFrame({
      option: { series: [{ type: 'bar', data: [1] }] },
      types: 'bar',
      onReady: (c) => readied.push((c as unknown as { name: string }).name),
    });
    const canvas = wrapper.get('[data-testid=dues-chart]');
    expect(canvas.attributes('role')).toBe('img');
    expect(canvas.attributes('aria-label')).toBe('Dues by month');
    expect(canvas.attributes('style')).toContain('height: 240px');
    expect(canvas.classes()).toContain('is-loading');
    expect(wrapper.find('[aria-hidden=true]').exists()).toBe(true);

    await flushPromises();
    expect(drawn.options).toEqual([['bar', { series: [{ type: 'bar', data: [1] }] }]]);
    expect(readied).toEqual(['bar']);
    expect(wrapper.get('[data-testid=dues-chart]').classes()).not.toContain('is-loading');
    expect(wrapper.find('[aria-hidden=true]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('The table below lists every month.');
  });

  it('draws with the module its chart types name, and draws a new option again', async () => {
    const wrapper = mountFrame({
      option: { series: [{ type: 'line', data: [1] }] },
      types: 'bar-line',
    });
    await flushPromises();
    await wrapper.setProps({ option: { series: [{ type: 'bar', data: [2] }] } });
    await nextTick();
    expect(drawn.options).toEqual([
      ['bar-line', { series: [{ type: 'line', data: [1] }] }],
      ['bar-line', { series: [{ type: 'bar', data: [2] }] }],
    ]);
  });

  it('says where the figures are in words when the chart cannot be drawn', async () => {
    drawn.broken = true;
    const wrapper = mountFrame({ option: {}, types: 'bar' });
    await flushPromises();
    expect(wrapper.get('[role=status]').text()).toBe('The table below lists every month.');
    expect(wrapper.find('[data-testid=dues-chart]').exists()).toBe(false);
  });
});
