// AutoPay: an owner's saved payment method charged on due dates.
export {};
