import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import { endpoints } from '@swapu/shared/endpoints';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { call } from '../../lib/api';
import { useDates } from '../../lib/clock';
import { useAskToSignIn, useSignedIn } from '../../lib/use-sign-in';
import { useSession } from '../../lib/use-session';
import { keyOf } from '../../lib/query-keys';

const HOUR = 3_600_000;

/** Whole hours until `opensAt`, rounded up (at least 1, at most the 24 of early access). */
export const hoursUntil = (opensAt: number, now: number) =>
  Math.min(EARLY_ACCESS_MS / HOUR, Math.max(1, Math.ceil((opensAt - now) / HOUR)));

/**
 * A link to an item still inside its 24 hours of early access, opened by someone who does not
 * subscribe (the API answered early_access with only the moment it opens): why they cannot see
 * it, when they can, and the subscription. Nothing of the item is known here, so nothing is shown.
 */
export function EarlyAccessNotice({
  opensAt,
  onOpen,
}: {
  /** When it opens to everyone (ISO); unknown when the answer did not say. */
  opensAt: string | undefined;
  /** Called once the item has opened to everyone (the page then asks again). */
  onOpen: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const { now } = useDates();
  const signedIn = useSignedIn();
  const ask = useAskToSignIn();
  const { userId } = useSession();
  // The account as every page reads it (GET /api/v1/me, cached): a suspended member buys nothing.
  const me = useQuery({
    queryKey: keyOf(endpoints.me, { viewer: userId }),
    queryFn: () => call(endpoints.me),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
  const canSubscribe = !signedIn || me.data?.banned === false;
  const at = opensAt ? Date.parse(opensAt) : NaN;

  useEffect(() => {
    if (!Number.isFinite(at)) return;
    const timer = setTimeout(onOpen, Math.min(Math.max(at - Date.now(), 0) + 1000, EARLY_ACCESS_MS));
    return () => clearTimeout(timer);
  }, [at, onOpen]);

  return (
    <Container size="sm" py={64} data-testid="early-access">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconClockHour4 size={30} />
        </ThemeIcon>
        <Title order={1}>{t('earlyAccess.title')}</Title>
        <Text c="dimmed">{t('earlyAccess.body')}</Text>
        {Number.isFinite(at) && <Text fw={600}>{t('earlyAccess.opens', { count: hoursUntil(at, now) })}</Text>}
        {canSubscribe &&
          (!signedIn ? (
            // A guest is asked to log in or sign up first, then carries on to the subscription.
            <Button onClick={() => ask(paths.subscription)}>{t('earlyAccess.subscribe')}</Button>
          ) : (
            <Button component={Link} to={paths.subscription}>
              {t('earlyAccess.subscribe')}
            </Button>
          ))}
        <Button component={Link} to={paths.home} variant="subtle">
          {t('earlyAccess.browse')}
        </Button>
      </Stack>
    </Container>
  );
}
