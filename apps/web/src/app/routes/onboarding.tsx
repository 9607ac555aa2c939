import { Alert, Button, Checkbox, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ONBOARDING_STEPS } from '@swapu/shared/analytics-events';
import type { CategorySlug } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { useNavigate } from 'react-router';
import { StepProgress } from '../../components/step-progress';
import { changeSubscription } from '../../features/account/email-subscription-api';
import { useMe } from '../../features/auth/use-me';
import { useCarryOn } from '../../features/auth/use-return-to';
import { InterestPicker } from '../../features/profile/interest-picker';
import { LocalityInput, type PickedLocality } from '../../features/profile/locality-input';
import { NotificationsStep, WelcomeStep, type NotificationChoices } from '../../features/profile/onboarding-steps';
import { useUpdateMe } from '../../features/profile/use-profile';
import { ApiError } from '../../lib/api';
import { SESSION_KEYS } from '../../lib/session';
import { useFunnel } from '../../lib/use-funnel';

const NAME = /^[\p{L}\p{M}' .-]{2,60}$/u;
const LAST = ONBOARDING_STEPS.length - 1;
/** Each step's label in the `profile` catalogue. */
const LABELS = {
  welcome: 'onboarding.stepWelcome',
  name: 'onboarding.stepName',
  address: 'onboarding.stepAddress',
  interests: 'onboarding.stepInterests',
  notifications: 'onboarding.stepNotifications',
} as const;

/**
 * The onboarding funnel (ONBOARDING_STEPS): how SwapU works, then name, suburb, interests and the
 * emails wanted, each saved on the server as the member moves on; skippable at any step.
 */
export default function OnboardingPage() {
  const { t } = useTranslation(['profile', 'errors']);
  const navigate = useNavigate();
  // Where a guest who signed up was going (the offer, chat or listing they pressed), else home.
  const carryOn = useCarryOn();
  const me = useMe();
  const update = useUpdateMe();
  const subscribe = useMutation({ mutationFn: changeSubscription });
  const funnel = useFunnel('onboarding');
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [place, setPlace] = useState<PickedLocality | null>(null);
  const [interests, setInterests] = useState<string[]>([]);
  const [emails, setEmails] = useState<NotificationChoices | null>(null);
  const [dontShow, setDontShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = ONBOARDING_STEPS[step]!;
  const choices = emails ?? { digest: me.data?.messageDigest ?? true, newsletter: false };

  useEffect(() => {
    if (me.data) {
      setName((n) => n || me.data.displayName);
      setInterests((i) => (i.length ? i : me.data.interests));
    }
  }, [me.data]);
  useEffect(() => {
    funnel.step(step);
  }, [funnel, step]);

  /**
   * Home, or on to what the person was about to do; "don't show again" is kept on the device and,
   * unless already saved, on the account.
   */
  const leave = async (hiddenSaved = false) => {
    if (dontShow) {
      window.localStorage.setItem(SESSION_KEYS.skipTour, 'true');
      if (!hiddenSaved) await update.mutateAsync({ hideOnboarding: true }).catch(() => undefined);
    }
    navigate(carryOn ?? '/', { replace: true });
  };

  const finish = async () => {
    await update.mutateAsync({ messageDigest: choices.digest, ...(dontShow ? { hideOnboarding: true } : {}) });
    if (choices.newsletter && me.data) await subscribe.mutateAsync({ email: me.data.email, subscribe: true });
    funnel.complete();
    notifications.show({ color: 'swapu', message: t(choices.newsletter ? 'onboarding.savedCheckInbox' : 'onboarding.saved') });
    return leave(true);
  };

  const next = async () => {
    setError(null);
    try {
      if (current === 'name') {
        if (!NAME.test(name.trim())) return setError(t('errors:name_invalid'));
        await update.mutateAsync({ displayName: name.trim() });
      } else if (current === 'address') {
        if (!place) return setError(t('errors:address_invalid'));
        await update.mutateAsync({ address: place });
      } else if (current === 'interests') {
        await update.mutateAsync({ interests: interests as CategorySlug[] });
      } else if (current === 'notifications') {
        return await finish();
      }
      setStep((s) => s + 1);
    } catch (e) {
      setError(e instanceof ApiError ? t(`errors:${e.code}`) : t('errors:generic'));
    }
  };

  const back = (to: number) => {
    setError(null);
    setStep(to);
  };
  const progress = t('onboarding.progress', { step: step + 1, total: ONBOARDING_STEPS.length });

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder>
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('onboarding.title')}</Title>
            <Text c="dimmed">{t('onboarding.intro')}</Text>
          </div>
          <Stack gap={8}>
            <Text fz="sm" fw={600} c="swapu.8" data-testid="onboarding-progress">
              {progress}
            </Text>
            <StepProgress
              steps={ONBOARDING_STEPS.map((s) => ({ short: t(LABELS[s]), full: t(LABELS[s]) }))}
              step={step}
              label={progress}
              onStepClick={back}
              selectable={(i) => i < step}
            />
          </Stack>
          <Stack gap="md" data-testid={`onboarding-step-${current}`}>
            <Title order={2} fz="h3">
              {current === 'welcome' ? t('onboarding.welcomeTitle') : t(LABELS[current])}
            </Title>
            {current === 'welcome' && <WelcomeStep />}
            {current === 'name' && (
              <TextInput
                label={t('onboarding.nameLabel')}
                description={t('onboarding.nameHelp')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                autoComplete="name"
                maxLength={60}
              />
            )}
            {current === 'address' && (
              <Stack gap={4}>
                <LocalityInput
                  initial={me.data?.suburb ? `${me.data.suburb} ${me.data.auState} ${me.data.postcode}` : ''}
                  onPick={setPlace}
                />
                <Text fz="xs" c="dimmed">
                  {t('onboarding.addressHelp')}
                </Text>
              </Stack>
            )}
            {current === 'interests' && (
              <Stack gap="sm">
                <Text fz="sm" c="dimmed">
                  {t('onboarding.interestsHelp')}
                </Text>
                <InterestPicker value={interests} onChange={setInterests} />
              </Stack>
            )}
            {current === 'notifications' && (
              <NotificationsStep
                value={choices}
                onChange={setEmails}
                settingsHref={me.data ? paths.userDetail(me.data.id) : paths.mySwapU}
                disabled={!me.data}
              />
            )}
          </Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Checkbox label={t('onboarding.dontShowAgain')} checked={dontShow} onChange={(e) => setDontShow(e.currentTarget.checked)} />
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" px="xs" onClick={() => void leave()}>
              {t('onboarding.skip')}
            </Button>
            <Group gap="xs">
              {step > 0 && (
                <Button variant="default" onClick={() => back(step - 1)}>
                  {t('onboarding.back')}
                </Button>
              )}
              <Button onClick={() => void next()} loading={update.isPending || subscribe.isPending}>
                {step === LAST ? t('onboarding.finish') : t('onboarding.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
