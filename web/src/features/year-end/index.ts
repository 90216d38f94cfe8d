// What other features may use of year-end: nothing yet (its page stands alone; the router reads
// routes.ts).
export {};
