import { SankeyChart, type SankeySeriesOption } from 'echarts/charts';
import { TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// The part of ECharts the income and expense Sankey needs (the chart, its tooltip, the SVG renderer) and
// nothing else. Imported only dynamically, by IncomeExpenseSankey.vue: it stays out of every other
// page's JavaScript.
use([SankeyChart, TooltipComponent, SVGRenderer]);

export type SankeyOption = ComposeOption<SankeySeriesOption | TooltipComponentOption>;
export type { ECharts } from 'echarts/core';
export { init };
