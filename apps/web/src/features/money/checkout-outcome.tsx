import { Alert } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';

/**
 * What became of a checkout started on this page, from the `?checkout=` the checkout page returns
 * with: the page's own words for a payment, the spec's 'Checkout process didn't go through' for a
 * cancelled one.
 */
export function CheckoutOutcome({ paid, mb }: { paid: string; mb?: string }) {
  const { t } = useTranslation('errors');
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  if (outcome === 'paid') {
    return (
      <Alert color="swapu" icon={<IconReceipt size={18} />} role="status" mb={mb}>
        {paid}
      </Alert>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Alert color="red" role="alert" mb={mb}>
        {t('checkout_failed')}
      </Alert>
    );
  }
  return null;
}
