import { flushPromises, mount } from '@vue/test-utils';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref, type Ref } from 'vue';
import { useEChart, type EChart, type EChartsModule } from './useEChart';

// A stand-in for ECharts: what the composable asked of it, in order.
function fakeECharts() {
  const calls: unknown[][] = [];
  const instance = {
    setOption: (...args: unknown[]) => calls.push(['setOption', ...args]),
    resize: () => calls.push(['resize']),
    dispose: () => calls.push(['dispose']),
  } as unknown as ECharts;
  const module: EChartsModule = {
    init: (el, theme, opts) => {
      calls.push(['init', el.dataset.testid, theme, opts]);
      return instance;
    },
  };
  return { calls, instance, module };
}

// A ResizeObserver the test fires by hand (happy-dom lays nothing out).
function fakeResizeObserver() {
  const observers: { fire: () => void; observed: Element[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: (typeof observers)[number];
      constructor(fn: () => void) {
        this.entry = { fire: fn, observed: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.observed.push(el);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return observers;
}

function mountChart(
  option: Ref<EChartsCoreOption>,
  load: () => Promise<EChartsModule>,
  onReady?: (chart: ECharts) => void,
) {
  let state!: EChart;
  const wrapper = mount(
    defineComponent({
      setup() {
        const el = ref<HTMLElement | null>(null);
        state = useEChart(el, () => option.value, load, onReady);
        return () => h('div', { ref: el, 'data-testid': 'chart' });
      },
    }),
  );
  return { wrapper, state };
}

describe('useEChart', () => {
  it('draws into the element with the SVG renderer, follows its size and the option, and disposes', async () => {
    const observers = fakeResizeObserver();
    const { calls, instance, module } = fakeECharts();
    const option = ref<EChartsCoreOption>({ series: [{ type: 'bar', data: [1] }] });
    const readied: ECharts[] = [];
    let resolve!: (m: EChartsModule) => void;
    const { wrapper, state } = mountChart(
      option,
      () => new Promise((r) => (resolve = r)),
      (c) => readied.push(c),
    );

    // Loading: nothing drawn yet.
    expect(state.ready.value).toBe(false);
    expect(state.chart.value).toBeNull();
    resolve(module);
    await flushPromises();
    expect(state.ready.value).toBe(true);
    expect(state.failed.value).toBe(false);
    expect(state.chart.value).toBe(instance);
    expect(readied).toEqual([instance]);
    expect(calls).toEqual([
      ['init', 'chart', undefined, { renderer: 'svg' }],
      ['setOption', { series: [{ type: 'bar', data: [1] }] }],
    ]);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.observed).toEqual([wrapper.element]);

    calls.length = 0;
    observers[0]!.fire();
    option.value = { series: [{ type: 'line', data: [2] }] };
    await nextTick();
    // A new option replaces the old one whole (notMerge), so a dropped series goes away.
    expect(calls).toEqual([
      ['resize'],
      ['setOption', { series: [{ type: 'line', data: [2] }] }, { notMerge: true }],
    ]);

    calls.length = 0;
    wrapper.unmount();
    expect(calls).toEqual([['dispose']]);
    expect(observers[0]!.disconnected).toBe(true);
    expect(state.ready.value).toBe(false);
  });

  it('says so when the chart module cannot be loaded', async () => {
    const { state } = mountChart(ref({}), () => Promise.reject(new Error('chunk lost')));
    await flushPromises();
    expect(state.failed.value).toBe(true);
    expect(state.ready.value).toBe(false);
  });

  it('draws nothing when the component leaves before the module arrives', async () => {
    const observers = fakeResizeObserver();
    const { calls, module } = fakeECharts();
    let resolve!: (m: EChartsModule) => void;
    const { wrapper, state } = mountChart(ref({}), () => new Promise((r) => (resolve = r)));
    wrapper.unmount();
    resolve(module);
    await flushPromises();
    expect(calls).toEqual([]);
    expect(observers).toEqual([]);
    expect(state.ready.value).toBe(false);
  });
});
