import { Anchor, Checkbox, Group, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconCameraPlus, IconMail, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

function Point({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size={36} aria-hidden="true" style={{ flexShrink: 0 }}>
        {icon}
      </ThemeIcon>
      <Text pt={6}>{children}</Text>
    </Group>
  );
}

/** Onboarding's first step: how swapping on SwapU works, in three lines. */
export function WelcomeStep() {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="md" data-testid="onboarding-welcome">
      <Point icon={<IconCameraPlus size={20} />}>{t('onboarding.welcomeList')}</Point>
      <Point icon={<IconArrowsExchange size={20} />}>{t('onboarding.welcomeSwap')}</Point>
      <Point icon={<IconTruckDelivery size={20} />}>{t('onboarding.welcomeDelivery')}</Point>
    </Stack>
  );
}

export interface NotificationChoices {
  /** The email about unread messages (the account's messageDigest). */
  digest: boolean;
  /** Asks for the newsletter (double opt-in: a confirmation link is mailed). */
  newsletter: boolean;
}

/**
 * Onboarding's last step: the emails the member wants. Offer emails have no setting (they carry
 * the swap itself); the message digest and the newsletter do. `settingsHref`: where to change
 * them later.
 */
export function NotificationsStep({
  value,
  onChange,
  settingsHref,
  disabled,
}: {
  value: NotificationChoices;
  onChange: (v: NotificationChoices) => void;
  settingsHref: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('onboarding.notificationsHelp')}
      </Text>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size={28} aria-hidden="true" style={{ flexShrink: 0 }}>
          <IconMail size={16} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {t('onboarding.offerEmails')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('onboarding.offerEmailsNote')}
          </Text>
        </Stack>
      </Group>
      <Switch
        checked={value.digest}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, digest: e.currentTarget.checked })}
        label={t('profile.digest.label')}
        description={t('profile.digest.description')}
      />
      <Checkbox
        checked={value.newsletter}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, newsletter: e.currentTarget.checked })}
        label={t('onboarding.newsletterLabel')}
        description={t('onboarding.newsletterHelp')}
      />
      <Text fz="xs" c="dimmed">
        {t('onboarding.settingsNote')}{' '}
        <Anchor component={Link} to={settingsHref} fz="xs">
          {t('onboarding.settingsLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
