// What other modules use from actuals: nothing yet (the server registers its resolver directly).
export {};
