import type { ECharts, EChartsCoreOption } from 'echarts/core';
import {
  computed,
  onBeforeUnmount,
  onMounted,
  ref,
  shallowRef,
  toValue,
  watch,
  type ComputedRef,
  type MaybeRefOrGetter,
  type Ref,
  type ShallowRef,
} from 'vue';

/** What a chart's own `*-echarts.ts` module offers: ECharts' `init`, with its chart types registered. */
export interface EChartsModule {
  init: (el: HTMLElement, theme: undefined, opts: { renderer: 'svg' }) => ECharts;
}

export interface EChart {
  /** The ECharts instance once it is drawn; null while loading, after a failure and after unmount. */
  chart: ShallowRef<ECharts | null>;
  /** ECharts could not be loaded (a lost chunk, a stale deploy): show the figures in words. */
  failed: Ref<boolean>;
  /** Drawn: hide the skeleton. */
  ready: ComputedRef<boolean>;
}

/**
 * One ECharts chart's lifecycle, shared by every chart (ChartFrame draws with it): on mount, load
 * the module of the chart types it needs (`() => import('@/components/charts/bar-echarts')` and the
 * like — each registers only its chart types, and a page without a chart loads none), draw into `el` with the SVG renderer, follow the element's size, redraw from
 * scratch when the option changes (notMerge: a series that went away must not linger), and dispose
 * on unmount. `onReady` attaches event handlers (a click) to the fresh instance.
 */
export function useEChart(
  el: Ref<HTMLElement | null>,
  option: MaybeRefOrGetter<EChartsCoreOption>,
  load: () => Promise<EChartsModule>,
  onReady?: (chart: ECharts) => void,
): EChart {
  const chart = shallowRef<ECharts | null>(null);
  const failed = ref(false);
  let observer: ResizeObserver | null = null;
  let unmounted = false;

  onMounted(async () => {
    try {
      const echarts = await load();
      // Left before the module arrived: nothing to draw into.
      if (unmounted || !el.value) return;
      const instance = echarts.init(el.value, undefined, { renderer: 'svg' });
      instance.setOption(toValue(option));
      onReady?.(instance);
      chart.value = instance;
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(el.value);
      }
    } catch {
      failed.value = true;
    }
  });

  watch(
    () => toValue(option),
    (o) => chart.value?.setOption(o, { notMerge: true }),
  );

  onBeforeUnmount(() => {
    unmounted = true;
    observer?.disconnect();
    observer = null;
    chart.value?.dispose();
    chart.value = null;
  });

  return { chart, failed, ready: computed(() => chart.value !== null) };
}
