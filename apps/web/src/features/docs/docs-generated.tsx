import {
  Alert,
  Anchor,
  Badge,
  Box,
  Code,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { DocsSlug } from '@swapu/shared/docs';
import { useTranslation } from '../../i18n/react';
import { apiExplorerPath, diagramPath, useApiObjectUrl, useDocsDatabase, useDocsMetrics, useDocsTesting, useOpenApi } from './use-docs';
import { formatDateTime } from '../../lib/format';

/** The live part of a page drawn from the project (where its markdown has the marker). */
export function DocsGenerated({ slug }: { slug: DocsSlug }) {
  switch (slug) {
    case 'testing':
      return <TestingSuites />;
    case 'database-diagram':
      return <DatabaseDiagram />;
    case 'api':
      return <ApiRoutes />;
    case 'monitoring-areas':
      return <MetricsList />;
    default:
      return null;
  }
}

function Failed() {
  const { t } = useTranslation('docs');
  return (
    <Alert color="red" role="alert">
      {t('generated.failed')}
    </Alert>
  );
}

const Loading = ({ testId }: { testId: string }) => (
  <Stack gap="xs" data-testid={testId}>
    <Skeleton h={28} />
    <Skeleton h={28} />
    <Skeleton h={28} />
  </Stack>
);

/**
 * What a box that scrolls sideways on a phone needs for the keyboard to scroll it too: a tab stop,
 * named for the screen reader that lands there (WCAG 2.1.1; axe-core's scrollable-region-focusable).
 */
const keyboardScroll = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label });

function TestingSuites() {
  const { t, i18n } = useTranslation('docs');
  const q = useDocsTesting();
  if (q.isError) return <Failed />;
  if (!q.data) return <Loading testId="docs-testing-loading" />;
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <Stack gap="md" data-testid="docs-testing">
      <ScrollArea type="auto" viewportProps={keyboardScroll(t('testing.tableLabel'))}>
        <Table striped withTableBorder miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('testing.suite')}</Table.Th>
              <Table.Th>{t('testing.runner')}</Table.Th>
              <Table.Th ta="right">{t('testing.files')}</Table.Th>
              <Table.Th ta="right">{t('testing.tests')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.suites.map((s) => (
              <Table.Tr key={s.id} data-testid={`suite-${s.id}`}>
                <Table.Td>
                  <Text fw={600}>{t(`testing.suites.${s.id}`)}</Text>
                  <Code fz="xs" c="dimmed" bg="transparent" p={0}>
                    {s.command}
                  </Code>
                </Table.Td>
                <Table.Td>{t(`testing.runners.${s.id}`, { defaultValue: s.runner })}</Table.Td>
                <Table.Td ta="right">{n(s.fileCount)}</Table.Td>
                <Table.Td ta="right" data-testid="suite-tests">
                  {n(s.testCount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text fz="sm" c="dimmed">
        {t('testing.howCounted', { date: formatDateTime(q.data.generatedAt, i18n.language) })}
      </Text>
      {q.data.suites.map((s) => (
        <details key={s.id}>
          <summary>
            <Text component="span" fw={600}>
              {t('testing.filesOf', { suite: t(`testing.suites.${s.id}`), count: s.fileCount })}
            </Text>
          </summary>
          <Table fz="sm" mt="xs">
            <Table.Tbody>
              {s.files.map((f) => (
                <Table.Tr key={f.path}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Code bg="transparent" p={0}>
                      {f.path}
                    </Code>
                  </Table.Td>
                  <Table.Td ta="right">{n(f.tests)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      ))}
    </Stack>
  );
}

function DatabaseDiagram() {
  const { t } = useTranslation('docs');
  const q = useDocsDatabase();
  const svg = useApiObjectUrl(diagramPath());
  const data = q.data;
  const areas = useMemo(() => {
    const m = new Map<string, NonNullable<typeof data>['tables']>();
    for (const table of data?.tables ?? []) m.set(table.area, [...(m.get(table.area) ?? []), table]);
    return [...m];
  }, [data]);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        {svg.error ? (
          <Failed />
        ) : !svg.url ? (
          <Group justify="center" p="xl">
            <Loader size="sm" aria-label={t('database.loadingDiagram')} />
          </Group>
        ) : (
          <ScrollArea h="70vh" type="auto" viewportProps={keyboardScroll(t('database.diagramRegion'))}>
            <img src={svg.url} alt={t('database.diagramAlt')} data-testid="docs-diagram" style={{ display: 'block', maxWidth: 'none' }} />
          </ScrollArea>
        )}
      </Paper>
      {svg.url && (
        <Anchor href={svg.url} target="_blank" rel="noopener" fz="sm">
          {t('database.openFull')}
        </Anchor>
      )}
      {q.isError ? (
        <Failed />
      ) : !q.data ? (
        <Loading testId="docs-tables-loading" />
      ) : (
        <Stack gap="sm" data-testid="docs-tables">
          <Title order={2}>{t('database.tables', { count: q.data.tables.length })}</Title>
          {areas.map(([area, tables]) => (
            <Box key={area}>
              <Code fw={700} mb={4} display="block" bg="transparent" p={0} fz="sm">
                {area}
              </Code>
              <Group gap={6}>
                {tables.map((table) => (
                  <Badge
                    key={table.name}
                    variant="light"
                    color="gray"
                    tt="none"
                    title={t('database.tableTitle', {
                      count: table.columns.length,
                      references: table.references.map((r) => r.table).join(', ') || '—',
                    })}
                    data-testid="docs-table"
                  >
                    <Code bg="transparent" p={0} fz="inherit" c="inherit">
                      {table.name}
                    </Code>
                  </Badge>
                ))}
              </Group>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const METHOD_COLOURS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', patch: 'yellow', delete: 'red' };

function ApiRoutes() {
  const { t } = useTranslation('docs');
  const q = useOpenApi();
  const [filter, setFilter] = useState('');
  const routes = useMemo(
    () =>
      Object.entries(q.data?.paths ?? {}).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => method in METHOD_COLOURS)
          .map(([method, op]) => ({
            method,
            path,
            summary: op.summary ?? '',
            tag: op.tags?.[0] ?? 'other',
            secured: !!op.security?.length,
          })),
      ),
    [q.data],
  );
  if (q.isError) return <Failed />;
  if (!q.data) return <Loading testId="docs-api-loading" />;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? routes.filter((r) => `${r.method} ${r.path} ${r.summary} ${r.tag}`.toLowerCase().includes(needle)) : routes;
  const tags = [...new Set(shown.map((r) => r.tag))].sort();
  return (
    <Stack gap="md" data-testid="docs-api">
      <Text fz="sm" data-testid="docs-api-count">
        {t('api.count', { count: routes.length, version: q.data.info?.version ?? '' })}{' '}
        <Anchor href={apiExplorerPath()} target="_blank" rel="noopener">
          {t('api.swagger')}
        </Anchor>
      </Text>
      <TextInput
        label={t('api.filter')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      {tags.map((tag) => (
        <Box key={tag}>
          <Title order={2} fz="h4" mb={6}>
            <Code fz="inherit" bg="transparent" p={0}>
              {tag}
            </Code>
          </Title>
          <Stack gap={4}>
            {shown
              .filter((r) => r.tag === tag)
              .map((r) => (
                <Group key={`${r.method} ${r.path}`} gap="sm" wrap="nowrap" align="flex-start" data-testid="docs-api-route">
                  <Badge color={METHOD_COLOURS[r.method]} variant="light" w={68} style={{ flexShrink: 0 }}>
                    <Code fz="inherit" c="inherit" bg="transparent" p={0}>
                      {r.method.toUpperCase()}
                    </Code>
                  </Badge>
                  <Box style={{ minWidth: 0 }}>
                    <Code fz="sm" bg="transparent" p={0} style={{ wordBreak: 'break-all' }}>
                      {r.path}
                    </Code>
                    {r.summary && (
                      // The API's own descriptions, written in English for developers.
                      <Text fz="xs" c="dimmed" lang="en">
                        {r.summary}
                        {r.secured ? ` · ${t('api.signedIn')}` : ''}
                      </Text>
                    )}
                  </Box>
                </Group>
              ))}
          </Stack>
        </Box>
      ))}
      {shown.length === 0 && <Text c="dimmed">{t('api.none')}</Text>}
    </Stack>
  );
}

function MetricsList() {
  const { t, i18n } = useTranslation('docs');
  const q = useDocsMetrics();
  if (q.isError) return <Failed />;
  if (!q.data) return <Loading testId="docs-metrics-loading" />;
  return (
    <Stack gap="sm" data-testid="docs-metrics">
      <Text fz="sm">{t('metrics.intro', { path: q.data.path, count: q.data.metrics.length })}</Text>
      <ScrollArea type="auto" viewportProps={keyboardScroll(t('metrics.tableLabel'))}>
        <Table striped withTableBorder miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('metrics.name')}</Table.Th>
              <Table.Th>{t('metrics.type')}</Table.Th>
              <Table.Th>{t('metrics.help')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.metrics.map((m) => (
              <Table.Tr key={m.name} data-testid="docs-metric">
                <Table.Td>
                  <Code fz="sm" bg="transparent" p={0}>
                    {m.name}
                  </Code>
                </Table.Td>
                <Table.Td>{t(`metrics.types.${m.type}`, { defaultValue: m.type })}</Table.Td>
                {/* Ours are described in the reader's language; the runtime's own keep prom-client's English. */}
                {i18n.exists(`docs:metrics.helpText.${m.name}`) ? (
                  <Table.Td fz="sm">{t(`metrics.helpText.${m.name}`)}</Table.Td>
                ) : (
                  <Table.Td fz="sm" lang="en">
                    {m.help}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
