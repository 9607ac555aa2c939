import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconCards, IconEye, IconHeartHandshake, IconShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Pairing } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { SignInButtons } from './sample-deck';
import { SwipeCard } from './swipe-card';
import classes from './swap-swipe.module.css';

/** Shares this page's address: the phone's share sheet where there is one, else the clipboard. */
async function shareLink(title: string): Promise<'shared' | 'copied' | 'failed'> {
  const url = window.location.href;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url });
      return 'shared';
    }
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch (e) {
    // Closing the share sheet is not a failure.
    return e instanceof DOMException && e.name === 'AbortError' ? 'shared' : 'failed';
  }
}

/**
 * One pairing, as a shareable page: an item and a swap suggested for it side by side (one above
 * the other on a phone), why it was suggested, and what to do about it.
 */
export function PairingView({ pairing, signedIn }: { pairing: Pairing; signedIn: boolean }) {
  const { t } = useTranslation('swapSwipe');
  const { post, counter } = pairing;
  const side = (label: string, children: ReactNode) => (
    <Stack gap={6}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
        {label}
      </Text>
      {children}
    </Stack>
  );
  return (
    <Stack gap="lg" data-testid="swipe-pairing">
      <div className={classes.pair}>
        {side(t('pairing.item'), <SwipeCard card={post} />)}
        <ThemeIcon className={classes.pairIcon} size={48} radius="xl" color="swapu" aria-hidden="true">
          <IconArrowsExchange size={26} />
        </ThemeIcon>
        {side(t('pairing.suggested'), <SwipeCard card={counter} />)}
      </div>
      <Group gap="sm" justify="center">
        <Button component={Link} to={paths.viewPost(counter.id)} variant="default" leftSection={<IconEye size={18} />}>
          {t('pairing.view', { title: counter.title })}
        </Button>
        {signedIn && (
          <>
            <Button component={Link} to={paths.offerItem(counter.id)} leftSection={<IconHeartHandshake size={18} />}>
              {t('pairing.offer')}
            </Button>
            <Button component={Link} to={paths.swapSwipeDeck(post.id)} variant="light" leftSection={<IconCards size={18} />}>
              {t('pairing.open')}
            </Button>
          </>
        )}
        <Button
          variant="subtle"
          leftSection={<IconShare size={18} />}
          onClick={() =>
            void shareLink(t('pairing.shareTitle', { mine: post.title, theirs: counter.title })).then((r) => {
              if (r === 'copied') notifications.show({ color: 'swapu', message: t('pairing.copied') });
              if (r === 'failed') notifications.show({ color: 'red', message: t('pairing.copyFailed') });
            })
          }
        >
          {t('pairing.share')}
        </Button>
      </Group>
      {!signedIn && (
        <Stack align="center" gap="xs" ta="center">
          <Text fz="sm" c="dimmed">
            {t('pairing.signIn')}
          </Text>
          <SignInButtons size="sm" />
        </Stack>
      )}
    </Stack>
  );
}
