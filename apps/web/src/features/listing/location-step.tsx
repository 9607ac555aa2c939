import { Badge, Card, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { PostImage } from '@swapu/shared/api';
import { formatMoney } from '../../lib/format';
import { useFieldError, type StepProps } from './listing-steps';
import { dollarsToCents, toDraft, type ListingLocation } from './listing-values';

/** What the page's suburb field needs: the picked place, and where to report a new pick. */
export interface LocalityFieldProps {
  initial: string;
  onPick: (place: { suburb: string; postcode: string } | null) => void;
  error: ReactNode;
}

/** Step 6: where the item is, and a last look at the whole listing before it goes live. */
export function LocationStep({
  values,
  set,
  errors,
  images,
  localityField,
}: StepProps & { images: PostImage[]; localityField: (props: LocalityFieldProps) => ReactNode }) {
  const { t, i18n } = useTranslation(['listing', 'categories']);
  const fieldError = useFieldError(errors);
  const draft = toDraft(values);
  const cents = dollarsToCents(values.cashValue).cents;
  const none = (
    <Text span c="dimmed">
      {t('summary.missing')}
    </Text>
  );
  const rows: Array<[string, ReactNode]> = [
    [t('summary.photos'), String(images.length)],
    [t('summary.value'), cents === null ? none : formatMoney(cents, i18n.language)],
    [t('details.condition'), t(`details.conditions.${values.condition}`)],
    [t('categories.label'), values.categories.length ? values.categories.map((c) => t(`categories:names.${c}`)).join(', ') : none],
    [
      t('summary.size'),
      draft.lengthCm && draft.widthCm && draft.heightCm
        ? t('size.presetSize', { length: draft.lengthCm, width: draft.widthCm, height: draft.heightCm })
        : none,
    ],
    [t('summary.weight'), draft.weightKg ? t('summary.weightValue', { value: draft.weightKg }) : none],
    [t('size.delivery'), t(`size.deliveryOptions.${values.deliveryOption}`)],
    [t('summary.location'), values.location?.label ?? none],
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {localityField({
          initial: values.location?.label ?? '',
          onPick: (place) =>
            set({ location: place ? ({ ...place, label: `${place.suburb} ${place.postcode}` } satisfies ListingLocation) : null }),
          error: fieldError('location'),
        })}
        <Text fz="xs" c="dimmed">
          {t('location.help')}
        </Text>
      </Stack>

      <Card padding="md" data-testid="listing-summary">
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('summary.title')}
          </Title>
          <Group gap="md" wrap="nowrap" align="flex-start">
            {images[0] && <Image src={images[0].thumbUrl} alt="" w={72} h={72} radius="md" fit="cover" />}
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {values.title.trim() || t('summary.untitled')}
              </Text>
              <Group gap={6}>
                {values.openToSelling && (
                  <Badge size="sm" variant="light">
                    {t('value.openToSelling')}
                  </Badge>
                )}
                {values.openToSwapAnything && (
                  <Badge size="sm" variant="light" color="orange">
                    {t('value.openToSwapAnything')}
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <Table verticalSpacing={6} fz="sm">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w="40%" fw={500} c="dimmed">
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
    </Stack>
  );
}
