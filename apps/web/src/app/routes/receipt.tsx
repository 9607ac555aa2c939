import { Alert, Anchor, Button, Card, Container, Divider, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isSampleSeller } from '@swapu/shared/purchases';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { useReceipt } from '../../features/money/use-receipts';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * On paper only the receipt: the app's header, navigation, footer and this page's own buttons are
 * left out, and the card loses its shadow.
 */
const PRINT_CSS = `@media print {
  body { background: #fff !important; }
  header, nav, footer, .swapu-skip, .swapu-no-print { display: none !important; }
  .swapu-main { padding: 0 !important; min-height: 0 !important; }
  .swapu-receipt { box-shadow: none !important; border: none !important; padding: 0 !important; }
}`;

/**
 * /receipts/{id}: one receipt as a tax invoice (or the refund note of a refund): the seller and
 * ABN, the buyer, date and number, what was bought at its GST-inclusive price and the GST in it.
 */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['receipts', 'errors']);
  const lang = i18n.language;
  const receipt = useReceipt(id);
  const r = receipt.data;
  usePageMeta(r ? { title: `${t(`kind.${r.kind}`)} ${r.number} | SwapU`, description: t('intro') } : null);

  if (receipt.isError) {
    return receipt.error instanceof ApiError && receipt.error.status === 404 ? (
      <NotFound />
    ) : (
      <Container size="sm" py="lg">
        <LoadError titled onRetry={() => void receipt.refetch()} />
      </Container>
    );
  }
  const money = (cents: number) => formatMoney(cents, lang);

  return (
    <Container size="sm" py="lg">
      <style>{PRINT_CSS}</style>
      <Stack gap="md">
        <Group justify="space-between" className="swapu-no-print">
          <Anchor component={Link} to={paths.receipts} fz="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden="true" />
              {t('invoice.back')}
            </Group>
          </Anchor>
          <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!r}>
            {t('invoice.print')}
          </Button>
        </Group>
        <Card padding="xl" className="swapu-receipt" data-testid="receipt">
          {!r ? (
            <Skeleton h={320} />
          ) : (
            <Stack gap="lg">
              {isSampleSeller(r) && (
                <Alert color="orange" variant="light" data-testid="receipt-sample-seller">
                  {t('invoice.sampleSeller')}
                </Alert>
              )}
              {r.testPayment && (
                <Alert color="orange" variant="light" data-testid="receipt-test-payment">
                  {t('invoice.testPayment')}
                </Alert>
              )}
              <Group justify="space-between" align="flex-start" gap="md">
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {t(`kind.${r.kind}`)}
                </Title>
                <Stack gap={2}>
                  <Text fz="sm">
                    <Text span c="dimmed" fz="sm">
                      {t('invoice.number')}:{' '}
                    </Text>
                    <Text span fw={700} fz="sm" data-testid="receipt-number">
                      {r.number}
                    </Text>
                  </Text>
                  <Text fz="sm">
                    <Text span c="dimmed" fz="sm">
                      {t('invoice.date')}:{' '}
                    </Text>
                    {formatDateTime(r.issuedAt, lang)}
                  </Text>
                </Stack>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
                <Stack gap={2}>
                  <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                    {t('invoice.seller')}
                  </Text>
                  <Text fw={700} data-user-content>
                    {r.sellerName}
                  </Text>
                  <Text fz="sm" data-testid="receipt-abn">
                    {r.sellerAbn ? t('invoice.abn', { abn: r.sellerAbn }) : t('invoice.abnMissing')}
                  </Text>
                  {r.sellerAddress && (
                    <Text fz="sm" data-testid="receipt-seller-address" data-user-content>
                      {r.sellerAddress}
                    </Text>
                  )}
                </Stack>
                <Stack gap={2}>
                  <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                    {t('invoice.buyer')}
                  </Text>
                  <Text fw={700} data-user-content>
                    {r.buyerName}
                  </Text>
                  {r.buyerEmail && (
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {r.buyerEmail}
                    </Text>
                  )}
                </Stack>
              </SimpleGrid>
              <Table verticalSpacing="sm" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invoice.description')}</Table.Th>
                    <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{r.description}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(r.amountCents)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Divider />
              <Stack gap={4} align="flex-end">
                <Group gap="md" wrap="nowrap">
                  <Text fw={700}>{t(r.kind === 'refund' ? 'invoice.totalRefunded' : 'invoice.total')}</Text>
                  <Text fw={800} fz="xl" data-testid="receipt-total">
                    {money(r.amountCents)}
                  </Text>
                </Group>
                <Text fz="sm" c="dimmed" data-testid="receipt-gst">
                  {t('invoice.gst', { gst: money(r.gstCents) })}
                </Text>
              </Stack>
              {r.kind === 'refund' && r.refundReason && (
                <Text fz="sm" data-testid="receipt-refund-reason">
                  {t(`refundReason.${r.refundReason}`)}
                </Text>
              )}
            </Stack>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
