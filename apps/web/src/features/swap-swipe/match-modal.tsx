import { ChatRoomButton } from '../../components/chat-room-button';
import { Avatar, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { IconArrowsExchange, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PostCard } from '@swapu/shared/api';
import type { DeckCard } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';

/** "It's a match!": both people liked each other's items (both were emailed); on to an offer or a chat. */
export function MatchModal({ mine, theirs, onClose }: { mine: PostCard; theirs: DeckCard | null; onClose: () => void }) {
  const { t } = useTranslation('swapSwipe');
  return (
    <Dialog
      opened={!!theirs}
      onClose={onClose}
      centered
      radius="lg"
      title={t('match.title')}
      styles={{ title: { fontWeight: 800, fontSize: 24 } }}
    >
      {theirs && (
        <Stack gap="md" align="center" ta="center" data-testid="swipe-match">
          <Group gap="xs" wrap="nowrap" justify="center">
            <Avatar src={mine.thumbUrl} size={84} radius="lg" alt="">
              {mine.title.slice(0, 1)}
            </Avatar>
            <ThemeIcon size={40} radius="xl" color="swapu">
              <IconArrowsExchange size={22} />
            </ThemeIcon>
            <Avatar src={theirs.thumbUrl} size={84} radius="lg" alt="">
              {theirs.title.slice(0, 1)}
            </Avatar>
          </Group>
          <Text>{t('match.body', { name: memberName(t, theirs.ownerName), mine: mine.title, theirs: theirs.title })}</Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to={paths.offerItem(theirs.id)} leftSection={<IconHeartHandshake size={18} />}>
              {t('match.offer')}
            </Button>
            <ChatRoomButton to={paths.chatWith(theirs.ownerId, theirs.id)} variant="light">
              {t('match.message', { name: memberName(t, theirs.ownerName) })}
            </ChatRoomButton>
            <Button variant="default" onClick={onClose}>
              {t('match.keepSwiping')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
