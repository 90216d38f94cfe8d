// A problem of the machine's set-up, said in one line with the ways out (no stack trace). Its own
// module: the entry points catch it without loading the embedded PostgreSQL (a development
// dependency the production image does not ship).
export class SetupError extends Error {}
