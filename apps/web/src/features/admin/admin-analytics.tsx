import {
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import type { AnalyticsReport, FunnelName } from '@swapu/shared/analytics';
import { DASHBOARD_BUCKETS, type DashboardBucket } from '@swapu/shared/analytics-events';
import { LoadError } from '../../components/load-error';
import type { TFunction } from '../../i18n/core';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { LaunchChecks } from './launch-checks';
import { InvariantsPanel } from './invariants-panel';
import { BusinessCharts } from './business-charts';
import { lastDays, useAdminAnalytics } from './use-admin-analytics';
import { numberFormat } from '@swapu/shared/intl';

type Funnel = AnalyticsReport['funnels'][number];
type Step = Funnel['steps'][number];

/** "45 s", "3 min", "1.5 h"; "—" when nobody went on to the next step. */
export function formatSeconds(seconds: number | null, t: TFunction, lang: string): string {
  if (seconds === null) return t('analytics.none');
  if (seconds < 60) return t('analytics.duration.seconds', { value: formatNumber(Math.round(seconds), lang, 0) });
  if (seconds < 3600) return t('analytics.duration.minutes', { value: formatNumber(Math.round(seconds / 60), lang, 0) });
  return t('analytics.duration.hours', { value: formatNumber(seconds / 3600, lang, 1) });
}

const formatShare = (share: number, lang: string) => numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(share);

/** One figure of a step: a dimmed label, then its value. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {label}{' '}
      <Text span fz="xs" fw={700} c="var(--mantine-color-text)" data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

function FunnelStep({ funnel, step, index, first, last }: { funnel: FunnelName; step: Step; index: number; first: number; last: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const name = t(`analytics.steps.${funnel}.${step.step}`, { defaultValue: step.step });
  // Against the first step's sessions: the bars shrink as people leave.
  const share = first > 0 ? Math.min(1, step.sessions / first) : 0;
  return (
    <li data-testid="funnel-step" data-step={step.step}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" fw={600} truncate>
          {index + 1}. {name}
        </Text>
        <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="step-sessions">
          {t('analytics.sessions', { count: step.sessions })}
        </Text>
      </Group>
      <Progress
        value={share * 100}
        size="lg"
        radius="xl"
        mt={6}
        color="swapu"
        aria-label={t('analytics.stepBar', { step: name, percent: formatShare(share, lang) })}
      />
      <Group gap="md" mt={6} style={{ rowGap: 2 }}>
        <Figure
          label={t('analytics.dropOff')}
          value={step.dropOff === null ? t('analytics.none') : formatShare(step.dropOff, lang)}
          testId="step-drop-off"
        />
        <Figure label={t('analytics.abandoned')} value={formatNumber(step.abandoned, lang, 0)} testId="step-abandoned" />
        {!last && (
          <Figure label={t('analytics.medianToNext')} value={formatSeconds(step.medianSecondsToNext, t, lang)} testId="step-median" />
        )}
      </Group>
    </li>
  );
}

function FunnelCard({ funnel }: { funnel: Funnel }) {
  const { t, i18n } = useTranslation('admin');
  const first = funnel.steps[0]?.sessions ?? 0;
  const titleId = `funnel-${funnel.name}-title`;
  return (
    <Card padding="lg" component="section" aria-labelledby={titleId} data-testid={`funnel-${funnel.name}`}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" align="baseline">
          <Title order={2} fz="lg" id={titleId}>
            {t(`analytics.funnels.${funnel.name}`)}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('analytics.completed')}{' '}
            <Text span fz="sm" fw={700} c="var(--mantine-color-text)" data-testid="funnel-completed">
              {formatNumber(funnel.completed, i18n.language, 0)}
            </Text>
          </Text>
        </Group>
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {funnel.steps.map((s, i) => (
            <FunnelStep key={s.step} funnel={funnel.name} step={s} index={i} first={first} last={i === funnel.steps.length - 1} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function SearchTable({ title, rows, testId }: { title: string; rows: AnalyticsReport['topSearches']; testId: string }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Card padding="lg" component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('analytics.noSearches')}
          </Text>
        ) : (
          <Table striped verticalSpacing={6} fz="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.query')}</Table.Th>
                <Table.Th w={80} ta="right">
                  {t('analytics.times')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.query}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} data-user-content>
                    {r.query}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(r.count, i18n.language, 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function Summary({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation('admin');
  const completed = (name: FunnelName) => report.funnels.find((f) => f.name === name)?.completed ?? 0;
  const figures = [
    { key: 'sessions', value: report.sessions },
    { key: 'pageViews', value: report.events.page_view ?? 0 },
    { key: 'searches', value: report.events.search ?? 0 },
    { key: 'listings', value: completed('listing_creation') },
    { key: 'offers', value: completed('swap_offer') },
    { key: 'onboardings', value: completed('onboarding') },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
      {figures.map((f) => (
        <Card key={f.key} padding="md" data-testid={`summary-${f.key}`}>
          <Text fz="xs" c="dimmed" fw={600} lineClamp={2}>
            {t(`analytics.summary.${f.key}`)}
          </Text>
          <Text fz={26} fw={800} lh={1.2} mt={4}>
            {formatNumber(f.value, i18n.language, 0)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation('admin');
  const of = (name: FunnelName) => report.funnels.find((f) => f.name === name);
  const listing = of('listing_creation');
  const offer = of('swap_offer');
  const onboarding = of('onboarding');
  return (
    <Stack gap="lg">
      <Summary report={report} />
      {/* Two columns on wider screens; in reading order, one column on a phone. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="lg">
          {listing && <FunnelCard funnel={listing} />}
          {offer && <FunnelCard funnel={offer} />}
        </Stack>
        <Stack gap="lg">
          {onboarding && <FunnelCard funnel={onboarding} />}
          <SearchTable title={t('analytics.topSearches')} rows={report.topSearches} testId="top-searches" />
          <SearchTable title={t('analytics.noResultSearches')} rows={report.noResultSearches} testId="no-result-searches" />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="lg" data-testid="analytics-loading">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={220} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={80} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        {Array.from({ length: 2 }, (_, i) => (
          <Stack key={i} gap="lg">
            <Skeleton h={360} radius="md" />
            <Skeleton h={220} radius="md" />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /admin/analytics, the console's dashboard (issue 20): over a range of UTC days, the business
 * figures (members, listings, offers, swaps, revenue, subscriptions, tokens, CO2e) as totals and
 * charts per day, week or month; sessions, page views and searches; the listing, offer and
 * onboarding funnels step by step; and what people search for (with and without results) — all
 * from the server's daily rollups. The API decides who is an admin: anyone else sees
 * 'Permission Denied'.
 */
export function AdminAnalytics() {
  const { t } = useTranslation(['admin', 'errors']);
  usePageMeta({ title: `${t('analytics.title')} | SwapU`, description: t('analytics.intro') });
  const [range, setRange] = useState(lastDays);
  const [bucket, setBucket] = useState<DashboardBucket>('day');
  const report = useAdminAnalytics(range.from, range.to, bucket);
  const error = report.error;
  const denied = error instanceof ApiError && error.status === 403;
  // The server's 400 (end before start, more than a year) shows under the field it names.
  const invalid = error instanceof ApiError && error.status === 400 ? error : null;
  const invalidField = invalid?.fields?.from && !invalid.fields.to ? 'from' : 'to';
  const invalidText = invalid ? t(`errors:${invalid.code}`) : undefined;
  const data = report.data;

  return (
    <AdminPage
      id="analytics"
      icon={<IconChartBar size={22} />}
      title={t('analytics.title')}
      intro={t('analytics.intro')}
      denied={denied}
      size="lg"
    >
      <LaunchChecks />
      <InvariantsPanel />
      <Card padding="md">
        <Group role="group" aria-label={t('analytics.range')} gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={t('analytics.from')}
            value={range.from}
            onChange={(e) => {
              const from = e.currentTarget.value;
              setRange((r) => ({ ...r, from }));
            }}
            error={invalidField === 'from' ? invalidText : undefined}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 }}
          />
          <TextInput
            type="date"
            label={t('analytics.to')}
            value={range.to}
            onChange={(e) => {
              const to = e.currentTarget.value;
              setRange((r) => ({ ...r, to }));
            }}
            error={invalidField === 'to' ? invalidText : undefined}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 }}
          />
          <Stack gap={4}>
            <Text component="span" fz="sm" fw={500} id="dashboard-bucket-label">
              {t('dashboard.bucket')}
            </Text>
            <SegmentedControl
              aria-labelledby="dashboard-bucket-label"
              value={bucket}
              onChange={(v) => setBucket(v as DashboardBucket)}
              data={DASHBOARD_BUCKETS.map((b) => ({ value: b, label: t(`dashboard.buckets.${b}`) }))}
              data-testid="dashboard-bucket"
            />
          </Stack>
        </Group>
        <Text fz="xs" c="dimmed" mt="xs" aria-live="polite">
          {t('analytics.rangeHint')}
          {report.isFetching && data ? ` · ${t('analytics.updating')}` : ''}
        </Text>
      </Card>
      {report.isError && !invalid && <LoadError onRetry={() => void report.refetch()} />}
      {report.isPending && report.fetchStatus === 'fetching' && <ReportSkeleton />}
      {data && (
        <>
          <Title order={2} fz="xl">
            {t('dashboard.business')}
          </Title>
          <BusinessCharts report={data.business} />
          <Title order={2} fz="xl">
            {t('dashboard.usage')}
          </Title>
        </>
      )}
      {data && data.sessions === 0 && (
        <Card padding="xl" data-testid="analytics-empty">
          <Stack gap="xs" align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconChartBar size={26} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {t('analytics.emptyTitle')}
            </Title>
            <Text c="dimmed" fz="sm" maw={420}>
              {t('analytics.emptyHint')}
            </Text>
          </Stack>
        </Card>
      )}
      {data && data.sessions > 0 && <Report report={data} />}
    </AdminPage>
  );
}
