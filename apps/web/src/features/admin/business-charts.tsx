import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { STOCK_METRICS, type BusinessMetric, type BusinessReport, type DashboardBucket } from '@swapu/shared/analytics-events';
import { useTranslation } from '../../i18n/react';
import { formatMoney, formatNumber } from '../../lib/format';
import { dateTimeFormat } from '@swapu/shared/intl';

/** The dashboard's figures, in the order it shows them. */
export const DASHBOARD_METRICS: Array<BusinessMetric | 'sessions'> = [
  'members',
  'listings',
  'offers',
  'swaps',
  'revenue_cents',
  'subscriptions_active',
  'subscriptions_new',
  'tokens_sold',
  'co2e_kg',
  'sessions',
];

const COLORS: Record<BusinessMetric | 'sessions', string> = {
  members: 'swapu.6',
  listings: 'teal.6',
  offers: 'blue.6',
  swaps: 'grape.6',
  revenue_cents: 'green.7',
  subscriptions_active: 'orange.6',
  subscriptions_new: 'orange.4',
  tokens_sold: 'yellow.7',
  co2e_kg: 'lime.7',
  sessions: 'gray.6',
};

/** A figure as the dashboard writes it: A$ for revenue, kg with a decimal for CO2e, whole numbers otherwise. */
export function formatMetric(metric: BusinessMetric | 'sessions', value: number, lang: string): string {
  if (metric === 'revenue_cents') return formatMoney(value, lang);
  if (metric === 'co2e_kg') return `${formatNumber(value, lang, 1)} kg`;
  return formatNumber(value, lang, 0);
}

/** A period's label on the x axis: "9 Nov" for a day or week, "Nov 2026" for a month. */
function periodLabel(period: string, bucket: DashboardBucket, lang: string): string {
  const d = new Date(`${period}T00:00:00Z`);
  return dateTimeFormat(
    lang,
    bucket === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  ).format(d);
}

const NO_FOCUS = { accessibilityLayer: false } as const;

function MetricCard({ metric, report }: { metric: BusinessMetric | 'sessions'; report: BusinessReport }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const stock = (STOCK_METRICS as readonly string[]).includes(metric);
  // Revenue is charted in dollars; the axis and tooltip write it back as A$.
  const scale = metric === 'revenue_cents' ? 100 : 1;
  const data = report.periods.map((p, i) => ({ period: periodLabel(p, report.bucket, lang), value: report.series[metric][i]! / scale }));
  const format = (v: number) => formatMetric(metric, v * scale, lang);
  const label = t(`dashboard.metrics.${metric}`);
  const common = {
    h: 140,
    data,
    dataKey: 'period',
    series: [{ name: 'value', label, color: COLORS[metric] }],
    valueFormatter: format,
    gridAxis: 'x' as const,
    tickLine: 'none' as const,
    withYAxis: false,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 24 },
  };
  return (
    <Card padding="md" component="section" aria-label={label} data-testid={`metric-${metric}`}>
      <Stack gap={4}>
        <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
          <Title order={3} fz="sm" fw={600} c="dimmed" lineClamp={1}>
            {label}
          </Title>
          {stock && (
            <Text fz="xs" c="dimmed">
              {t('dashboard.atEnd')}
            </Text>
          )}
        </Group>
        <Text fz={26} fw={800} lh={1.2} data-testid="metric-total">
          {formatMetric(metric, report.totals[metric], lang)}
        </Text>
        {/* The chart is a picture of the table the screen reader gets from the total and the period list.
            Without recharts' keyboard layer: a chart hidden from screen readers takes no focus (its
            tooltips still follow the pointer). */}
        <div aria-hidden>
          {stock ? (
            <LineChart {...common} curveType="linear" withDots={false} lineChartProps={NO_FOCUS} />
          ) : (
            <BarChart {...common} barChartProps={NO_FOCUS} />
          )}
        </div>
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's business figures (issue 20): for each, the range's total (a stock's value on the
 * last day) and a chart per day, week or month, from the server's business rollups.
 */
export function BusinessCharts({ report }: { report: BusinessReport }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm" data-testid="business-charts">
      {DASHBOARD_METRICS.map((m) => (
        <MetricCard key={m} metric={m} report={report} />
      ))}
    </SimpleGrid>
  );
}
