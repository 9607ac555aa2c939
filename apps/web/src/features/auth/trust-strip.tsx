import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconGift, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

/** Three short reassurances under the auth forms. */
export function TrustStrip() {
  const { t } = useTranslation('auth');
  const items = [
    { icon: IconGift, text: t('trust.free') },
    { icon: IconUsersGroup, text: t('trust.local') },
    { icon: IconShieldLock, text: t('trust.private') },
  ];
  return (
    <Group justify="center" gap="lg" mt={4} component="ul" p={0} style={{ listStyle: 'none' }}>
      {items.map(({ icon: Icon, text }) => (
        <Group key={text} gap={6} wrap="nowrap" component="li">
          <ThemeIcon variant="light" radius="xl" size={24} aria-hidden="true">
            <Icon size={14} />
          </ThemeIcon>
          <Text fz="xs" c="dimmed" fw={500}>
            {text}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
