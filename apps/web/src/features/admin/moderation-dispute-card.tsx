import { Anchor, Button, Card, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Dispute } from '@swapu/shared/admin-moderation';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { Actions, Evidence, Person, Thumb } from './moderation-card-parts';
import type { Ask } from './moderation-confirm';
import { moderationCalls } from './use-admin-moderation';

export function DisputeCard({ item, ask }: { item: Dispute; ask: Ask }) {
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
