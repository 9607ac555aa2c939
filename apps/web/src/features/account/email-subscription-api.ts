import { endpoints } from '@swapu/shared/endpoints';
import type { EmailSubscription } from '@swapu/shared/mail';
import { call } from '../../lib/api';

/** Subscribes or unsubscribes an address (the answer is the same whether it is known or not). */
export const changeSubscription = (body: EmailSubscription) => call(endpoints.emailSubscription, { body });
/** Confirms a subscription with the token of the confirmation mail's link. */
export const confirmSubscription = (token: string) => call(endpoints.emailSubscriptionConfirm, { body: { token } });
