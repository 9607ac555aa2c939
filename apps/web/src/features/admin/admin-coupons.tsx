import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  NumberInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconTicket } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  COUPON_BATCH_MAX,
  COUPON_CODE_PATTERN,
  COUPON_MAX_USES_MAX,
  COUPON_TYPES,
  type CouponType,
  normaliseCouponCode,
} from '@swapu/shared/coupons';
import type { Coupon } from '@swapu/shared/money-api';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { CsvDownloadButton, CsvDownloadError, useCsvDownload } from './csv-download';
import { downloadCouponsCsv, useAdminCoupons, useCreateCoupons, useSetCouponDisabled } from './use-admin-coupons';

const PAGE_SIZE = 20;

const isCount = (v: number | string): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= COUPON_BATCH_MAX;
const isMaxUses = (v: number | string): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= COUPON_MAX_USES_MAX;

/** Today as the date field writes it (yyyy-mm-dd, local time). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type FieldErrors = { count?: string; maxUses?: string; code?: string; expires?: string; form?: string };

/** The codes just made: each one copyable, and all of them at once. */
function Generated({ items }: { items: Coupon[] }) {
  const { t } = useTranslation('coupons');
  const all = items.map((c) => c.code).join('\n');
  return (
    <Alert
      color="swapu"
      variant="light"
      role="status"
      title={t('admin.generated', { count: items.length })}
      data-testid="coupons-generated"
    >
      <Stack gap="xs">
        <ScrollArea.Autosize mah={220} type="auto">
          <Stack gap={4}>
            {items.map((c) => (
              <Group key={c.code} gap={6} wrap="nowrap">
                <Code fz="sm" data-testid="generated-code">
                  {c.code}
                </Code>
                <CopyButton value={c.code}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('admin.copied') : t('admin.copy')} withArrow>
                      <ActionIcon variant="subtle" color={copied ? 'swapu' : 'gray'} size="sm" onClick={copy} aria-label={t('admin.copy')}>
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {items.length > 1 && (
          <CopyButton value={all}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="light"
                w="fit-content"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? t('admin.copied') : t('admin.copyAll')}
              </Button>
            )}
          </CopyButton>
        )}
      </Stack>
    </Alert>
  );
}

function GenerateForm() {
  const { t } = useTranslation(['coupons', 'errors']);
  const create = useCreateCoupons();
  const [type, setType] = useState<CouponType>('month_normal');
  const [count, setCount] = useState<number | string>(1);
  const [maxUses, setMaxUses] = useState<number | string>(1);
  const [code, setCode] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generated, setGenerated] = useState<Coupon[] | null>(null);
  const single = count === 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!isCount(count)) found.count = t('admin.countInvalid');
    if (!isMaxUses(maxUses)) found.maxUses = t('admin.maxUsesInvalid');
    const own = single ? normaliseCouponCode(code) : '';
    if (own && !COUPON_CODE_PATTERN.test(own)) found.code = t('admin.ownCodeInvalid');
    if (expires && expires < today()) found.expires = t('admin.expiresPast');
    setErrors(found);
    if (Object.keys(found).length > 0 || !isCount(count) || !isMaxUses(maxUses)) return;
    setGenerated(null);
    create.mutate(
      {
        type,
        count,
        maxUses,
        ...(own ? { code: own } : {}),
        // The end of the chosen day where the admin is.
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:59.999`).toISOString() } : {}),
      },
      {
        onSuccess: (r) => {
          setGenerated(r.items);
          setCode('');
        },
        onError: (err) => {
          const message = t(`errors:${errorCodeOf(err)}`);
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (errorCodeOf(err) === 'coupon_code_taken' || fields?.code) setErrors({ code: message });
          else if (fields?.expiresAt) setErrors({ expires: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  return (
    <Card padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('admin.generateTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Select
            label={t('admin.type')}
            data={COUPON_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={type}
            onChange={(v) => v && setType(v as CouponType)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('admin.count')}
            description={t('admin.countHint')}
            value={count}
            onChange={(v) => {
              setCount(v);
              setErrors((x) => ({ ...x, count: undefined }));
            }}
            min={1}
            max={COUPON_BATCH_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={errors.count}
          />
          <NumberInput
            label={t('admin.maxUses')}
            description={t('admin.maxUsesHint')}
            value={maxUses}
            onChange={(v) => {
              setMaxUses(v);
              setErrors((x) => ({ ...x, maxUses: undefined }));
            }}
            min={1}
            max={COUPON_MAX_USES_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator=","
            error={errors.maxUses}
          />
          <TextInput
            label={t('admin.ownCode')}
            description={single ? t('admin.ownCodeHint') : t('admin.ownCodeBatch')}
            value={single ? code : ''}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setErrors((x) => ({ ...x, code: undefined }));
            }}
            disabled={!single}
            error={errors.code}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
          <TextInput
            type="date"
            label={t('admin.expires')}
            description={t('admin.expiresHint')}
            value={expires}
            min={today()}
            onChange={(e) => {
              setExpires(e.currentTarget.value);
              setErrors((x) => ({ ...x, expires: undefined }));
            }}
            error={errors.expires}
          />
        </SimpleGrid>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} leftSection={<IconTicket size={18} />}>
            {t('admin.generate')}
          </Button>
        </Group>
        {generated && <Generated items={generated} />}
      </Stack>
    </Card>
  );
}

/** On a phone, each coupon is a small card: the table's four columns do not fit side by side. */
/** Disable a code (after a confirmation: members can no longer redeem it) or enable it again. */
function DisableButton({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation(['coupons', 'errors']);
  const toggle = useSetCouponDisabled();
  const [confirming, setConfirming] = useState(false);
  const disabled = coupon.disabledAt !== null;
  const run = () =>
    toggle.mutate(
      { code: coupon.code, disabled: !disabled },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({
            color: 'green',
            message: t(disabled ? 'admin.enabledNotice' : 'admin.disabledNotice', { code: coupon.code }),
          });
        },
        onError: (err) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(err)}`) }),
      },
    );
  if (disabled)
    return (
      <Button size="compact-sm" variant="default" loading={toggle.isPending} onClick={run} data-testid="coupon-enable">
        {t('admin.enable')}
      </Button>
    );
  return (
    <>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(true)} data-testid="coupon-disable">
        {t('admin.disable')}
      </Button>
      <Dialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        fixed
        title={t('admin.disableTitle', { code: coupon.code })}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">{t('admin.disableText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('admin.cancel')}
            </Button>
            <Button color="red" loading={toggle.isPending} onClick={run} data-testid="coupon-disable-confirm">
              {t('admin.disable')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

/** A disabled code's badge. */
const DisabledBadge = ({ coupon }: { coupon: Coupon }) => {
  const { t } = useTranslation('coupons');
  return coupon.disabledAt ? (
    <Badge color="gray" variant="light" size="sm" data-testid="coupon-disabled">
      {t('admin.disabled')}
    </Badge>
  ) : null;
};

function CouponCards({ items }: { items: Coupon[] }) {
  const { t, i18n } = useTranslation('coupons');
  const lang = i18n.language;
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((c, i) => (
        <li
          key={c.code}
          data-testid="coupon-row"
          style={{ padding: '10px 0', borderTop: i > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Code fz="sm">{c.code}</Code>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              <Text span fz="xs" c="dimmed">
                {t('admin.columns.usedTimes')}{' '}
              </Text>
              <Text span fz="sm" fw={700} data-testid="coupon-used">
                {t('admin.used', { used: c.usedTimes, max: c.maxUses })}
              </Text>
            </Text>
          </Group>
          <Text fz="sm" mt={4}>
            {t(`types.${c.type}`)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('admin.columns.createdOn')}: {formatDateTime(c.createdAt, lang)}
            {c.expiresAt && ` · ${t('admin.expiresOn', { date: formatDateTime(c.expiresAt, lang) })}`}
          </Text>
          <Group justify="space-between" mt={6} gap="sm">
            <DisabledBadge coupon={c} />
            <DisableButton coupon={c} />
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function CouponTable({ items }: { items: Coupon[] }) {
  const { t, i18n } = useTranslation('coupons');
  const lang = i18n.language;
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.columns.code')}</Table.Th>
            <Table.Th>{t('admin.columns.type')}</Table.Th>
            <Table.Th>{t('admin.columns.usedTimes')}</Table.Th>
            <Table.Th>{t('admin.columns.createdOn')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('admin.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.code} data-testid="coupon-row">
              <Table.Td>
                <Code fz="sm">{c.code}</Code>
                {c.expiresAt && (
                  <Text fz="xs" c="dimmed">
                    {t('admin.expiresOn', { date: formatDateTime(c.expiresAt, lang) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(`types.${c.type}`)}</Table.Td>
              <Table.Td data-testid="coupon-used" style={{ whiteSpace: 'nowrap' }}>
                {t('admin.used', { used: c.usedTimes, max: c.maxUses })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt, lang)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <DisabledBadge coupon={c} />
                  <DisableButton coupon={c} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
