import { graphql, type ResultOf } from '@/graphql';

const FIGURES = graphql(`
  fragment DashboardFigures on BudgetVsActualFigures {
    budget
    actual
    variance
    variancePercent
    favorable
  }
`);

export type DashboardFigures = ResultOf<typeof FIGURES>;

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
          income {
            ...DashboardFigures
          }
          expense {
            ...DashboardFigures
          }
          net {
            ...DashboardFigures
          }
          funds {
            fundType
            income {
              ...DashboardFigures
            }
            expense {
              ...DashboardFigures
            }
            net {
              ...DashboardFigures
            }
            transfers {
              ...DashboardFigures
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
  [FIGURES],
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
