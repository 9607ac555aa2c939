import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Coupon } from '@swapu/shared/money-api';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { useSetCouponDisabled } from './use-admin-coupons';

/** Disable a code (after a confirmation: members can no longer redeem it) or enable it again. */
export function DisableButton({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation(['coupons', 'errors']);
  const toggle = useSetCouponDisabled();
  const [confirming, setConfirming] = useState(false);
  const disabled = coupon.disabledAt !== null;
  const run = () =>
    toggle.mutate(
      { code: coupon.code, disabled: !disabled },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({
            color: 'green',
            message: t(disabled ? 'admin.enabledNotice' : 'admin.disabledNotice', { code: coupon.code }),
          });
        },
        onError: (err) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(err)}`) }),
      },
    );
  if (disabled)
    return (
      <Button size="compact-sm" variant="default" loading={toggle.isPending} onClick={run} data-testid="coupon-enable">
        {t('admin.enable')}
      </Button>
    );
  return (
    <>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(true)} data-testid="coupon-disable">
        {t('admin.disable')}
      </Button>
      <Dialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        fixed
        title={t('admin.disableTitle', { code: coupon.code })}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">{t('admin.disableText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('admin.cancel')}
            </Button>
            <Button color="red" loading={toggle.isPending} onClick={run} data-testid="coupon-disable-confirm">
              {t('admin.disable')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

/** A disabled code's badge. */
export const DisabledBadge = ({ coupon }: { coupon: Coupon }) => {
  const { t } = useTranslation('coupons');
  return coupon.disabledAt ? (
    <Badge color="gray" variant="light" size="sm" data-testid="coupon-disabled">
      {t('admin.disabled')}
    </Badge>
  ) : null;
};
