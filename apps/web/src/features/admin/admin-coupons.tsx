import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { CouponCards } from './coupon-cards';
import { GenerateForm } from './coupon-generate-form';
import { CouponTable } from './coupon-table';
import { CsvDownloadButton, CsvDownloadError, useCsvDownload } from './csv-download';
import { downloadCouponsCsv, useAdminCoupons } from './use-admin-coupons';

const PAGE_SIZE = 20;

/**
 * /admin/coupons: admins generate Swap Assist coupon codes (one, their own, or a batch) and see
 * every code with the spec's fields (code, type, used times, created on), newest first, disable a
 * code (or enable it again), and download them as CSV. The API decides who is an admin: anyone else sees 'Permission Denied'.
 */
export function AdminCoupons() {
  const { t } = useTranslation(['coupons', 'errors']);
  usePageMeta({ title: `${t('admin.title')} | SwapU`, description: t('admin.intro') });
  const [offset, setOffset] = useState(0);
  const list = useAdminCoupons(PAGE_SIZE, offset);
  const denied = list.error instanceof ApiError && list.error.status === 403;
  const wide = useMediaQuery('(min-width: 48em)');

  const csv = useCsvDownload(downloadCouponsCsv);

  const data = list.data;
  const total = data?.total ?? 0;
  return (
    <AdminPage id="coupons" icon={<IconTicket size={22} />} title={t('admin.title')} intro={t('admin.intro')} denied={denied}>
      <GenerateForm />
      <Card padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <div>
              <Title order={2} fz="lg">
                {t('admin.listTitle')}
              </Title>
              {data && (
                <Text fz="sm" c="dimmed">
                  {t('admin.total', { count: total })}
                </Text>
              )}
            </div>
            <CsvDownloadButton csv={csv} label={t('admin.downloadCsv')} disabled={total === 0} />
          </Group>
          <CsvDownloadError csv={csv} />
          {list.isError && <LoadError onRetry={() => void list.refetch()} />}
          {list.isPending && <Skeleton h={160} radius="md" />}
          {data && data.items.length === 0 && offset === 0 && (
            <Text fz="sm" c="dimmed">
              {t('admin.empty')}
            </Text>
          )}
          {data && data.items.length > 0 && (
            <>
              {wide ? <CouponTable items={data.items} /> : <CouponCards items={data.items} />}
              {total > PAGE_SIZE && (
                <Group justify="space-between" gap="sm">
                  <Badge variant="light" color="gray" size="lg" fw={600} tt="none">
                    {t('admin.range', { from: offset + 1, to: offset + data.items.length, total })}
                  </Badge>
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="compact-md"
                      disabled={offset === 0 || list.isFetching}
                      onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                    >
                      {t('admin.previous')}
                    </Button>
                    <Button
                      variant="default"
                      size="compact-md"
                      disabled={offset + PAGE_SIZE >= total || list.isFetching}
                      onClick={() => setOffset(offset + PAGE_SIZE)}
                    >
                      {t('admin.next')}
                    </Button>
                  </Group>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Card>
    </AdminPage>
  );
}
