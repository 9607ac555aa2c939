import { Badge, Box, Code, Container, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { SearchResult } from '@swapu/shared/search';
import { fetchSearch } from '../../features/search/use-search';
import { ApiError } from '../../lib/api';
import { fetchSuggestions } from '../../lib/lookups';
import { formatNumber } from '../../lib/format';

const LOG_SIZE = 20;

interface Row {
  n: number;
  q: string;
  pending: boolean;
  total?: string;
  error?: string;
  searchMs?: number;
  suggestMs?: number;
  roundTripMs?: number;
}
type Outcome<T> = { ok: true; body: T } | { ok: false; body: { error: { code: string; message: string } } };

const settle = <T,>(p: Promise<T>): Promise<Outcome<T>> =>
  p.then(
    (body) => ({ ok: true as const, body }),
    (e: unknown) => ({
      ok: false as const,
      body: { error: e instanceof ApiError ? { code: e.code, message: e.message } : { code: 'generic', message: String(e) } },
    }),
  );

function Raw({ label, value }: { label: string; value: unknown }) {
  return (
    <Box component="details" open>
      <Text component="summary" fw={600} fz="sm" style={{ cursor: 'pointer' }}>
        {label}
      </Text>
      <Code block mt={6} style={{ maxHeight: 420, overflow: 'auto', fontSize: 12 }} data-testid="raw-json">
        {JSON.stringify(value, null, 2)}
      </Code>
    </Box>
  );
}

/**
 * /testSearchAlgolia: the instant-search playground. Every keystroke asks /search and
 * /search/suggest at once and logs the server's own time beside the round trip.
 */
export default function TestSearchAlgoliaPage() {
  const { t, i18n } = useTranslation(['search', 'errors']);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [latest, setLatest] = useState<{ n: number; search: unknown; suggest: unknown } | null>(null);
  const seq = useRef(0);
  const ms = (n: number | undefined) => (n === undefined ? '—' : t('playground.ms', { ms: formatNumber(n, i18n.language, 1) }));

  const type = (q: string) => {
    setText(q);
    const n = ++seq.current;
    const started = performance.now();
    setRows((old) => [{ n, q, pending: true }, ...old].slice(0, LOG_SIZE));
    void Promise.all([settle(fetchSearch({ q, limit: 10 })), settle(fetchSuggestions(q))]).then(([search, suggest]) => {
      const roundTripMs = performance.now() - started;
      const result = search.ok ? (search.body as SearchResult) : null;
      const row: Row = {
        n,
        q,
        pending: false,
        roundTripMs,
        searchMs: result?.tookMs,
        suggestMs: suggest.ok ? suggest.body.tookMs : undefined,
        total: result ? (result.totalExact ? String(result.total) : `${result.total}+`) : undefined,
        error: search.ok ? undefined : t(`errors:${search.body.error.code}`),
      };
      setRows((old) => old.map((r) => (r.n === n ? row : r)));
      // Answers can arrive out of order: show the newest keystroke's.
      setLatest((old) => (old && old.n > n ? old : { n, search: search.body, suggest: suggest.body }));
    });
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('playground.title')}
          </Title>
          <Text c="dimmed">{t('playground.intro')}</Text>
        </Stack>
        <TextInput
          label={t('playground.label')}
          placeholder={t('playground.placeholder')}
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          size="md"
          autoComplete="off"
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="lg" p="md">
            <Stack gap="xs">
              <Text fw={700}>{t('playground.log')}</Text>
              {rows.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  {t('playground.empty')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table striped fz="sm" data-testid="keystroke-log">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>{t('playground.query')}</Table.Th>
                        <Table.Th>{t('playground.results')}</Table.Th>
                        <Table.Th>{t('playground.searchMs')}</Table.Th>
                        <Table.Th>{t('playground.suggestMs')}</Table.Th>
                        <Table.Th>{t('playground.roundTrip')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((r) => (
                        <Table.Tr key={r.n} data-testid="keystroke">
                          <Table.Td>{r.n}</Table.Td>
                          <Table.Td>
                            <Code>{r.q === '' ? '∅' : r.q}</Code>
                          </Table.Td>
                          <Table.Td>
                            {r.error ? (
                              <Text fz="xs" fw={600} c="orange.8" maw={180}>
                                {r.error}
                              </Text>
                            ) : (
                              (r.total ?? '…')
                            )}
                          </Table.Td>
                          <Table.Td>{r.pending ? '…' : ms(r.searchMs)}</Table.Td>
                          <Table.Td>{r.pending ? '…' : ms(r.suggestMs)}</Table.Td>
                          <Table.Td>{r.pending ? '…' : ms(r.roundTripMs)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={700}>{t('playground.raw')}</Text>
                {latest && <Badge variant="light">#{latest.n}</Badge>}
              </Group>
              {latest ? (
                <>
                  <Raw label={t('playground.searchResponse')} value={latest.search} />
                  <Raw label={t('playground.suggestResponse')} value={latest.suggest} />
                </>
              ) : (
                <Text c="dimmed" fz="sm">
                  {t('playground.empty')}
                </Text>
              )}
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
