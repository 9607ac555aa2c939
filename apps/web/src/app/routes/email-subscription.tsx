import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import { isValidEmail } from '@swapu/shared/input-rules';
import { ApiError } from '../../lib/api';
import { EmailInput } from '../../components/email-input';
import { changeSubscription, confirmSubscription } from '../../features/account/email-subscription-api';
import { FormCard } from '../../components/form-card';

/**
 * A confirmation mail's link (?confirm=…) lands here: the subscription starts only when the person
 * presses the button (a mail scanner opening the link subscribes nobody).
 */
function ConfirmSubscription({ token }: { token: string }) {
  const { t } = useTranslation(['account', 'errors']);
  const mutation = useMutation({ mutationFn: confirmSubscription });
  const code = mutation.error instanceof ApiError ? mutation.error.code : mutation.error ? 'generic' : null;
  if (mutation.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status" data-testid="subscription-confirmed">
        {t('emailSubscription.subscribed', { email: mutation.data.email })}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="confirm-subscription">
      <Text>{t('emailSubscription.confirmPrompt')}</Text>
      {code && (
        <Alert color="red" variant="light" role="alert">
          {t(`errors:${code}`)}
        </Alert>
      )}
      <Button size="md" onClick={() => mutation.mutate(token)} loading={mutation.isPending}>
        {t('emailSubscription.confirmButton')}
      </Button>
    </Stack>
  );
}

/**
 * /email-subscription: subscribe to SwapU news (double opt-in: a confirmation link is mailed) or
 * unsubscribe (at once for the signed-in owner of the address, otherwise by a mailed link). The
 * answer is the same whether or not an address is on the list. The unsubscribe link of a mail
 * lands here too, with ?unsubscribed=1 or ?unsubscribe=invalid, and a confirmation link with
 * ?confirm=….
 */
export default function EmailSubscriptionPage() {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [choice, setChoice] = useState<'subscribe' | 'unsubscribe'>(params.get('unsubscribe') !== null ? 'unsubscribe' : 'subscribe');
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: changeSubscription });
  const emailInvalid = submitted && !isValidEmail(email);
  const code = mutation.error instanceof ApiError ? mutation.error.code : mutation.error ? 'generic' : null;
  // The outcome of a mail's unsubscribe link, shown until the person uses the form.
  const linkOutcome = params.get('unsubscribed') === '1' ? 'done' : params.get('unsubscribe') === 'invalid' ? 'invalid' : null;
  const fromLink = mutation.isIdle ? linkOutcome : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!isValidEmail(email)) return emailRef.current?.focus();
    mutation.mutate({ email: email.trim(), subscribe: choice === 'subscribe' });
  };

  return (
    <FormCard title={t('emailSubscription.title')} subtitle={t('emailSubscription.subtitle')}>
      {params.get('confirm') && <ConfirmSubscription token={params.get('confirm')!} />}
      {fromLink === 'done' && (
        <Alert color="green" variant="light" role="status">
          {t('emailSubscription.unsubscribedByLink')}
        </Alert>
      )}
      {fromLink === 'invalid' && (
        <Alert color="red" variant="light" role="alert">
          {t('errors:unsubscribe_link_invalid')}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('emailSubscription.title')}>
        <Stack gap="md">
          <EmailInput ref={emailRef} value={email} onChange={setEmail} errorCode={emailInvalid && 'email_invalid'} />
          <Radio.Group
            label={t('emailSubscription.choice')}
            value={choice}
            onChange={(v) => setChoice(v === 'unsubscribe' ? 'unsubscribe' : 'subscribe')}
          >
            <Group mt="xs">
              <Radio value="subscribe" label={t('emailSubscription.subscribe')} />
              <Radio value="unsubscribe" label={t('emailSubscription.unsubscribe')} />
            </Group>
          </Radio.Group>
          {code && (
            <Alert color="red" variant="light" role="alert">
              {t(`errors:${code}`)}
            </Alert>
          )}
          {mutation.isSuccess && (
            <Alert color="green" variant="light" role="status" data-testid="subscription-outcome">
              {mutation.data.status === 'unsubscribed'
                ? t('emailSubscription.unsubscribed', { email: mutation.data.email })
                : mutation.data.status === 'subscribed'
                  ? t('emailSubscription.subscribed', { email: mutation.data.email })
                  : t(choice === 'subscribe' ? 'emailSubscription.checkInboxSubscribe' : 'emailSubscription.checkInboxUnsubscribe', {
                      email: mutation.data.email,
                    })}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {choice === 'subscribe' ? t('emailSubscription.subscribe') : t('emailSubscription.unsubscribe')}
          </Button>
          <Text fz="sm" c="dimmed">
            {t('emailSubscription.transactionalNote')}
          </Text>
        </Stack>
      </form>
    </FormCard>
  );
}
