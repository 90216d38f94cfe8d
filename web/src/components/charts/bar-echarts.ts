import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// The part of ECharts a plain bar chart needs (bars, axes, tooltip, the SVG renderer): the admin
// dashboard's counts and the maturity ladder. Imported only dynamically, by the chart itself
// (ChartFrame), so a page without such a chart never loads it.
use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export type BarChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption
>;
export type { ECharts } from 'echarts/core';
export { init };
