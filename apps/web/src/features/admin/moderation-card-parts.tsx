import { Anchor, Avatar, Badge, Button, Card, Group, Image, Stack, Text, ThemeIcon, type ButtonProps } from '@mantine/core';
import { IconPhoto, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ModerationPerson } from '@swapu/shared/admin-moderation';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import type { Ask, Confirm } from './moderation-confirm';

export function Person({ p, label }: { p: ModerationPerson; label?: string }) {
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

export function Thumb({ url, size = 72 }: { url: string | null; size?: number }) {
  return url ? (
    <Image src={url} w={size} h={size} radius="md" alt="" fit="cover" style={{ flexShrink: 0 }} />
  ) : (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <IconPhoto size={size / 2.5} />
    </ThemeIcon>
  );
}

/** The evidence list of a card: who said what, when. */
export function Evidence({
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
              // The reporter's own words, as written (data-user-content: e2e/support/pt-PT-check.ts).
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

export function Actions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" mt="xs">
      {children}
    </Group>
  );
}

/** A card's action: a small button that asks the admin to confirm (and give a reason) before it runs. */
export function AskButton({
  ask,
  question,
  icon: ActionIcon,
  children,
  ...button
}: { ask: Ask; question: () => Confirm; icon: Icon; children: ReactNode } & Pick<ButtonProps, 'variant' | 'color' | 'disabled'>) {
  return (
    <Button size="xs" leftSection={<ActionIcon size={14} />} {...button} onClick={() => ask(question())}>
      {children}
    </Button>
  );
}
