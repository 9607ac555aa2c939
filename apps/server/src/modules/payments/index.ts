// The payments module's public face: what other modules may import (the rule in eslint.config.js).
export { lapseOpenCheckouts } from './checkout-lapse';
export { openCheckout } from './checkouts.service';
export type { PaymentProvider } from './provider';
export type { ReceiptDeps } from './receipts.service';
export { refundCheckout } from './refunds.service';
