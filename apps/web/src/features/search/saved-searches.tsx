import { ActionIcon, Alert, Anchor, Badge, Button, Card, Drawer, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import type { SavedSearch } from '@swapu/shared/search';
import { searchUrlQuery, type SearchUrlState } from '@swapu/shared/search-url';
import { errorCodeOf } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { defaultSearchName, describeSearch } from './search-text';
import { useDeleteSavedSearch, useSavedSearches, useSaveSearch } from './use-saved-searches';
import { LoadError } from '../../components/load-error';

/** "Save search": names the search (its words by default) and saves it for alerts. */
export function SaveSearchButton({ state }: { state: SearchUrlState }) {
  const { t } = useTranslation(['search', 'categories', 'posts', 'errors']);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveSearch();
  const start = () => {
    setName(defaultSearchName(t, state));
    save.reset();
    setOpen(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim(), state },
      {
        onSuccess: (saved) => {
          setOpen(false);
          notifications.show({ color: 'swapu', message: t('save.saved', { name: saved.name }) });
        },
      },
    );
  };
  return (
    <>
      <Button variant="light" leftSection={<IconBookmarkPlus size={18} />} onClick={start}>
        {t('save.button')}
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('save.title')} centered>
        <form onSubmit={submit} aria-label={t('save.title')}>
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {t('save.help')}
            </Text>
            <TextInput
              label={t('save.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={80}
              required
              data-autofocus
            />
            {state.wantsMine && (
              <Text fz="xs" c="dimmed">
                {t('save.wantsMineNote')}
              </Text>
            )}
            {save.isError && (
              <Alert color="red" role="alert">
                {t(`errors:${errorCodeOf(save.error)}`)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('save.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
                {t('save.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </>
  );
}

function SavedRow({ item, onOpen }: { item: SavedSearch; onOpen: () => void }) {
  const { t, i18n } = useTranslation(['search', 'categories', 'posts', 'errors']);
  const remove = useDeleteSavedSearch();
  const filters = item.filters as SearchUrlState;
  return (
    <Card padding="sm" withBorder data-testid="saved-search">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`${paths.search}${searchUrlQuery(filters)}`}
            onClick={onOpen}
            fw={700}
            lineClamp={1}
            data-user-content
          >
            {item.name}
          </Anchor>
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {describeSearch(t, filters, (c) => formatMoney(c, i18n.language))}
          </Text>
          {item.hits > 0 && (
            <Badge size="xs" variant="light" w="fit-content">
              {t('saved.hits', { count: item.hits })}
            </Badge>
          )}
        </Stack>
        <Tooltip label={t('saved.delete', { name: item.name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('saved.delete', { name: item.name })}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => notifications.show({ color: 'swapu', message: t('saved.deleted', { name: item.name }) }),
                onError: (e) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(e)}`) }),
              })
            }
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

/** "Saved searches": a drawer listing them, each opening its search or deleted in one tap. */
export function SavedSearchesButton() {
  const { t } = useTranslation(['search', 'errors', 'common']);
  const [open, setOpen] = useState(false);
  const list = useSavedSearches(open);
  return (
    <>
      <Button variant="default" leftSection={<IconBookmark size={18} />} onClick={() => setOpen(true)}>
        {t('saved.button')}
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} title={t('saved.title')} position="right" size="md">
        <Stack gap="sm">
          {list.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={64} radius="md" />)}
          {list.isError && <LoadError onRetry={() => void list.refetch()} />}
          {list.data?.length === 0 && (
            <Text c="dimmed" fz="sm">
              {t('saved.empty')}
            </Text>
          )}
          {list.data?.map((s) => (
            <SavedRow key={s.id} item={s} onOpen={() => setOpen(false)} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
