import { graphql, type ResultOf } from '@/graphql';
import { BUDGET_FIGURES_FIELDS, type BudgetFigures } from '@/apollo/budget-figures.graphql';

export type DashboardFigures = BudgetFigures;

// The year to date's income, expense and net, the association's and each fund's.
const INCOME_EXPENSE_NET_FIELDS = graphql(
  `
    fragment IncomeExpenseNetFields on IncomeExpenseNet {
      income {
        ...BudgetFigures
      }
      expense {
        ...BudgetFigures
      }
      net {
        ...BudgetFigures
      }
    }
  `,
  [BUDGET_FIGURES_FIELDS],
);

// Every tile in one request: the page makes one round trip (each tile is a field the API resolves
// only when asked, so a page that shows fewer tiles asks for fewer fields).
export const DASHBOARD_QUERY = graphql(
  `
    query Dashboard {
      dashboard {
        asOf
        fiscalYear
        cash {
          total
          funds {
            fundType
            balance
            trend {
              date
              balance
            }
            accounts {
              accountId
              number
              name
              archived
              balance
            }
          }
        }
        incomeExpense {
          year
          fiscalYearStartMonth
          toMonth
          from
          to
          ...IncomeExpenseNetFields
          funds {
            fundType
            ...IncomeExpenseNetFields
            transfers {
              ...BudgetFigures
            }
          }
        }
        receivables {
          outstanding
          pastDue
          unitsOwing
          delinquentUnits
          billing
          buckets {
            current
            total
            credit
          }
          delinquentByBucket {
            days1to30
            days31to60
            days61to90
            over90
          }
        }
        reserves {
          percentFunded
          band
          reserveBalance
          totalFullyFunded
          componentsCount
        }
        capitalProjects {
          fiscalYear
          count
          estimatedCost
          overdue
          byStatus {
            status
            count
            estimatedCost
          }
        }
        investmentsMaturing {
          days
          count
          total
          next {
            id
            institution
            kind
            maturityDate
            daysToMaturity
          }
        }
        recentTransactions {
          id
          number
          date
          memo
          source
          total
        }
        attention {
          kind
          title
          detail
          count
          amount
          route {
            name
            params {
              key
              value
            }
            query {
              key
              value
            }
          }
        }
      }
    }
  `,
  [BUDGET_FIGURES_FIELDS, INCOME_EXPENSE_NET_FIELDS],
);

export type Dashboard = ResultOf<typeof DASHBOARD_QUERY>['dashboard'];
export type DashboardCash = Dashboard['cash'];
export type DashboardCashFund = DashboardCash['funds'][number];
export type DashboardCashPoint = DashboardCashFund['trend'][number];
export type DashboardIncomeExpense = Dashboard['incomeExpense'];
export type DashboardReceivables = Dashboard['receivables'];
export type DashboardEntry = Dashboard['recentTransactions'][number];
export type DashboardAttentionItem = Dashboard['attention'][number];
export type DashboardReserves = Dashboard['reserves'];
export type DashboardCapitalProjects = Dashboard['capitalProjects'];
export type DashboardInvestments = Dashboard['investmentsMaturing'];
