import { Alert, Badge, Button, Code, Group, Paper, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { type QueryParams } from '@swapu/shared/endpoints';
import type { MailDetail, MailList, MailStatus, MailSummary } from '@swapu/shared/mail';
import { useTranslation } from '../../i18n/react';
import { ApiError, call, errorCodeOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

const STATUS_COLOR: Record<MailStatus, string> = { held: 'gray', queued: 'blue', retrying: 'orange', sent: 'green', failed: 'red' };
const PAGE_SIZE = 20;

/**
 * Where the outbox is read from: the console (/admin/mail) always asks the admins' API; the
 * developer page (/dev/mail) passes its own (the open developer API while it answers). `name`
 * keeps their caches apart.
 */
export interface MailSource {
  name: string;
  list: (query: QueryParams) => Promise<MailList>;
  one: (id: string) => Promise<MailDetail>;
}
export const adminMailSource: MailSource = {
  name: 'admin',
  list: (query) => call(adminEndpoints.adminMailList, { query }),
  one: (id) => call(adminEndpoints.adminMail, { params: { id } }),
};

function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const code = errorCodeOf(error);
  return (
    <Alert color="red" variant="light" role="alert">
      {t(code)}
    </Alert>
  );
}

function StatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation('account');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`devMail.statuses.${status}`)}
    </Badge>
  );
}

/** One mail: its HTML in a sandboxed frame (no scripts, no same-origin access) and its text. */
function MailView({ id, source }: { id: string; source: MailSource }) {
  const { t, i18n } = useTranslation(['account', 'adminBlog', 'errors']);
  // Not a row's key: the source is the admin outbox or the dev one (either, on the dev page).
  const mail = useQuery({ queryKey: ['mail', source.name, id], queryFn: () => source.one(id) });
  if (mail.isPending) return <Skeleton height={480} radius="lg" />;
  if (mail.isError) return <ErrorAlert error={mail.error} />;
  const m = mail.data;
  return (
    <Paper radius="lg" withBorder p="lg" bg="white" data-testid="mail-view">
      <Stack gap="sm">
        {/* A mail's subject, template and errors are records, kept as they were sent (in the recipient's
            language): data-user-content, e2e/support/pt-PT-check.ts. */}
        <Title order={2} fz="lg" data-user-content>
          {m.subject}
        </Title>
        <Group gap="xs">
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('devMail.to')}: {m.to} · {formatDateTime(m.createdOn, i18n.language)}
            {m.template && (
              <>
                {' · '}
                {t('adminBlog:mail.template')}: <span data-user-content>{m.template}</span>
              </>
            )}
          </Text>
          <StatusBadge status={m.status} />
        </Group>
        {m.sentAt && (
          <Text fz="sm" c="dimmed">
            {t('adminBlog:mail.sentAt', { date: formatDateTime(m.sentAt, i18n.language) })}
          </Text>
        )}
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

type RowProps = { items: MailSummary[]; selected: string | null; onOpen: (id: string) => void };

function OpenButton({ m, selected, onOpen }: { m: MailSummary; selected: string | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation('account');
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={t('devMail.openLabel', { subject: m.subject, to: m.to })}
      aria-pressed={m.id === selected}
      onClick={() => onOpen(m.id)}
    >
      {t('devMail.open')}
    </Button>
  );
}

function MailTable({ items, selected, onOpen }: RowProps) {
  const { t, i18n } = useTranslation(['account', 'adminBlog']);
  return (
    <Paper radius="lg" withBorder bg="white" style={{ overflowX: 'auto' }}>
      <Table highlightOnHover aria-label={t('devMail.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('devMail.written')}</Table.Th>
            <Table.Th>{t('devMail.to')}</Table.Th>
            <Table.Th>{t('devMail.subject')}</Table.Th>
            <Table.Th>{t('adminBlog:mail.template')}</Table.Th>
            <Table.Th>{t('devMail.status')}</Table.Th>
            <Table.Th>{t('devMail.attempts')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={m.id} bg={m.id === selected ? 'var(--mantine-color-green-0)' : undefined} data-testid="mail-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdOn, i18n.language)}</Table.Td>
              <Table.Td>{m.to}</Table.Td>
              <Table.Td data-user-content>{m.subject}</Table.Td>
              <Table.Td>
                <Text fz="sm" c="dimmed" data-user-content={!!m.template || undefined}>
                  {m.template ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={m.status} />
                {m.lastError && (
                  <Text fz="xs" c="red.8" maw={260} lineClamp={2} title={m.lastError} data-user-content>
                    {m.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{m.attempts}</Table.Td>
              <Table.Td>
                <OpenButton m={m} selected={selected} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** On a phone, each mail is a small card: seven columns do not fit side by side. */
function MailCards({ items, selected, onOpen }: RowProps) {
  const { t, i18n } = useTranslation(['account', 'adminBlog']);
  return (
    <Paper radius="lg" withBorder bg="white" px="md" component="ul" m={0} aria-label={t('devMail.listLabel')} style={{ listStyle: 'none' }}>
      {items.map((m, i) => (
        <li
          key={m.id}
          data-testid="mail-row"
          style={{
            padding: '10px 0',
            borderTop: i > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined,
            background: m.id === selected ? 'var(--mantine-color-green-0)' : undefined,
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} data-user-content>
                {m.subject}
              </Text>
              <Text fz="xs" style={{ overflowWrap: 'anywhere' }}>
                {m.to}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDateTime(m.createdOn, i18n.language)}
                {m.template && (
                  <>
                    {' · '}
                    <span data-user-content>{m.template}</span>
                  </>
                )}{' '}
                · {t('adminBlog:mail.attemptsCount', { count: m.attempts })}
              </Text>
              <div>
                <StatusBadge status={m.status} />
              </div>
              {m.lastError && (
                <Text fz="xs" c="red.8" lineClamp={2} data-user-content>
                  {m.lastError}
                </Text>
              )}
            </Stack>
            <OpenButton m={m} selected={selected} onOpen={onOpen} />
          </Group>
        </li>
      ))}
    </Paper>
  );
}

/**
 * The mail outbox, newest first, page by page, searchable by (part of) an address, and one mail as
 * its recipient sees it. Shared by the console (/admin/mail) and the developer page (/dev/mail);
 * the page, the search and the open mail live in the address (?page=, ?to=, ?id=).
 */
export function MailOutbox({ source }: { source: MailSource }) {
  const { t } = useTranslation(['account', 'adminBlog', 'errors']);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const to = params.get('to') ?? '';
  const selected = params.get('id');
  const [filter, setFilter] = useState(to);
  const wide = useMediaQuery('(min-width: 48em)', true);
  const list = useQuery({
    // Not a row's key: the source may read either outbox (see MailView).
    queryKey: ['mail-list', source.name, page, to],
    queryFn: () => source.list({ page, pageSize: PAGE_SIZE, to: to || undefined }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  if (list.error instanceof ApiError && list.error.status === 403)
    return (
      <Alert color="red" variant="light" role="alert" data-testid="mail-denied">
        {t('errors:permission_denied')}
      </Alert>
    );

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
    <Stack gap="md">
      <form onSubmit={onFilter} role="search" aria-label={t('adminBlog:mail.search')}>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('adminBlog:mail.search')}
            placeholder={t('adminBlog:mail.searchPlaceholder')}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
            maxLength={320}
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
      {list.isPending && (
        <Stack gap="xs" data-testid="mail-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={44} radius="md" />
          ))}
        </Stack>
      )}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">{to ? t('adminBlog:mail.noMatch', { to }) : t('devMail.empty')}</Text>}
      {list.data && list.data.items.length > 0 && (
        <>
          <Text fz="sm" c="dimmed">
            {t('adminBlog:mail.total', { count: list.data.total })}
          </Text>
          {wide ? (
            <MailTable items={list.data.items} selected={selected} onOpen={(id) => update({ id })} />
          ) : (
            <MailCards items={list.data.items} selected={selected} onOpen={(id) => update({ id })} />
          )}
        </>
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
      {selected ? (
        <MailView id={selected} source={source} />
      ) : (
        list.data && list.data.items.length > 0 && <Text c="dimmed">{t('devMail.choose')}</Text>
      )}
    </Stack>
  );
}
