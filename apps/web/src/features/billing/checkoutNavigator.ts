/**
 * Leaves the app for the payment provider's checkout (a full page load: the provider sends the
 * browser back to /billing/debits/{id}?payment={paymentId}). An object, so tests can replace `open`.
 */
export const checkoutNavigator = {
  open(url: string): void {
    window.location.assign(url);
  },
};
