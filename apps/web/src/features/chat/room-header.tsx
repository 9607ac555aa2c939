import { ActionIcon, Anchor, Avatar, Button, Card, Group, Image, Menu, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconBan, IconDotsVertical, IconFlag, IconLockOpen, IconPhotoOff, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { Room } from '@swapu/shared/chat';
import { ROOM_TITLE_DEFAULT } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { errorCodeOf } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { PaneHeader } from './chat-shell';
import { chatPaths, initials } from './chat-text';
import { useBlock, useReportUser } from './use-rooms';

const errorText = (t: (k: string) => string, e: unknown) => t(`errors:${errorCodeOf(e)}`);

function ReportModal({ room, opened, onClose }: { room: Room; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['chat', 'errors']);
  const [reason, setReason] = useState('');
  const report = useReportUser(room.id);
  const name = memberName(t, room.other.displayName);
  const submit = () =>
    report.mutate(reason.trim(), {
      onSuccess: () => {
        setReason('');
        onClose();
        notifications.show({ color: 'swapu', message: t('report.done') });
      },
    });
  return (
    <Dialog opened={opened} onClose={onClose} title={t('report.title', { name })} centered>
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('report.intro', { name })}
        </Text>
        <Textarea
          label={t('report.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={3}
          required
          data-autofocus
        />
        {report.isError && (
          <Text c="red" fz="sm" role="alert">
            {errorText(t, report.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button color="red" disabled={!reason.trim()} loading={report.isPending} onClick={submit}>
            {t('report.send')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** The room's top bar: back (phones), the other person, and the report / block menu. */
export function RoomHeader({ room }: { room: Room }) {
  const { t } = useTranslation(['chat', 'errors']);
  const [reporting, setReporting] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const block = useBlock(room.id);
  const name = memberName(t, room.other.displayName);
  const setBlocked = (on: boolean) =>
    block.mutate(on, {
      onSuccess: () => {
        setConfirmBlock(false);
        notifications.show({
          color: 'swapu',
          message: t(on ? 'block.done' : 'block.undone', { name }),
        });
      },
      onError: (e) => notifications.show({ color: 'red', message: errorText(t, e) }),
    });
  return (
    <PaneHeader back={{ label: t('back'), to: chatPaths.list }}>
      <Avatar src={room.other.avatarUrl} alt="" radius="xl" size={40} color="swapu">
        {initials(name)}
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={paths.userDetail(room.other.id)} fw={700} c="dark" truncate data-testid="room-other">
          {name}
        </Anchor>
        {room.title && room.title !== ROOM_TITLE_DEFAULT && (
          <Text fz="xs" c="dimmed" truncate data-user-content>
            {room.title}
          </Text>
        )}
      </Stack>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="xl"
            aria-label={t('menu.label')}
            loading={block.isPending}
            data-testid="room-menu"
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.userDetail(room.other.id)} leftSection={<IconUser size={16} />}>
            {t('menu.profile')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setReporting(true)}>
            {t('menu.report')}
          </Menu.Item>
          {room.blockedByMe ? (
            <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => setBlocked(false)}>
              {t('menu.unblock')}
            </Menu.Item>
          ) : (
            <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => setConfirmBlock(true)}>
              {t('menu.block')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ReportModal room={room} opened={reporting} onClose={() => setReporting(false)} />
      <Dialog opened={confirmBlock} onClose={() => setConfirmBlock(false)} fixed title={t('block.title', { name })} centered>
        <Text fz="sm">{t('block.body')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmBlock(false)}>
            {t('report.cancel')}
          </Button>
          <Button color="red" loading={block.isPending} onClick={() => setBlocked(true)}>
            {t('block.confirm')}
          </Button>
        </Group>
      </Dialog>
    </PaneHeader>
  );
}

/** The post the conversation is about: thumb, title, value, a link to it. */
export function PostContext({ post }: { post: NonNullable<Room['post']> }) {
  const { t, i18n } = useTranslation('chat');
  return (
    <Card
      component={Link}
      to={paths.viewPost(post.id)}
      padding={8}
      radius="md"
      m="sm"
      mb={0}
      data-testid="post-context"
      style={{ flexShrink: 0, textDecoration: 'none' }}
    >
      <Group wrap="nowrap" gap="sm">
        {post.thumbUrl ? (
          <Image src={post.thumbUrl} alt="" w={48} h={48} radius="sm" />
        ) : (
          <ThemeIcon size={48} radius="sm" variant="light" color="gray">
            <IconPhotoOff size={20} />
          </ThemeIcon>
        )}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fz={11} c="dimmed" tt="uppercase" fw={600}>
            {t('post.about')}
          </Text>
          <Text fw={600} fz="sm" truncate data-user-content>
            {post.title}
          </Text>
          <Text fz="sm" c="swapu.8" fw={700}>
            {formatMoney(post.cashValueCents, i18n.language)}
          </Text>
        </Stack>
        <Text fz="xs" c="swapu.7" fw={600} visibleFrom="xs" style={{ flexShrink: 0 }}>
          {t('post.view')}
        </Text>
      </Group>
    </Card>
  );
}
