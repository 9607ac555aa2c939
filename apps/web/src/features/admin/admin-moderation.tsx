import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  ScrollArea,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconCheck,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconPhoto,
  IconTrash,
  IconUserOff,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  MODERATION_KINDS,
  MODERATION_REASON_MAX,
  type Dispute,
  type FlaggedPhoto,
  type ModerationKind,
  type ModerationPerson,
  type ModerationResult,
  type ReportedListing,
  type ReportedMember,
} from '@swapu/shared/admin-moderation';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { moderationCalls, useModerationAction, useModerationQueue } from './use-admin-moderation';

/** What a confirmation asks before an action runs. */
interface Confirm {
  title: string;
  body: string;
  confirm: string;
  color: string;
  /** required: hide, remove, warn, ban, resolve (the member reads it); optional: a note for the audit log. */
  reason: 'required' | 'optional';
  run: (reason: string) => Promise<ModerationResult>;
  done: string;
}
type Ask = (c: Confirm) => void;

const TAB_ICONS: Record<ModerationKind, ReactNode> = {
  listings: <IconFlag size={16} />,
  members: <IconUsers size={16} />,
  photos: <IconPhoto size={16} />,
  disputes: <IconArrowsExchange size={16} />,
};

function Person({ p, label }: { p: ModerationPerson; label?: string }) {
  const { t } = useTranslation('moderation');
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar src={p.avatarUrl} size={28} radius="xl" alt="" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {label && (
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
        )}
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={paths.userDetail(p.id)} fz="sm" fw={600} truncate data-user-content={!!p.displayName || undefined}>
            {memberName(t, p.displayName) || t('unknownMember')}
          </Anchor>
          {p.banned && (
            <Badge color="red" size="xs" variant="light">
              {t('banned')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

function Thumb({ url, size = 72 }: { url: string | null; size?: number }) {
  return url ? (
    <Image src={url} w={size} h={size} radius="md" alt="" fit="cover" style={{ flexShrink: 0 }} />
  ) : (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <IconPhoto size={size / 2.5} />
    </ThemeIcon>
  );
}

/** The evidence list of a card: who said what, when. */
function Evidence({
  items,
  ownWords = false,
}: {
  items: Array<{ id: string; title: string; text?: string; by: string; at: string }>;
  /** The titles are what members wrote (a member report's reason, a dispute's problem), not a catalogue label. */
  ownWords?: boolean;
}) {
  const { t, i18n } = useTranslation('moderation');
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((r) => (
        <li key={r.id} data-testid="moderation-report">
          <Card withBorder padding="xs" radius="sm">
            <Text fz="sm" fw={600} data-user-content={ownWords || undefined}>
              {r.title}
            </Text>
            {r.text && (
              // The reporter's own words, as written (data-user-content: e2e/pt-PT.spec.ts).
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content>
                {r.text}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {t('reportedBy', { name: r.by || t('unknownMember'), date: formatDateTime(r.at, i18n.language) })}
            </Text>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" mt="xs">
      {children}
    </Group>
  );
}

function ListingCard({ item, ask }: { item: ReportedListing; ask: Ask }) {
  const { t } = useTranslation(['moderation', 'posts']);
  const { post, owner } = item;
  const title = post.title || t('untitled');
  return (
    <Card padding="md" withBorder data-testid="moderation-listing" data-post-id={post.id}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Thumb url={post.imageUrl} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component={Link}
            to={paths.viewPost(post.id)}
            fw={700}
            style={{ overflowWrap: 'anywhere' }}
            data-user-content={!!post.title || undefined}
          >
            {title}
          </Anchor>
          <Group gap={6}>
            <Badge variant="light" color="red">
              {t('reportCount', { count: item.count })}
            </Badge>
            <Badge variant="light" color="gray">
              {t(`states.${post.state}`, { defaultValue: post.state })}
            </Badge>
            {post.hiddenReason !== null && (
              <Badge variant="filled" color="dark" data-testid="moderation-hidden">
                {t('hidden')}
              </Badge>
            )}
          </Group>
          <Person p={owner} label={t('owner')} />
        </Stack>
      </Group>
      {post.hiddenReason !== null && (
        <Text fz="sm" c="dimmed" mt="xs">
          {t('hiddenBecause', { reason: post.hiddenReason })}
        </Text>
      )}
      <Stack gap="xs" mt="sm">
        <Evidence
          items={item.reports.map((r) => ({
            id: r.id,
            title: t(`posts:actions.reasons.${r.reason}`, { defaultValue: r.reason }),
            text: r.details,
            by: memberName(t, r.reporterName),
            at: r.at,
          }))}
        />
      </Stack>
      <Actions>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCheck size={14} />}
          onClick={() =>
            ask({
              title: t('dismiss.title'),
              body: t('dismiss.listingBody', { title }),
              confirm: t('dismiss.confirm'),
              color: 'swapu',
              reason: 'optional',
              run: moderationCalls.dismissPost(post.id),
              done: t('dismiss.done'),
            })
          }
        >
          {t('dismiss.button')}
        </Button>
        {post.hiddenReason === null ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconEyeOff size={14} />}
            onClick={() =>
              ask({
                title: t('hide.title'),
                body: t('hide.body', { title }),
                confirm: t('hide.confirm'),
                color: 'red',
                reason: 'required',
                run: moderationCalls.hidePost(post.id),
                done: t('hide.done'),
              })
            }
          >
            {t('hide.button')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} />}
            onClick={() =>
              ask({
                title: t('unhide.title'),
                body: t('unhide.body', { title }),
                confirm: t('unhide.confirm'),
                color: 'swapu',
                reason: 'optional',
                run: moderationCalls.unhidePost(post.id),
                done: t('unhide.done'),
              })
            }
          >
            {t('unhide.button')}
          </Button>
        )}
        <WarnBan person={owner} postId={post.id} ask={ask} />
      </Actions>
    </Card>
  );
}

/** Warn and ban buttons for a member (the owner of a reported listing, or a reported member). */
function WarnBan({ person, postId, ask }: { person: ModerationPerson; postId?: string; ask: Ask }) {
  const { t } = useTranslation('moderation');
  const name = memberName(t, person.displayName) || t('unknownMember');
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="orange"
        leftSection={<IconAlertTriangle size={14} />}
        onClick={() =>
          ask({
            title: t('warn.title'),
            body: t('warn.body', { name }),
            confirm: t('warn.confirm'),
            color: 'orange',
            reason: 'required',
            run: moderationCalls.warnUser(person.id, postId),
            done: t('warn.done', { name }),
          })
        }
      >
        {postId ? t('warn.owner') : t('warn.button')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        disabled={person.banned}
        leftSection={<IconUserOff size={14} />}
        onClick={() =>
          ask({
            title: t('ban.title'),
            body: t('ban.body', { name }),
            confirm: t('ban.confirm'),
            color: 'red',
            reason: 'required',
            run: moderationCalls.banUser(person.id, postId),
            done: t('ban.done', { name }),
          })
        }
      >
        {postId ? t('ban.owner') : t('ban.button')}
      </Button>
    </>
  );
}

function MemberCard({ item, ask }: { item: ReportedMember; ask: Ask }) {
  const { t } = useTranslation('moderation');
  const name = memberName(t, item.member.displayName) || t('unknownMember');
  return (
    <Card padding="md" withBorder data-testid="moderation-member" data-user-id={item.member.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Person p={item.member} />
        <Badge variant="light" color="red">
          {t('reportCount', { count: item.count })}
        </Badge>
      </Group>
      <Stack gap="xs" mt="sm">
        <Evidence ownWords items={item.reports.map((r) => ({ id: r.id, title: r.reason, by: memberName(t, r.reporterName), at: r.at }))} />
      </Stack>
      <Actions>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCheck size={14} />}
          onClick={() =>
            ask({
              title: t('dismiss.title'),
              body: t('dismiss.memberBody', { name }),
              confirm: t('dismiss.confirm'),
              color: 'swapu',
              reason: 'optional',
              run: moderationCalls.dismissUser(item.member.id),
              done: t('dismiss.done'),
            })
          }
        >
          {t('dismiss.button')}
        </Button>
        <WarnBan person={item.member} ask={ask} />
      </Actions>
    </Card>
  );
}

function PhotoCard({ item, ask }: { item: FlaggedPhoto; ask: Ask }) {
  const { t, i18n } = useTranslation('moderation');
  const title = item.post.title || t('untitled');
  const lastLive = item.post.state === 'published' && item.photoCount <= 1;
  return (
    <Card padding="md" withBorder data-testid="moderation-photo" data-image-id={item.id}>
      <Stack gap="sm">
        <Image src={item.imageUrl} radius="md" mah={320} fit="contain" alt={t('photos.alt', { title })} bg="gray.1" />
        <Group gap={6}>
          <Badge variant="light" color="orange">
            {t('photos.score', { score: item.score === null ? '—' : `${Math.round(item.score * 100)}%` })}
          </Badge>
          <Text fz="xs" c="dimmed">
            {formatDateTime(item.at, i18n.language)}
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={paths.viewPost(item.post.id)}
          fw={700}
          style={{ overflowWrap: 'anywhere' }}
          data-user-content={!!item.post.title || undefined}
        >
          {title}
        </Anchor>
        <Person p={item.owner} label={t('owner')} />
        {lastLive && (
          <Text fz="xs" c="dimmed">
            {t('photos.lastLive')}
          </Text>
        )}
      </Stack>
      <Actions>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCheck size={14} />}
          onClick={() =>
            ask({
              title: t('approve.title'),
              body: t('approve.body', { title }),
              confirm: t('approve.confirm'),
              color: 'swapu',
              reason: 'optional',
              run: moderationCalls.approveImage(item.id),
              done: t('approve.done'),
            })
          }
        >
          {t('approve.button')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={lastLive}
          leftSection={<IconTrash size={14} />}
          onClick={() =>
            ask({
              title: t('remove.title'),
              body: t('remove.body', { title }),
              confirm: t('remove.confirm'),
              color: 'red',
              reason: 'required',
              run: moderationCalls.removeImage(item.id),
              done: t('remove.done'),
            })
          }
        >
          {t('remove.button')}
        </Button>
        {item.post.state !== 'draft' && item.post.state !== 'reserved' && (
          <Button
            size="xs"
            color="red"
            variant="subtle"
            leftSection={<IconEyeOff size={14} />}
            onClick={() =>
              ask({
                title: t('hide.title'),
                body: t('hide.body', { title }),
                confirm: t('hide.confirm'),
                color: 'red',
                reason: 'required',
                run: moderationCalls.hidePost(item.post.id),
                done: t('hide.done'),
              })
            }
          >
            {t('hide.button')}
          </Button>
        )}
      </Actions>
    </Card>
  );
}

function DisputeCard({ item, ask }: { item: Dispute; ask: Ask }) {
  const { t, i18n } = useTranslation('moderation');
  const title = item.post.title || t('untitled');
  const nameOf = (id: string | null) =>
    id === item.offerer.id
      ? memberName(t, item.offerer.displayName)
      : id === item.owner.id
        ? memberName(t, item.owner.displayName)
        : t('unknownMember');
  const resolve = (outcome: 'complete' | 'cancel') =>
    ask({
      title: t(`dispute.${outcome}.title`),
      body: t(`dispute.${outcome}.body`, { title }),
      confirm: t(`dispute.${outcome}.confirm`),
      color: outcome === 'complete' ? 'swapu' : 'red',
      reason: 'required',
      run: moderationCalls.resolveDispute(item.offerId, outcome),
      done: t(`dispute.${outcome}.done`),
    });
  return (
    <Card padding="md" withBorder data-testid="moderation-dispute" data-offer-id={item.offerId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={paths.swapOffer(item.offerId)} fw={700}>
            {t('dispute.heading', { title })}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {formatDateTime(item.at, i18n.language)}
          </Text>
        </Group>
        <Group gap="lg" align="flex-start">
          <Person p={item.owner} label={t('dispute.owner')} />
          <Person p={item.offerer} label={t('dispute.offerer')} />
        </Group>
        <Stack gap={6}>
          <Text fz="xs" c="dimmed">
            {t('dispute.items')}
          </Text>
          {[item.post, ...item.items].map((p) => (
            <Group key={p.id} gap="sm" wrap="nowrap">
              <Thumb url={p.imageUrl} size={40} />
              <Anchor
                component={Link}
                to={paths.viewPost(p.id)}
                fz="sm"
                style={{ overflowWrap: 'anywhere' }}
                data-user-content={!!p.title || undefined}
              >
                {p.title || t('untitled')}
              </Anchor>
            </Group>
          ))}
          {item.cashCents > 0 && (
            <Text fz="sm">
              {t(`dispute.cash.${item.cashKind}`, { amount: formatMoney(item.cashCents, i18n.language), defaultValue: '' })}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text fz="xs" c="dimmed">
            {t('dispute.problem')}
          </Text>
          <Evidence ownWords items={item.problems.map((p, i) => ({ id: String(i), title: p.message, by: nameOf(p.byId), at: p.at }))} />
        </Stack>
        <Stack gap={4}>
          <Text fz="xs" c="dimmed">
            {t('dispute.chat')}
          </Text>
          {item.messages.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('dispute.noChat')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={240} type="auto" data-testid="dispute-chat">
              <Stack gap={4}>
                {item.messages.map((m) => (
                  <Text key={m.id} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600} fz="sm">
                      {nameOf(m.senderId)}:
                    </Text>{' '}
                    {m.body}{' '}
                    <Text span fz="xs" c="dimmed">
                      {formatDateTime(m.at, i18n.language)}
                    </Text>
                  </Text>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Stack>
      <Actions>
        <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => resolve('complete')}>
          {t('dispute.complete.button')}
        </Button>
        <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => resolve('cancel')}>
          {t('dispute.cancel.button')}
        </Button>
      </Actions>
    </Card>
  );
}

/** The confirmation of an action, with its reason box; the server's refusal is shown in it. */
function ConfirmModal({ confirm, onClose }: { confirm: Confirm | null; onClose: () => void }) {
  const { t } = useTranslation(['moderation', 'errors']);
  const action = useModerationAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    action.reset();
    onClose();
  };
  const submit = () => {
    if (!confirm) return;
    if (confirm.reason === 'required' && !reason.trim()) {
      setError(t('errors:moderation_reason_required'));
      return;
    }
    setError(null);
    action.mutate(
      { run: confirm.run, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'swapu', message: confirm.done });
          close();
        },
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };
  return (
    <Dialog opened={confirm !== null} onClose={close} fixed title={confirm?.title} centered>
      {confirm && (
        <Stack gap="sm">
          <Text fz="sm">{confirm.body}</Text>
          <Textarea
            label={confirm.reason === 'required' ? t('reason.label') : t('reason.note')}
            description={confirm.reason === 'required' ? t('reason.hint') : undefined}
            required={confirm.reason === 'required'}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            maxLength={MODERATION_REASON_MAX}
            rows={3}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button color={confirm.color} loading={action.isPending} onClick={submit}>
              {confirm.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

function Empty() {
  const { t } = useTranslation('moderation');
  return (
    <Card padding="xl" ta="center" data-testid="moderation-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCheck size={28} />
        </ThemeIcon>
        <Text fw={700}>{t('empty.title')}</Text>
        <Text fz="sm" c="dimmed">
          {t('empty.body')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /admin/moderation: the queue of reported listings, reported members, photos the NSFW check
 * flagged and swaps in dispute, each with its evidence and actions (dismiss, hide, remove a photo,
 * warn, ban, resolve). Every action asks for confirmation (and a reason where the member reads
 * one); the API enforces the rules and admins only: anyone else sees 'Permission Denied'.
 */
export function AdminModeration() {
  const { t } = useTranslation(['moderation', 'errors']);
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const [kind, setKind] = useState<ModerationKind>('listings');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const queue = useModerationQueue(kind);
  const denied = queue.error instanceof ApiError && queue.error.status === 403;
  const data = queue.isPlaceholderData ? undefined : queue.data;
  const counts = queue.data?.counts;
  const cards = data
    ? kind === 'listings'
      ? data.listings.map((l) => <ListingCard key={l.post.id} item={l} ask={setConfirm} />)
      : kind === 'members'
        ? data.members.map((m) => <MemberCard key={m.member.id} item={m} ask={setConfirm} />)
        : kind === 'photos'
          ? data.photos.map((p) => <PhotoCard key={p.id} item={p} ask={setConfirm} />)
          : data.disputes.map((d) => <DisputeCard key={d.offerId} item={d} ask={setConfirm} />)
    : [];

  return (
    <AdminPage
      id="moderation"
      icon={<IconFlag size={22} />}
      title={t('title')}
      intro={t('intro')}
      denied={denied}
      px={{ base: 'xs', sm: 'md' }}
      after={<ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />}
    >
      <Tabs value={kind} onChange={(v) => v && setKind(v as ModerationKind)} keepMounted={false}>
        <Tabs.List>
          {MODERATION_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k} px={{ base: 'xs', sm: 'md' }}>
              <Group gap={6} wrap="nowrap">
                <Box visibleFrom="sm" style={{ display: 'flex' }}>
                  {TAB_ICONS[k]}
                </Box>
                <span>{t(`tabs.${k}`)}</span>
                {counts && (
                  <Badge
                    size="sm"
                    circle={counts[k] < 10}
                    variant={counts[k] > 0 ? 'filled' : 'light'}
                    color={counts[k] > 0 ? 'red' : 'gray'}
                    data-testid={`count-${k}`}
                  >
                    {counts[k]}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack gap="md" mt="md">
          {queue.isError && <LoadError onRetry={() => void queue.refetch()} />}
          {!queue.isError && !data && (
            <Stack gap="md" data-testid="moderation-loading">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} h={140} radius="md" />
              ))}
            </Stack>
          )}
          {data && cards.length === 0 && <Empty />}
          {cards}
        </Stack>
      </Tabs>
    </AdminPage>
  );
}
