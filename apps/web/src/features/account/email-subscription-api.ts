import type { EmailSubscription, EmailSubscriptionResult } from '@swapu/shared/mail';
import { api } from '../../lib/api';

const post = (path: string, body: unknown) =>
  api<EmailSubscriptionResult>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** Subscribes or unsubscribes an address (the answer is the same whether it is known or not). */
export const changeSubscription = (body: EmailSubscription) => post('/api/v1/email-subscription', body);
/** Confirms a subscription with the token of the confirmation mail's link. */
export const confirmSubscription = (token: string) => post('/api/v1/email-subscription/confirm', { token });
