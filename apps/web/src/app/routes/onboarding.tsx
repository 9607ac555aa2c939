import { Alert, Button, Checkbox, Container, Group, Paper, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CategorySlug } from '@swapu/shared/constants';
import { useNavigate } from 'react-router';
import { useMe } from '../../features/auth/use-me';
import { InterestPicker } from '../../features/profile/interest-picker';
import { LocalityInput, type PickedLocality } from '../../features/profile/locality-input';
import { useUpdateMe } from '../../features/profile/use-profile';
import { ApiError } from '../../lib/api';
import { SESSION_KEYS } from '../../lib/session';

const NAME = /^[\p{L}\p{M}' .-]{2,60}$/u;

/** The onboarding funnel: name, suburb, interests (each saved on the server), skippable. */
export default function OnboardingPage() {
  const { t } = useTranslation(['profile', 'errors']);
  const navigate = useNavigate();
  const me = useMe();
  const update = useUpdateMe();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [place, setPlace] = useState<PickedLocality | null>(null);
  const [interests, setInterests] = useState<string[]>([]);
  const [dontShow, setDontShow] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (me.data) {
      setName((n) => n || me.data.displayName);
      setInterests((i) => (i.length ? i : me.data.interests));
    }
  }, [me.data]);

  const leave = async () => {
    if (dontShow) {
      window.localStorage.setItem(SESSION_KEYS.skipTour, 'true');
      await update.mutateAsync({ hideOnboarding: true }).catch(() => undefined);
    }
    navigate('/', { replace: true });
  };

  const next = async () => {
    setError(null);
    try {
      if (step === 0) {
        if (!NAME.test(name.trim())) return setError(t('errors:name_invalid'));
        await update.mutateAsync({ displayName: name.trim() });
      } else if (step === 1) {
        if (!place) return setError(t('errors:address_invalid'));
        await update.mutateAsync({ address: place });
      } else {
        await update.mutateAsync({ interests: interests as CategorySlug[], ...(dontShow ? { hideOnboarding: true } : {}) });
        notifications.show({ color: 'swapu', message: t('onboarding.saved') });
        return leave();
      }
      setStep((s) => s + 1);
    } catch (e) {
      setError(e instanceof ApiError ? t(`errors:${e.code}`) : t('errors:generic'));
    }
  };

  return (
    <Container size="sm" py="xl">
      <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder>
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('onboarding.title')}</Title>
            <Text c="dimmed">{t('onboarding.intro')}</Text>
          </div>
          <Stepper active={step} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={t('onboarding.stepName')}>
              <TextInput
                label={t('onboarding.nameLabel')}
                description={t('onboarding.nameHelp')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                autoComplete="name"
                maxLength={60}
              />
            </Stepper.Step>
            <Stepper.Step label={t('onboarding.stepAddress')}>
              <Stack gap={4}>
                <LocalityInput
                  initial={me.data?.suburb ? `${me.data.suburb} ${me.data.auState} ${me.data.postcode}` : ''}
                  onPick={setPlace}
                />
                <Text fz="xs" c="dimmed">
                  {t('onboarding.addressHelp')}
                </Text>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label={t('onboarding.stepInterests')}>
              <Stack gap="sm">
                <Text fz="sm" c="dimmed">
                  {t('onboarding.interestsHelp')}
                </Text>
                <InterestPicker value={interests} onChange={setInterests} />
              </Stack>
            </Stepper.Step>
          </Stepper>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Checkbox label={t('onboarding.dontShowAgain')} checked={dontShow} onChange={(e) => setDontShow(e.currentTarget.checked)} />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void leave()}>
              {t('onboarding.skip')}
            </Button>
            <Group gap="xs">
              {step > 0 && (
                <Button variant="default" onClick={() => setStep((s) => s - 1)}>
                  {t('onboarding.back')}
                </Button>
              )}
              <Button onClick={() => void next()} loading={update.isPending}>
                {step === 2 ? t('onboarding.finish') : t('onboarding.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
