import { Alert, Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Me } from '@swapu/shared/account';
import { LocalityInput, type PickedLocality } from './locality-input';
import { useUpdateMe } from './use-profile';
import { ApiError } from '../../lib/api';

/** The owner's profile editor: name, bio and suburb (the rest of the account has its own cards). */
export function EditForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useTranslation(['profile', 'errors']);
  const update = useUpdateMe();
  const [name, setName] = useState(me.displayName);
  const [bio, setBio] = useState(me.bio);
  const [place, setPlace] = useState<PickedLocality | null>(null);
  const submit = () =>
    update.mutate(
      { displayName: name.trim(), bio, ...(place ? { address: place } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'swapu', message: t('profile.saved') });
          onDone();
        },
      },
    );
  const err = update.error instanceof ApiError ? update.error : null;
  return (
    <Card padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('onboarding.nameLabel')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={err?.code === 'name_invalid' ? t('errors:name_invalid') : undefined}
            maxLength={60}
          />
          <Textarea
            label={t('profile.bioLabel')}
            placeholder={t('profile.bioPlaceholder')}
            value={bio}
            onChange={(e) => setBio(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
          />
          <LocalityInput
            initial={me.suburb ? `${me.suburb} ${me.auState} ${me.postcode}` : ''}
            onPick={setPlace}
            error={err?.code === 'address_invalid' ? t('errors:address_invalid') : undefined}
          />
          {err && err.code !== 'name_invalid' && err.code !== 'address_invalid' && (
            <Alert color="red" role="alert">
              {t(`errors:${err.code}`)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
