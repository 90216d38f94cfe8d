import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// The part of ECharts the admin dashboard needs (bars, axes, tooltip, the SVG renderer). Imported
// only dynamically, by AdminBarChart.vue: no other page loads it.
use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export type AdminBarOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption
>;
export type { ECharts } from 'echarts/core';
export { init };
