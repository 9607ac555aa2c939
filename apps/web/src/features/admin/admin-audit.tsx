import { Anchor, Badge, Button, Card, CloseButton, Code, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '@swapu/shared/admin-users';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { supportThreadPath } from './member-links';
import { useAudit } from './use-admin-users';
import { AUDIT_ACTIONS } from '@swapu/shared/audit';

/** Records the console shows in a section of its own. */
const SECTION_OF: Record<string, string> = {
  coupon: paths.adminCoupons,
  blog: `${paths.admin}/blog`,
  design: `${paths.admin}/campaigns`,
  campaign: `${paths.admin}/campaigns`,
};
const TARGET_TYPES = ['user', 'post', 'image', 'report', 'offer', 'coupon', 'design', 'campaign', 'blog', 'support', 'checkout'] as const;

/** A value as one short line: lists joined, long texts cut. */
function short(v: unknown): string {
  if (v === null || v === undefined) return '—';
  const s = Array.isArray(v)
    ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}

/** What changed: each field whose value differs, before → after (or only after, for something new). */
export function diffOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((k) => ({ key: k, before: before && k in before ? short(before[k]) : null, after: after && k in after ? short(after[k]) : null }));
}

/** Where the target can be opened in the app (a member's profile or support thread, a listing). */
function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const label = memberName(t, entry.targetName) ?? entry.targetId ?? '—';
  const type = t(`targets.${entry.targetType}`, entry.targetType);
  const link = !entry.targetId
    ? null
    : entry.targetType === 'user'
      ? paths.userDetail(entry.targetId)
      : entry.targetType === 'support'
        ? supportThreadPath({ id: entry.targetId, displayName: entry.targetName ?? '' })
        : entry.targetType === 'post'
          ? paths.viewPost(entry.targetId)
          : (SECTION_OF[entry.targetType] ?? null);
  return (
    <Text fz="sm" component="span">
      <Text span c="dimmed" fz="sm">
        {type}:{' '}
      </Text>
      {link ? (
        <Anchor component={Link} to={link} fz="sm" data-testid="audit-target" data-user-content>
          {label}
        </Anchor>
      ) : (
        <Text span fz="sm" data-testid="audit-target" style={{ wordBreak: 'break-all' }} data-user-content>
          {label}
        </Text>
      )}
    </Text>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const changes = diffOf(entry.before, entry.after);
  return (
    <li
      data-testid="audit-entry"
      data-action={entry.action}
      style={{ padding: '12px 0', borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={entry.action.startsWith('user.') ? 'grape' : 'gray'} tt="none" data-testid="audit-action">
            {t(`actions.${entry.action.replace(/\./g, '_')}`, entry.action)}
          </Badge>
          <Target entry={entry} />
        </Group>
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.createdAt, i18n.language)}
        </Text>
      </Group>
      <Text fz="sm" mt={4}>
        {t('by', { name: memberName(t, entry.actorName) || entry.actorId })}
      </Text>
      {entry.reason && (
        <Text fz="sm" mt={2} data-testid="audit-reason">
          <Text span c="dimmed" fz="sm">
            {t('reason')}:{' '}
          </Text>
          <span data-user-content>{entry.reason}</span>
        </Text>
      )}
      {changes.length > 0 && (
        <Stack gap={2} mt={6} component="dl" m={0} data-testid="audit-diff">
          {changes.map((c) => (
            <Group key={c.key} gap={6} wrap="wrap" fz="xs">
              {/* The record as stored: field names and values are data, not the console's words. */}
              <Text component="dt" fz="xs">
                <Code fz="xs">{c.key}</Code>
              </Text>
              <Text component="dd" m={0} fz="xs" style={{ wordBreak: 'break-word' }} data-user-content>
                {c.before !== null && (
                  <>
                    <Text span fz="xs" c="red.8" td="line-through">
                      {c.before}
                    </Text>
                    {' → '}
                  </>
                )}
                <Text span fz="xs" c="green.9">
                  {c.after ?? '—'}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </li>
  );
}

/**
 * /admin/audit: every admin action, newest first — who, what, which record (linked where the app
 * can show it), when, why, and what changed. Read-only: the database refuses any edit. Filters by
 * action and by target (type and id, e.g. from a member's row in the users table).
 */
export function AdminAudit() {
  const { t } = useTranslation(['audit', 'errors']);
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? undefined;
  const targetType = params.get('targetType') ?? undefined;
  const targetId = params.get('targetId') ?? undefined;
  const [typedId, setTypedId] = useState(targetId ?? '');
  const [debouncedId] = useDebouncedValue(typedId.trim(), 400);
  const audit = useAudit({ action, targetType, targetId: targetType ? targetId : undefined });
  const denied = audit.error instanceof ApiError && audit.error.status === 403;

  const update = (patch: Record<string, string | null | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (!v) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (debouncedId !== (targetId ?? '')) update({ targetId: debouncedId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed id settles
  }, [debouncedId]);

  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = !!(action || targetType);
  return (
    <AdminPage id="audit" icon={<IconHistory size={22} />} title={t('title')} intro={t('intro')} denied={denied}>
      <Card padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('filterAction')}
              placeholder={t('allActions')}
              data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a.replace(/\./g, '_')}`) }))}
              value={action ?? null}
              onChange={(v) => update({ action: v })}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="audit-action-filter"
            />
            <Select
              label={t('filterTarget')}
              placeholder={t('allTargets')}
              data={TARGET_TYPES.map((x) => ({ value: x, label: t(`targets.${x}`) }))}
              value={targetType ?? null}
              onChange={(v) => update({ targetType: v, ...(v ? {} : { targetId: null }) })}
              clearable
              w={{ base: '100%', xs: 180 }}
              comboboxProps={{ withinPortal: true }}
            />
            {targetType && (
              <TextInput
                label={t('targetId')}
                value={typedId}
                onChange={(e) => setTypedId(e.currentTarget.value)}
                maxLength={200}
                w={{ base: '100%', xs: 260 }}
                rightSection={typedId ? <CloseButton aria-label={t('clear')} onClick={() => setTypedId('')} size="sm" /> : null}
              />
            )}
          </Group>
          {audit.isError && !denied && <LoadError onRetry={() => void audit.refetch()} />}
          {audit.isPending && (
            <Stack gap="sm" data-testid="audit-loading">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} h={64} radius="sm" />
              ))}
            </Stack>
          )}
          {audit.data && items.length === 0 && (
            <Stack align="center" gap={4} py="xl" data-testid="audit-empty">
              <IconHistory size={32} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text fw={600}>{filtered ? t('emptyFiltered') : t('empty')}</Text>
              {filtered && (
                <Button variant="subtle" size="compact-sm" onClick={() => update({ action: null, targetType: null, targetId: null })}>
                  {t('clearFilters')}
                </Button>
              )}
            </Stack>
          )}
          {items.length > 0 && (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((e) => (
                <Entry key={e.id} entry={e} />
              ))}
            </Stack>
          )}
          {audit.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                {t('more')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </AdminPage>
  );
}
