import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconEye, IconEyeOff, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ModerationPerson, ReportedListing, ReportedMember } from '@swapu/shared/admin-moderation';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';
import { Actions, AskButton, Evidence, Person, Thumb } from './moderation-card-parts';
import type { Ask } from './moderation-confirm';
import { moderationCalls } from './use-admin-moderation';

export function ListingCard({ item, ask }: { item: ReportedListing; ask: Ask }) {
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
        <AskButton
          variant="default"
          icon={IconCheck}
          ask={ask}
          question={() => ({
            title: t('dismiss.title'),
            body: t('dismiss.listingBody', { title }),
            confirm: t('dismiss.confirm'),
            color: 'swapu',
            reason: 'optional',
            run: moderationCalls.dismissPost(post.id),
            done: t('dismiss.done'),
          })}
        >
          {t('dismiss.button')}
        </AskButton>
        {post.hiddenReason === null ? (
          <AskButton
            color="red"
            variant="light"
            icon={IconEyeOff}
            ask={ask}
            question={() => ({
              title: t('hide.title'),
              body: t('hide.body', { title }),
              confirm: t('hide.confirm'),
              color: 'red',
              reason: 'required',
              run: moderationCalls.hidePost(post.id),
              done: t('hide.done'),
            })}
          >
            {t('hide.button')}
          </AskButton>
        ) : (
          <AskButton
            variant="light"
            icon={IconEye}
            ask={ask}
            question={() => ({
              title: t('unhide.title'),
              body: t('unhide.body', { title }),
              confirm: t('unhide.confirm'),
              color: 'swapu',
              reason: 'optional',
              run: moderationCalls.unhidePost(post.id),
              done: t('unhide.done'),
            })}
          >
            {t('unhide.button')}
          </AskButton>
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
      <AskButton
        variant="light"
        color="orange"
        icon={IconAlertTriangle}
        ask={ask}
        question={() => ({
          title: t('warn.title'),
          body: t('warn.body', { name }),
          confirm: t('warn.confirm'),
          color: 'orange',
          reason: 'required',
          run: moderationCalls.warnUser(person.id, postId),
          done: t('warn.done', { name }),
        })}
      >
        {postId ? t('warn.owner') : t('warn.button')}
      </AskButton>
      <AskButton
        variant="light"
        color="red"
        disabled={person.banned}
        icon={IconUserOff}
        ask={ask}
        question={() => ({
          title: t('ban.title'),
          body: t('ban.body', { name }),
          confirm: t('ban.confirm'),
          color: 'red',
          reason: 'required',
          run: moderationCalls.banUser(person.id, postId),
          done: t('ban.done', { name }),
        })}
      >
        {postId ? t('ban.owner') : t('ban.button')}
      </AskButton>
    </>
  );
}

export function MemberCard({ item, ask }: { item: ReportedMember; ask: Ask }) {
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
        <AskButton
          variant="default"
          icon={IconCheck}
          ask={ask}
          question={() => ({
            title: t('dismiss.title'),
            body: t('dismiss.memberBody', { name }),
            confirm: t('dismiss.confirm'),
            color: 'swapu',
            reason: 'optional',
            run: moderationCalls.dismissUser(item.member.id),
            done: t('dismiss.done'),
          })}
        >
          {t('dismiss.button')}
        </AskButton>
        <WarnBan person={item.member} ask={ask} />
      </Actions>
    </Card>
  );
}
