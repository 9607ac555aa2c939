import { Badge, Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconCoins, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useReceipts } from '../../features/money/use-receipts';
import { useTranslation } from '../../i18n/react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

/** /receipts: my tax invoices (and refund notes), newest first; each opens as a printable page. */
export default function ReceiptsPage() {
  const { t, i18n } = useTranslation(['receipts', 'errors']);
  const lang = i18n.language;
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const receipts = useReceipts();

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconReceipt size={22} />
          </ThemeIcon>
          <Title order={1}>{t('title')}</Title>
        </Group>
        <Text c="dimmed">{t('intro')}</Text>
        {receipts.isError ? (
          <LoadError onRetry={() => void receipts.refetch()} />
        ) : !receipts.data ? (
          <Stack gap="sm">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
          </Stack>
        ) : receipts.data.length === 0 ? (
          <Card padding="lg" data-testid="receipts-empty">
            <Stack gap="sm" align="flex-start">
              <Text c="dimmed">{t('empty')}</Text>
              <Button component={Link} to={paths.tokens} variant="light" leftSection={<IconCoins size={18} />}>
                {t('buyTokens')}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Card padding={0}>
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {receipts.data.map((r, i) => (
                <li key={r.id} style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
                  <UnstyledButton component={Link} to={paths.receipt(r.id)} display="block" px="lg" py="md" data-testid="receipt-row">
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs">
                          <Text fw={700} fz="sm">
                            {r.number}
                          </Text>
                          {r.kind === 'refund' && (
                            <Badge size="xs" color="orange" variant="light">
                              {t('kind.refund')}
                            </Badge>
                          )}
                        </Group>
                        <Text fz="sm" truncate>
                          {r.description}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {formatDateTime(r.issuedAt, lang)}
                        </Text>
                      </Stack>
                      <Group gap={4} wrap="nowrap">
                        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                          {r.kind === 'refund' ? '−' : ''}
                          {formatMoney(r.amountCents, lang)}
                        </Text>
                        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden="true" />
                      </Group>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
