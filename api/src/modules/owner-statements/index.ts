// Owners' monthly statements: a unit's opening balance, charges, payments and what is due.
export {};
