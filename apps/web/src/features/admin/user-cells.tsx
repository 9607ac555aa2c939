import { Badge, Text } from '@mantine/core';
import type { AdminUser } from '@swapu/shared/admin-users';
import { useTranslation } from '../../i18n/react';

export function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminUsers');
  const color = user.status === 'active' ? 'swapu' : user.status === 'banned' ? 'red' : 'gray';
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }} data-testid="user-status">
      {t(`status.${user.status}`)}
    </Badge>
  );
}

export function RoleBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminUsers');
  return (
    <Badge
      color={user.role === 'admin' ? 'grape' : user.role === 'docs' ? 'teal' : 'gray'}
      variant={user.role === 'admin' ? 'filled' : 'outline'}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="user-role"
    >
      {t(`role.${user.role}`)}
    </Badge>
  );
}

export function Rating({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('adminUsers');
  if (user.rating === null) return <Text c="dimmed">—</Text>;
  return (
    <Text span fz="sm" title={t('reviews', { count: user.reviews })}>
      {user.rating.toLocaleString(i18n.language, { minimumFractionDigits: 1 })} ★
    </Text>
  );
}

export function Reports({ n }: { n: number }) {
  return n > 0 ? (
    <Badge color="orange" variant="light" data-testid="user-reports">
      {n}
    </Badge>
  ) : (
    <Text c="dimmed" fz="sm" data-testid="user-reports">
      0
    </Text>
  );
}
