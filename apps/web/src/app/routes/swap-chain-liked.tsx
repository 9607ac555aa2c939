import { Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { ChainCard, chainStatus } from '../../features/chains/chain-card';
import { useMyChains } from '../../features/chains/use-chains';
import { useTranslation } from '../../i18n/react';
import { usePageMeta } from '../../lib/use-page-meta';

/** Open chains first (mine to unlock, then those waiting for the others), then the settled ones. */
const ORDER = { found: 0, waiting: 1, committed: 2, dissolved: 3 } as const;

/** /swap-chain-liked — my swap chains (spec section 4 "Swap chain"): found, waiting for other users to unlock, on, ended. */
export default function SwapChainLikedPage() {
  const { t } = useTranslation('chains');
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const chains = useMyChains();
  const list = [...(chains.data ?? [])].sort((a, b) => ORDER[chainStatus(a)] - ORDER[chainStatus(b)]);
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" style={{ flexShrink: 0 }}>
            <IconLink size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('title')}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('intro')}
            </Text>
          </Stack>
        </Group>
        {chains.isError && <LoadError onRetry={() => void chains.refetch()} />}
        {chains.isPending && (
          <>
            <Skeleton height={220} radius="md" />
            <Skeleton height={220} radius="md" />
          </>
        )}
        {chains.data && list.length === 0 && (
          <Card padding="lg" data-testid="chains-empty">
            <Stack gap="xs" align="flex-start">
              <Text fw={700}>{t('empty.title')}</Text>
              <Text fz="sm" c="dimmed">
                {t('empty.body')}
              </Text>
              <Button component={Link} to={paths.swapSwipe} variant="light">
                {t('empty.action')}
              </Button>
            </Stack>
          </Card>
        )}
        {list.map((c) => (
          <ChainCard key={c.id} chain={c} />
        ))}
      </Stack>
    </Container>
  );
}
