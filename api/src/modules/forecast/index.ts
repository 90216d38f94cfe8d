// What other modules may use of the cash-flow forecast: the forecast itself and its flows by
// fund (the investment planner and scenarios build on them).
export {
  cashByFund,
  cashForecast,
  type CashForecastOptions,
  forecastFlows,
  type FundSeries,
  type InvestmentMaturity,
  type ProjectSpend,
  MAX_FORECAST_MONTHS,
  netFlow,
} from './forecast.service.js';
export { CashForecast, CashForecastMonth, ForecastFund } from './forecast.types.js';
