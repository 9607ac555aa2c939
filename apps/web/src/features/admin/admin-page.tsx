import { Alert, Container, Group, type MantineColor, type MantineSize, type StyleProp, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

interface AdminPageProps {
  /** Names the section for tests: the refusal is `${id}-denied`. */
  id: string;
  icon: ReactNode;
  color?: MantineColor;
  title: string;
  /** The line under the heading; left out while `children` show something else (an open editor). */
  intro?: ReactNode;
  /** The API refused the signed-in person (403): the section shows the refusal and nothing else. */
  denied: boolean;
  /** Beside the heading (a "New" or "Send" button); hidden when denied. */
  action?: ReactNode;
  size?: MantineSize;
  px?: StyleProp<MantineSize | number>;
  /** After the page's column, outside it (modals). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every admin console section shares: its icon and heading, "Permission Denied" for a
 * person the API refused, the intro, then the section. One frame, so a new section cannot drift.
 */
export function AdminPage({ id, icon, color = 'grape', title, intro, denied, action, size = 'md', px, after, children }: AdminPageProps) {
  const { t } = useTranslation('errors');
  return (
    <Container size={size} py="lg" px={px}>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light" color={color}>
              {icon}
            </ThemeIcon>
            <Title order={1}>{title}</Title>
          </Group>
          {!denied && action}
        </Group>
        {denied ? (
          <Alert color="red" role="alert" data-testid={`${id}-denied`}>
            {t('permission_denied')}
          </Alert>
        ) : (
          <>
            {intro && <Text c="dimmed">{intro}</Text>}
            {children}
          </>
        )}
      </Stack>
      {after}
    </Container>
  );
}
