import { beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification } from '@swapu/shared/api';
import { i18n, initI18n } from '../../i18n/index';
import { formatMoney } from '../../lib/format';
import { notificationText } from './notification';

const aNotification = (kind: string, data: Record<string, string>): AppNotification => ({
  id: 'n1',
  kind,
  data,
  link: '/my-delivery/p1/o1/u2',
  createdAt: '2030-01-06T10:00:00.000Z',
  readAt: null,
});

beforeAll(async () => {
  await initI18n('en-US');
  await i18n.loadNamespaces('notifications');
});

describe('delivery notifications', () => {
  const text = (event: string) =>
    notificationText(
      i18n.getFixedT(null, 'notifications'),
      aNotification('delivery', { event, postTitle: 'Road bike', otherName: 'Ben Trader', deliveryId: 'd1' }),
    );

  it('says what happened to the parcel, per event', () => {
    expect(text('label_created')).toBe('The courier label for Road bike is ready: print it and attach it to the parcel');
    expect(text('shipped')).toBe('The courier picked up Road bike');
    expect(text('in_transit')).toBe('Road bike is on its way');
    expect(text('delivered')).toBe('Road bike has been delivered');
    expect(text('cancelled')).toBe('Ben Trader cancelled the delivery of Road bike');
    expect(text('failed')).toBe("The courier couldn't take the delivery of Road bike: it has been refunded");
  });

  it('has words for an event it does not know', () => {
    expect(text('booking')).toBe("There's news about the delivery of Road bike");
  });
});

describe('swap chain notifications', () => {
  const text = (event: string) =>
    notificationText(
      i18n.getFixedT(null, 'notifications'),
      aNotification('chain', { event, otherName: 'Ben Trader', size: '4', reason: '' }),
    );

  it('says what happened to the chain, per event', () => {
    expect(text('found')).toBe('A swap chain of 4 people was found for you: unlock it within 48 hours');
    expect(text('unlocked')).toBe('Ben Trader unlocked your swap chain');
    expect(text('committed')).toBe('Everyone unlocked your swap chain: the swaps are accepted');
    expect(text('dissolved')).toBe('Your swap chain has ended');
    expect(text('something-else')).toBe('Something happened on SwapU');
  });
});

describe('payment notifications', () => {
  const text = (reason: string, language = 'en-US') =>
    notificationText(
      i18n.getFixedT(null, 'notifications'),
      aNotification('payment', { event: 'refunded', reason, description: 'SwapU subscription, 1 month', amountCents: '1000' }),
      language,
    );

  it('says a payment was refunded and why, with its amount', () => {
    expect(text('already_subscribed')).toBe('You already have a subscription: your payment of A$10 was refunded');
    expect(text('quote_expired')).toBe('The delivery quote had expired: your payment of A$10 was refunded and nothing was booked');
    expect(text('lapsed')).toBe('The checkout had expired: your payment of A$10 was refunded');
    expect(text('dispute')).toBe('Your payment of A$10 was disputed with your bank, and what it bought was taken back');
    expect(text('provider_refund')).toBe(
      'Your payment of A$10 was refunded through our payment provider, and what it bought was taken back',
    );
    expect(text('admin')).toBe('SwapU refunded your payment of A$10');
    expect(text('something-else')).toBe('Something happened on SwapU');
  });

  it('says it in Portuguese too', async () => {
    await i18n.changeLanguage('pt-PT');
    await i18n.loadNamespaces('notifications');
    try {
      // The amount in the reader's own format ('10 AU$').
      expect(text('already_subscribed', 'pt-PT')).toBe(
        `Já tem uma subscrição: o seu pagamento de ${formatMoney(1000, 'pt-PT')} foi reembolsado`,
      );
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
