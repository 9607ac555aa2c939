import { Anchor, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import type { DeliveryDraft } from '@swapu/shared/delivery-api';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';
import { type Errors, isViewerSide, type PartyValues, type PlaceInputProps, type Side } from './order-values';

/** One end of the delivery: name, street, suburb/postcode and email. */
export function PartyFields({
  draft,
  side,
  value,
  errors,
  text,
  onChange,
  PlaceInput,
}: {
  draft: DeliveryDraft;
  side: Side;
  value: PartyValues;
  errors: Errors;
  text: (key: string | undefined) => string | undefined;
  onChange: (patch: Partial<PartyValues>, field: string) => void;
  PlaceInput: ComponentType<PlaceInputProps>;
}) {
  const { t } = useTranslation('delivery');
  const p = draft[side];
  const mine = isViewerSide(draft, side);
  const initialPlace = p.suburb && p.postcode ? `${p.suburb} ${p.postcode}` : '';
  return (
    <Card padding="lg" role="group" aria-labelledby={`${side}-title`}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id={`${side}-title`}>
            {t(`order.${side}.title`)}
          </Title>
          {mine && (
            <Text fz="sm" c="dimmed">
              {t('order.you')}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t(`order.${side}.name`)}
            value={value.name}
            onChange={(e) => onChange({ name: e.currentTarget.value }, 'name')}
            error={text(errors[`${side}.name`])}
            maxLength={80}
            autoComplete={mine ? 'name' : 'off'}
          />
          <TextInput
            label={t(`order.${side}.street`)}
            placeholder={t('order.streetPlaceholder')}
            value={value.street}
            onChange={(e) => onChange({ street: e.currentTarget.value }, 'street')}
            error={text(errors[`${side}.street`])}
            maxLength={120}
            autoComplete={mine ? 'street-address' : 'off'}
          />
          <PlaceInput
            label={t(`order.${side}.place`)}
            placeholder={t('order.placePlaceholder')}
            initial={initialPlace}
            error={text(errors[`${side}.suburb`])}
            onPick={(place) => onChange({ place }, 'suburb')}
          />
          {value.useOnFile ? (
            <TextInput
              label={t(`order.${side}.email`)}
              value={p.email}
              readOnly
              description={
                <>
                  {t('order.emailOnFile', { name: memberName(t, p.name) })}{' '}
                  <Anchor component="button" type="button" fz="xs" onClick={() => onChange({ useOnFile: false, email: '' }, 'email')}>
                    {t('order.otherEmail')}
                  </Anchor>
                </>
              }
              data-testid={`${side}-email-on-file`}
            />
          ) : (
            <TextInput
              label={t(`order.${side}.email`)}
              type="email"
              inputMode="email"
              value={value.email}
              onChange={(e) => onChange({ email: e.currentTarget.value }, 'email')}
              error={text(errors[`${side}.email`])}
              maxLength={254}
              autoComplete={mine ? 'email' : 'off'}
              description={
                p.emailOnFile && !mine ? (
                  <Anchor component="button" type="button" fz="xs" onClick={() => onChange({ useOnFile: true, email: '' }, 'email')}>
                    {t('order.useEmailOnFile')}
                  </Anchor>
                ) : undefined
              }
            />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
