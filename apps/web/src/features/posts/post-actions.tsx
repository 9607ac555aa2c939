import { ActionIcon, Button, Group, Menu, Radio, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDotsVertical, IconFlag, IconPencil, IconShare, IconTrash, IconArchive, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { PostDetail } from '@swapu/shared/api';
import { REPORT_REASONS } from '@swapu/shared/constants';
import type { PostState } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { errorCodeOf } from '../../lib/api';
import { useAskToSignIn, useSignedIn } from '../../lib/use-sign-in';
import { type OwnerAction, usePostOwnerAction, useReportPost } from './use-my-posts';

const errorText = (t: (k: string) => string, e: unknown) => t(`errors:${errorCodeOf(e)}`);

export function ShareButton({ post }: { post: PostDetail }) {
  const { t } = useTranslation('posts');
  const share = async () => {
    const url = `${window.location.origin}${paths.viewPost(post.id)}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: post.title, url });
        return;
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'swapu', message: t('actions.linkCopied') });
    } catch {
      notifications.show({ color: 'yellow', message: t('actions.copyThis', { url }) });
    }
  };
  return (
    <Tooltip label={t('actions.share')}>
      <ActionIcon variant="default" size={36} onClick={() => void share()} aria-label={t('actions.share')}>
        <IconShare size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

export function ReportButton({ post }: { post: PostDetail }) {
  const { t } = useTranslation(['posts', 'errors']);
  const signedIn = useSignedIn();
  const ask = useAskToSignIn();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  const report = useReportPost(post.id);
  const submit = () =>
    report.mutate(
      { reason: reason as (typeof REPORT_REASONS)[number], details },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          setDetails('');
          notifications.show({ color: 'swapu', message: t('actions.reported') });
        },
      },
    );
  return (
    <>
      <Tooltip label={t('actions.report')}>
        <ActionIcon variant="default" size={36} onClick={() => (signedIn ? setOpen(true) : ask())} aria-label={t('actions.report')}>
          <IconFlag size={18} />
        </ActionIcon>
      </Tooltip>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('actions.reportTitle')} centered>
        <Stack>
          <Text fz="sm" c="dimmed">
            {t('actions.reportIntro')}
          </Text>
          <Radio.Group value={reason} onChange={setReason} label={t('actions.reportReason')} required>
            <Stack gap={8} mt={6}>
              {REPORT_REASONS.map((r) => (
                <Radio key={r} value={r} label={t(`actions.reasons.${r}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('actions.reportDetails')}
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          {report.isError && (
            <Text c="red" fz="sm" role="alert">
              {errorText(t, report.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" disabled={!reason} loading={report.isPending} onClick={submit}>
              {t('actions.sendReport')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

/** Which owner actions a listing in this state offers. */
export function ownerActionsFor(state: PostState): OwnerAction[] {
  switch (state) {
    case 'draft':
      return ['delete'];
    case 'published':
      return ['archived', 'swapped', 'sold', 'delete'];
    case 'reserved':
      return ['swapped', 'sold'];
    case 'archived':
      return ['publish', 'delete'];
    default:
      return ['delete'];
  }
}

const ICONS: Record<OwnerAction, typeof IconCheck> = {
  archived: IconArchive,
  swapped: IconCheck,
  sold: IconCheck,
  publish: IconRefresh,
  delete: IconTrash,
};

/**
 * The owner's menu for one listing: edit, withdraw, mark swapped or sold, publish again, delete
 * (deleting asks first). `onDeleted` runs after a delete succeeds.
 */
export function OwnerMenu({ id, state, onDeleted }: { id: string; state: PostState; onDeleted?: () => void }) {
  const { t } = useTranslation(['posts', 'errors']);
  const act = usePostOwnerAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const run = (action: OwnerAction) =>
    act.mutate(
      { id, action },
      {
        onSuccess: (result) => {
          // A listing with swap history is archived instead of deleted: say which happened.
          const archivedInstead = action === 'delete' && (result as { outcome?: string } | undefined)?.outcome === 'archived';
          notifications.show({ color: 'swapu', message: t(archivedInstead ? 'mine.done.deleteArchived' : `mine.done.${action}`) });
          if (action === 'delete') onDeleted?.();
        },
        onError: (e) => notifications.show({ color: 'red', message: errorText(t, e) }),
      },
    );
  const actions = ownerActionsFor(state);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={36} aria-label={t('mine.more')} loading={act.isPending} data-testid="owner-menu">
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {(state === 'draft' || state === 'published') && (
            <Menu.Item component={Link} to={paths.editPost(id)} leftSection={<IconPencil size={16} />}>
              {t('mine.actions.edit')}
            </Menu.Item>
          )}
          {actions.map((a) => {
            const Icon = ICONS[a];
            return (
              <Menu.Item
                key={a}
                color={a === 'delete' ? 'red' : undefined}
                leftSection={<Icon size={16} />}
                onClick={() => (a === 'delete' ? setConfirmDelete(true) : run(a))}
              >
                {t(`mine.actions.${a}`)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <Dialog opened={confirmDelete} onClose={() => setConfirmDelete(false)} fixed title={t('mine.deleteTitle')} centered>
        <Text fz="sm">{t('mine.deleteBody')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={act.isPending}
            onClick={() => {
              setConfirmDelete(false);
              run('delete');
            }}
          >
            {t('mine.actions.delete')}
          </Button>
        </Group>
      </Dialog>
    </>
  );
}
