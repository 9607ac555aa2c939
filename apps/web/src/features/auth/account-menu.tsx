import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconChevronDown,
  IconHeart,
  IconLayoutDashboard,
  IconLogout,
  IconMessageCircle,
  IconTruckDelivery,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { useSession } from '../../lib/use-session';
import { useLogout } from './use-logout';
import { useMe } from './use-me';

/** The header's account menu for a signed-in person (loaded on demand: guests never need it). */
export default function AccountMenu() {
  const { t } = useTranslation();
  const { userId } = useSession();
  const me = useMe();
  const logout = useLogout();
  const name = me.data?.displayName ?? t('nav.account');
  return (
    <Group gap={6} wrap="nowrap">
      <Menu position="bottom-end" width={250} shadow="md" radius="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('nav.accountMenu', { name })} data-testid="account-menu" style={{ borderRadius: 999 }} p={2}>
            <Group gap={8} wrap="nowrap">
              {/* The photo, or a person's outline: initials would be words on the button that its name,
                  spoken by voice control, does not hold (WCAG 2.5.3, decision 0037). */}
              <Avatar src={me.data?.avatarUrl ?? null} alt="" color="swapu" variant="filled" radius="xl" size={36} />
              <Text fw={600} fz="sm" maw={140} truncate visibleFrom="sm">
                {name}
              </Text>
              <Box visibleFrom="sm" display="flex">
                <IconChevronDown size={16} aria-hidden="true" />
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {me.data && (
            <>
              <Menu.Label>{t('nav.signedInAs')}</Menu.Label>
              <Text px="sm" pb={6} fz="sm" fw={600} truncate>
                {me.data.email}
              </Text>
              <Menu.Divider />
            </>
          )}
          {me.data?.banned ? (
            // Suspended: the way to support, and nothing else that acts (PRODUCT.md).
            <Menu.Item component={Link} to={paths.support} leftSection={<IconMessageCircle size={18} aria-hidden="true" />}>
              {t('chat:support.contact')}
            </Menu.Item>
          ) : (
            <>
              <Menu.Item component={Link} to={paths.mySwapU} leftSection={<IconLayoutDashboard size={18} aria-hidden="true" />}>
                {t('nav.mySwapU')}
              </Menu.Item>
              <Menu.Item component={Link} to={paths.userDetail(userId)} leftSection={<IconUser size={18} aria-hidden="true" />}>
                {t('nav.profile')}
              </Menu.Item>
              <Menu.Item component={Link} to={paths.favorite} leftSection={<IconHeart size={18} aria-hidden="true" />}>
                {t('nav.favourites')}
              </Menu.Item>
              {/* /my-delivery (the shared paths table does not list the delivery screens yet). */}
              <Menu.Item component={Link} to="/my-delivery" leftSection={<IconTruckDelivery size={18} aria-hidden="true" />}>
                {t('nav.deliveries')}
              </Menu.Item>
              <Menu.Item component={Link} to={paths.notification} leftSection={<IconBell size={18} aria-hidden="true" />}>
                {t('nav.notifications')}
              </Menu.Item>
              {(me.data?.role === 'admin' || me.data?.role === 'docs') && (
                <Menu.Item component={Link} to="/docs">
                  {t('nav.docs')}
                </Menu.Item>
              )}
            </>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={logout}>
            {t('nav.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
