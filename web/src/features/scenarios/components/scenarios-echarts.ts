import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// The part of ECharts the scenario overlay needs (lines, axes, tooltip, legend, the SVG renderer).
// Imported only dynamically, by ScenarioChart.vue.
use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ScenarioChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;
export type { ECharts } from 'echarts/core';
export { init };
