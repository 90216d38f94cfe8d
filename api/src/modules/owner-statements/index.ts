// Owners' monthly statements: a unit's opening balance, charges, payments and what is due, as the
// unit ledger has them; their PDF; and the monthly email the association's automation sends.
export { OwnerStatementsResolver } from './owner-statements.resolver.js';
export { ownerStatementDownload } from './owner-statements.http.js';
// The association's automation emails each owner last month's statement on the 1st.
export { monthlyStatementEmails } from './owner-statements-email.service.js';
