// Owners paying online through the association's Stripe account, and Stripe's payouts.
export {};
