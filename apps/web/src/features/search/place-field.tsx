import { ActionIcon, Autocomplete, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCurrentLocation, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/react';
import type { Locality } from '@swapu/shared/api';
import { endpoints } from '@swapu/shared/endpoints';
import { fetchLocalities } from '../../lib/lookups';
import { useGeolocation } from './use-geolocation';
import { keyOf } from '../../lib/query-keys';

export interface Place {
  near?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

const label = (l: Locality) => `${l.suburb} ${l.state} ${l.postcode}`;

/**
 * Where distances are measured from: a suburb or postcode typed freely (a postcode alone is a
 * place for search, unlike profile/locality-input which must resolve to one locality), with
 * suggestions from /localities, or the browser's position.
 */
export function PlaceField({
  value,
  onChange,
  error,
  description,
}: {
  value: Place;
  onChange: (p: Place) => void;
  error?: string | undefined;
  description?: string | undefined;
}) {
  const { t } = useTranslation(['search', 'errors']);
  const geo = useGeolocation();
  const text = value.near ?? '';
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const localities = useQuery({
    queryKey: keyOf(endpoints.localities, { query: { q: debounced }, variant: 'items' }),
    queryFn: () => fetchLocalities(debounced),
    enabled: debounced.length >= 2 && value.lat === undefined,
    staleTime: 5 * 60_000,
  });
  const usingPosition = value.lat !== undefined && value.lng !== undefined;
  const locate = () =>
    geo.locate().then(
      (p) => onChange({ lat: p.lat, lng: p.lng, near: undefined }),
      () => undefined, // the hook keeps the reason, shown below
    );
  const geoError = geo.error === 'permission_denied' ? t('errors:permission_denied') : geo.error ? t('place.locateFailed') : undefined;

  return (
    <Stack gap={6}>
      {usingPosition ? (
        <Group gap="xs" wrap="nowrap">
          <Badge size="lg" variant="light" leftSection={<IconCurrentLocation size={14} />} tt="none" data-testid="using-location">
            {t('place.usingLocation')}
          </Badge>
          <ActionIcon variant="subtle" color="gray" aria-label={t('place.clearLocation')} onClick={() => onChange({})}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ) : (
        <Autocomplete
          label={t('place.label')}
          placeholder={t('place.placeholder')}
          description={description}
          value={text}
          error={error}
          onChange={(near) => onChange({ near: near || undefined })}
          data={[...new Set((localities.data ?? []).map(label))]}
          filter={({ options }) => options}
          limit={8}
          comboboxProps={{ withinPortal: true }}
          autoComplete="off"
        />
      )}
      <Group gap="xs">
        {!usingPosition && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCurrentLocation size={16} />}
            loading={geo.pending}
            onClick={() => void locate()}
          >
            {t('place.useLocation')}
          </Button>
        )}
        {geoError && (
          <Text fz="sm" c="red" role="alert">
            {geoError}
          </Text>
        )}
      </Group>
      {usingPosition && error && (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
