/**
 * Mail templates: HTML + text, in en-US or pt-PT by the recipient's language. The one index the
 * mailer and the modules import; the templates live by family: the shared layout
 * (mail-layout.ts), account (account-mails.ts), news, campaigns and Swap Assist (newsletter-mails.ts),
 * matches, chains and offers (swap-mails.ts), chat digests and saved searches (alert-mails.ts),
 * receipts (receipt-mails.ts) and deliveries (delivery-mails.ts).
 */
export type { MailContent } from './mail-layout';
export { emailVerificationMail, passwordResetMail, welcomeMail } from './account-mails';
export {
  assistMatchesMail,
  campaignMail,
  newsletterConfirmMail,
  newsletterUnsubscribeLinkMail,
  newsletterWelcomeMail,
} from './newsletter-mails';
export { chainMail, type ChainMailEvent, matchMail, offerMail, type OfferMailEvent } from './swap-mails';
export { messageDigestMail, savedSearchMail } from './alert-mails';
export { receiptMail } from './receipt-mails';
export { deliveryMail, type DeliveryMailEvent } from './delivery-mails';

/**
 * Templates that are not transactional (news, campaigns, digests). Each must be built with an
 * unsubscribe link (see `marketing()` and newsletter's `unsubscribeUrl()`); the delivery worker
 * also adds a List-Unsubscribe header to them. Later templates of this kind add their name here.
 */
export const NON_TRANSACTIONAL_TEMPLATES: ReadonlySet<string> = new Set([
  'newsletter-welcome',
  'assist-matches',
  'campaign',
  'campaign-test',
]);
