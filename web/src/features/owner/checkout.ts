// Leaving for Stripe's hosted page (Checkout, or AutoPay's setup): a full navigation to another
// origin, which brings the owner back to the portal's own address when done. In one place so that
// tests can stand in for it.
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
