import { Anchor, Container, Group, Skeleton, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { pageMeta } from '@swapu/shared/page-meta';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { PairingView } from '../../features/swap-swipe/pairing-view';
import { usePairing } from '../../features/swap-swipe/use-swipe';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';
import { useSignedIn } from '../../lib/use-sign-in';

/** /swap-swipe/{currentPage}/{counterPage}: one pairing, a link anyone can open. */
export default function SwapSwipePairingPage() {
  const { currentPage = '', counterPage = '' } = useParams();
  const { t } = useTranslation('swapSwipe');
  const signedIn = useSignedIn();
  const pairing = usePairing(currentPage, counterPage);
  const p = pairing.data;
  const { i18n } = useTranslation();
  usePageMeta(p ? pageMeta.pairing(asLocale(i18n.language), p) : null);
  if (pairing.isError) {
    return pairing.error instanceof ApiError && pairing.error.status === 404 ? (
      <NotFound />
    ) : (
      <Container size="md" py="lg">
        <LoadError titled onRetry={() => void pairing.refetch()} />
      </Container>
    );
  }
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.swapSwipe} fz="sm" c="dimmed" w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden="true" />
            {t('title')}
          </Group>
        </Anchor>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('pairing.title')}
          </Title>
          {p ? <Text c="dimmed">{t('pairing.intro', { mine: p.post.title, theirs: p.counter.title })}</Text> : <Skeleton h={20} w="60%" />}
        </Stack>
        {p ? (
          <PairingView pairing={p} signedIn={signedIn} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Skeleton h={420} radius="lg" />
            <Skeleton h={420} radius="lg" />
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
