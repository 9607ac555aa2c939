import { Alert, Badge, Button, Code, Container, Group, Paper, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import type { MailStatus } from '@swapu/shared/mail';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { fetchMail, fetchMailList } from '../../features/account/mail-viewer-api';

const STATUS_COLOR: Record<MailStatus, string> = { held: 'gray', queued: 'blue', retrying: 'orange', sent: 'green', failed: 'red' };
const PAGE_SIZE = 20;

function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const code = error instanceof ApiError ? error.code : 'generic';
  return (
    <Alert color="red" variant="light" role="alert">
      {t(code)}
    </Alert>
  );
}

/** One mail: its HTML in a sandboxed frame (no scripts, no same-origin access) and its text. */
function MailView({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const mail = useQuery({ queryKey: ['mail', id], queryFn: () => fetchMail(id) });
  if (mail.isPending) return <Skeleton height={480} radius="lg" />;
  if (mail.isError) return <ErrorAlert error={mail.error} />;
  const m = mail.data;
  return (
    <Paper radius="lg" withBorder p="lg" bg="white">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {m.subject}
        </Title>
        <Group gap="xs">
          <Text fz="sm">
            {t('devMail.to')}: {m.to} · {formatDateTime(m.createdOn, i18n.language)}
          </Text>
          <Badge color={STATUS_COLOR[m.status]} variant="light">
            {t(`devMail.statuses.${m.status}`)}
          </Badge>
        </Group>
        {m.lastError && (
          <Text fz="sm" c="red.8">
            {t('devMail.lastError', { error: m.lastError })}
          </Text>
        )}
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">{t('devMail.html')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('devMail.text')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <iframe
              title={t('devMail.frameTitle')}
              srcDoc={m.html}
              sandbox=""
              style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12, display: 'block' }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {m.text}
            </Code>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

/** /dev/mail: the outbox, newest first, page by page, and one mail as its recipient sees it. */
export default function DevMailPage() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const to = params.get('to') ?? '';
  const selected = params.get('id');
  const [filter, setFilter] = useState(to);
  const list = useQuery({
    queryKey: ['mail-list', page, to],
    queryFn: () => fetchMailList({ page, pageSize: PAGE_SIZE, to: to || undefined }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  const update = (next: Record<string, string | null>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      return p;
    });
  const onFilter = (e: FormEvent) => {
    e.preventDefault();
    update({ to: filter.trim().toLowerCase() || null, page: null, id: null });
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('devMail.title')}</Title>
          <Text c="dimmed">{t('devMail.subtitle')}</Text>
        </Stack>
        <form onSubmit={onFilter} aria-label={t('devMail.filter')}>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('devMail.filter')}
              placeholder={t('devMail.filterPlaceholder')}
              type="email"
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              w={320}
            />
            <Button type="submit">{t('devMail.apply')}</Button>
            {to && (
              <Button
                variant="subtle"
                onClick={() => {
                  setFilter('');
                  update({ to: null, page: null, id: null });
                }}
              >
                {t('devMail.clear')}
              </Button>
            )}
          </Group>
        </form>
        {list.isError && <ErrorAlert error={list.error} />}
        {list.isPending && <Skeleton height={320} radius="lg" />}
        {list.data && list.data.items.length === 0 && <Text>{t('devMail.empty')}</Text>}
        {list.data && list.data.items.length > 0 && (
          <Paper radius="lg" withBorder bg="white" style={{ overflowX: 'auto' }}>
            <Table highlightOnHover aria-label={t('devMail.listLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devMail.written')}</Table.Th>
                  <Table.Th>{t('devMail.to')}</Table.Th>
                  <Table.Th>{t('devMail.subject')}</Table.Th>
                  <Table.Th>{t('devMail.status')}</Table.Th>
                  <Table.Th>{t('devMail.attempts')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((m) => (
                  <Table.Tr key={m.id} bg={m.id === selected ? 'var(--mantine-color-green-0)' : undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdOn, i18n.language)}</Table.Td>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[m.status]} variant="light">
                        {t(`devMail.statuses.${m.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.attempts}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`${t('devMail.open')}: ${m.subject} (${m.to})`}
                        aria-pressed={m.id === selected}
                        onClick={() => update({ id: m.id })}
                      >
                        {t('devMail.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        {list.data && pages > 1 && (
          <Group justify="space-between">
            <Button variant="default" disabled={page <= 1} onClick={() => update({ page: String(page - 1), id: null })}>
              {t('devMail.previous')}
            </Button>
            <Text fz="sm">{t('devMail.pageOf', { page, pages })}</Text>
            <Button variant="default" disabled={page >= pages} onClick={() => update({ page: String(page + 1), id: null })}>
              {t('devMail.next')}
            </Button>
          </Group>
        )}
        {selected ? <MailView id={selected} /> : list.data && list.data.items.length > 0 && <Text c="dimmed">{t('devMail.choose')}</Text>}
      </Stack>
    </Container>
  );
}
