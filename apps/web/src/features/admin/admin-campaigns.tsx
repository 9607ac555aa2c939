import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconMailForward, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Audience, AudienceKind, Campaign, DesignSummary } from '@swapu/shared/campaigns';
import { AUDIENCE_KINDS } from '@swapu/shared/campaigns';
import { AU_STATES, CATEGORIES } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { useAudienceCount, useCampaigns, useDeleteDesign, useDesigns, useSendCampaign } from './use-admin-campaigns';

const editUrl = (id: string) => `${paths.emailEdit}?design=${encodeURIComponent(id)}`;

/** The audience the form describes, or null while it lacks its interest or state. */
function audienceOf(kind: AudienceKind, value: string | null): Audience | null {
  if (kind === 'interest') return value && (CATEGORIES as readonly string[]).includes(value) ? { kind, value: value as never } : null;
  if (kind === 'state') return value && (AU_STATES as readonly string[]).includes(value) ? { kind, value: value as never } : null;
  return { kind };
}

/** "Members interested in Boats", "Everyone subscribed"… */
function useAudienceLabel() {
  const { t } = useTranslation(['campaigns', 'categories']);
  return (a: Audience) =>
    a.kind === 'interest'
      ? t('audience.interestOf', { interest: t(`categories:names.${a.value}`) })
      : a.kind === 'state'
        ? t('audience.stateOf', { state: t(`states.${a.value}`) })
        : t(`audience.kinds.${a.kind}`);
}

/**
 * Sending a campaign: a saved design, an audience (everyone subscribed, SwapU subscribers, members
 * by interest or by state), how many people it reaches now, then a confirmation.
 */
function SendCampaignModal({
  opened,
  onClose,
  designs,
  designId: initialDesign,
}: {
  opened: boolean;
  onClose: () => void;
  designs: DesignSummary[];
  designId: string | null;
}) {
  const { t } = useTranslation(['campaigns', 'categories', 'errors']);
  const label = useAudienceLabel();
  const send = useSendCampaign();
  const [designId, setDesignId] = useState<string | null>(initialDesign);
  const [kind, setKind] = useState<AudienceKind>('everyone');
  const [value, setValue] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const audience = audienceOf(kind, value);
  const count = useAudienceCount(opened ? audience : null);
  const recipients = count.data?.count;
  const design = designs.find((d) => d.id === designId);
  const ready = !!design && !!audience && typeof recipients === 'number' && recipients > 0;

  const confirm = () =>
    send.mutate(
      { designId: designId!, audience: audience! },
      {
        onSuccess: (c) => {
          notifications.show({ color: 'swapu', message: t('send.started', { name: c.name, count: c.counts.total }) });
          onClose();
        },
        onError: (err) => {
          setConfirming(false);
          setError(t(`errors:${errorCodeOf(err)}`));
        },
      },
    );

  return (
    <Dialog opened={opened} onClose={onClose} fixed title={t('send.title')} size="lg">
      <Stack gap="md">
        <Select
          label={t('send.design')}
          placeholder={t('send.designPlaceholder')}
          data={designs.map((d) => ({ value: d.id, label: d.name }))}
          value={designId}
          onChange={(v) => {
            setDesignId(v);
            setConfirming(false);
          }}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="send-design"
        />
        {design && (
          <Text fz="sm" c="dimmed" mt={-8}>
            {t('send.subjectIs', { subject: design.subject })}
          </Text>
        )}
        <Radio.Group
          label={t('send.audience')}
          value={kind}
          onChange={(v) => {
            setKind(v as AudienceKind);
            setValue(null);
            setConfirming(false);
            setError(null);
          }}
        >
          <Stack gap="xs" mt={6}>
            {AUDIENCE_KINDS.map((k) => (
              <Radio key={k} value={k} label={t(`audience.kinds.${k}`)} description={t(`audience.hints.${k}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {kind === 'interest' && (
          <Select
            label={t('send.interest')}
            placeholder={t('send.interestPlaceholder')}
            data={CATEGORIES.map((c) => ({ value: c, label: t(`categories:names.${c}`) }))}
            value={value}
            onChange={(v) => {
              setValue(v);
              setConfirming(false);
            }}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {kind === 'state' && (
          <Select
            label={t('send.state')}
            placeholder={t('send.statePlaceholder')}
            data={AU_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            value={value}
            onChange={(v) => {
              setValue(v);
              setConfirming(false);
            }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Card withBorder padding="sm" radius="md" data-testid="audience-count">
          {!audience ? (
            <Text fz="sm" c="dimmed">
              {kind === 'interest' ? t('send.chooseInterest') : t('send.chooseState')}
            </Text>
          ) : count.isError ? (
            <LoadError onRetry={() => void count.refetch()} />
          ) : typeof recipients !== 'number' || count.isFetching ? (
            <Skeleton h={20} w="60%" />
          ) : recipients === 0 ? (
            <Text fz="sm" c="orange.8">
              {t('errors:campaign_audience_empty')}
            </Text>
          ) : (
            <Text fz="sm">{t('send.reaches', { count: recipients, audience: label(audience) })}</Text>
          )}
        </Card>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {confirming && design && audience && typeof recipients === 'number' ? (
          <Alert color="yellow" title={t('send.confirmTitle')} data-testid="send-confirm">
            <Stack gap="sm">
              <Text fz="sm">{t('send.confirmText', { name: design.name, count: recipients, audience: label(audience) })}</Text>
              <Group gap="sm">
                <Button color="swapu" onClick={confirm} loading={send.isPending} leftSection={<IconSend size={16} />}>
                  {t('send.confirm', { count: recipients })}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={send.isPending}>
                  {t('send.back')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('send.cancel')}
            </Button>
            <Button disabled={!ready} onClick={() => setConfirming(true)} leftSection={<IconSend size={16} />}>
              {t('send.review')}
            </Button>
          </Group>
        )}
      </Stack>
    </Dialog>
  );
}

function DesignList({ onSend }: { onSend: (id: string) => void }) {
  const { t, i18n } = useTranslation(['campaigns', 'errors']);
  const designs = useDesigns();
  const remove = useDeleteDesign();
  const [deleting, setDeleting] = useState<DesignSummary | null>(null);
  const data = designs.data?.items;
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} fz="lg">
              {t('designs.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('designs.intro')}
            </Text>
          </div>
          <Button component={Link} to={paths.emailEdit} leftSection={<IconPlus size={18} />}>
            {t('designs.new')}
          </Button>
        </Group>
        {designs.isError && <LoadError onRetry={() => void designs.refetch()} />}
        {designs.isPending && <Skeleton h={120} radius="md" data-testid="designs-loading" />}
        {data && data.length === 0 && (
          <Text fz="sm" c="dimmed" data-testid="designs-empty">
            {t('designs.empty')}
          </Text>
        )}
        {data && data.length > 0 && (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.map((d, i) => (
              <li
                key={d.id}
                data-testid="design-row"
                style={{ padding: '10px 0', borderTop: i > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              >
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                    {/* The design's name and subject as the team wrote them (e2e/support/pt-PT-check.ts). */}
                    <Text fw={600} truncate data-user-content>
                      {d.name}
                    </Text>
                    <Text fz="sm" c="dimmed" truncate data-user-content>
                      {d.subject}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('designs.updated', { date: formatDateTime(d.updatedAt, i18n.language) })}
                    </Text>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Button component={Link} to={editUrl(d.id)} size="compact-sm" variant="light" leftSection={<IconEdit size={14} />}>
                      {t('designs.edit')}
                    </Button>
                    <Button size="compact-sm" variant="light" leftSection={<IconSend size={14} />} onClick={() => onSend(d.id)}>
                      {t('designs.send')}
                    </Button>
                    <Tooltip label={t('designs.delete')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('designs.deleteNamed', { name: d.name })}
                        onClick={() => setDeleting(d)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Dialog opened={deleting !== null} onClose={() => setDeleting(null)} fixed title={t('designs.deleteTitle')}>
        <Stack gap="md">
          <Text fz="sm">{t('designs.deleteText', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('send.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(deleting!.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'swapu', message: t('designs.deleted', { name: deleting!.name }) });
                    setDeleting(null);
                  },
                  onError: (err) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(err)}`) }),
                })
              }
            >
              {t('designs.delete')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Card>
  );
}

function CampaignCard({ campaign: c }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaigns');
  const label = useAudienceLabel();
  const moved = c.counts.queued + c.counts.skipped;
  const stats: Array<[string, number]> = [
    ['total', c.counts.total],
    ['pending', c.counts.pending],
    ['queued', c.counts.queued],
    ['sent', c.counts.sent],
    ['failed', c.counts.failed],
    ['skipped', c.counts.skipped],
  ];
  return (
    <li data-testid="campaign-row" data-campaign-id={c.id}>
      <Card withBorder padding="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate data-user-content>
                {c.name}
              </Text>
              <Text fz="sm" c="dimmed" truncate data-user-content>
                {c.subject}
              </Text>
            </div>
            <Badge color={c.state === 'sent' ? 'swapu' : 'blue'} variant="light" data-testid="campaign-state" style={{ flex: 'none' }}>
              {t(`campaigns.states.${c.state}`)}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            {label(c.audience)} · {formatDateTime(c.createdAt, i18n.language)}
            {c.finishedAt && ` · ${t('campaigns.finished', { date: formatDateTime(c.finishedAt, i18n.language) })}`}
          </Text>
          <Progress
            value={c.counts.total ? (moved / c.counts.total) * 100 : 100}
            aria-label={t('campaigns.progress', { done: moved, total: c.counts.total })}
            color={c.state === 'sent' ? 'swapu' : 'blue'}
            size="sm"
          />
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" verticalSpacing={4}>
            {stats.map(([key, n]) => (
              <div key={key}>
                <Text fz="xs" c="dimmed">
                  {t(`campaigns.counts.${key}`)}
                </Text>
                <Text fz="sm" fw={700} data-testid={`count-${key}`}>
                  {n}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
    </li>
  );
}

function CampaignList() {
  const { t } = useTranslation('campaigns');
  const campaigns = useCampaigns();
  const data = campaigns.data?.items;
  return (
    <Card padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('campaigns.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('campaigns.intro')}
          </Text>
        </div>
        {campaigns.isError && <LoadError onRetry={() => void campaigns.refetch()} />}
        {campaigns.isPending && <Skeleton h={140} radius="md" data-testid="campaigns-loading" />}
        {data && data.length === 0 && (
          <Text fz="sm" c="dimmed" data-testid="campaigns-empty">
            {t('campaigns.empty')}
          </Text>
        )}
        {data && data.length > 0 && (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.map((c) => (
              <CampaignCard key={c.id} campaign={c} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /admin/campaigns: saved email designs (new ones are written in /email-edit), sending one to an
 * audience after seeing how many people it reaches, and each campaign's progress through the
 * outbox. The API decides who is an admin: anyone else sees 'Permission Denied'.
 */
export function AdminCampaigns() {
  const { t } = useTranslation(['campaigns', 'errors']);
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const designs = useDesigns();
  const [sending, setSending] = useState<{ designId: string | null } | null>(null);
  const denied = designs.error instanceof ApiError && designs.error.status === 403;
  const items = designs.data?.items ?? [];
  return (
    <AdminPage
      id="campaigns"
      icon={<IconMailForward size={22} />}
      title={t('title')}
      intro={t('intro')}
      denied={denied}
      action={
        <Button
          leftSection={<IconSend size={18} />}
          disabled={items.length === 0}
          onClick={() => setSending({ designId: items[0]?.id ?? null })}
        >
          {t('send.open')}
        </Button>
      }
      after={sending && <SendCampaignModal opened onClose={() => setSending(null)} designs={items} designId={sending.designId} />}
    >
      <DesignList onSend={(designId) => setSending({ designId })} />
      <CampaignList />
    </AdminPage>
  );
}
