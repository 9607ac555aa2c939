// The mail module's public face: what other modules may import (the rule in eslint.config.js).
export { enqueueMail, secretRef } from './mail.service';
export {
  assistMatchesMail,
  campaignMail,
  chainMail,
  deliveryMail,
  emailVerificationMail,
  matchMail,
  messageDigestMail,
  newsletterConfirmMail,
  newsletterUnsubscribeLinkMail,
  newsletterWelcomeMail,
  offerMail,
  passwordResetMail,
  receiptMail,
  savedSearchMail,
  welcomeMail,
} from './templates';
export type { ChainMailEvent, DeliveryMailEvent, OfferMailEvent } from './templates';
export { acceptsNonTransactionalMail, subscriberByEmail, subscriberRow, unsubscribeLink, unsubscribeUrl } from './unsubscribe';
