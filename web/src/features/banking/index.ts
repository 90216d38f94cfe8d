// What other features may use of banking: nothing yet (its pages stand alone).
export {};
