// What other modules (and the platform) may use of payables: bills, their payments and reports
// (the board packet, the cash forecast, the demo seed, the scheduled jobs).
export {};
