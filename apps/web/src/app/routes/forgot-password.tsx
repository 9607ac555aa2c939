import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { isValidEmail } from '@swapu/shared/input-rules';
import { ApiError } from '../../lib/api';
import { ResetPasswordForm } from '../../features/account/reset-password-form';
import { EmailInput } from '../../components/email-input';
import { requestReset } from '../../features/account/password-reset-api';
import { FormCard } from '../../components/form-card';

/** Asks for a reset link. The answer never says whether the address has an account. */
function RequestResetForm() {
  const { t } = useTranslation(['account', 'errors']);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: requestReset });
  const emailInvalid = submitted && !isValidEmail(email);
  const code = mutation.error instanceof ApiError ? mutation.error.code : mutation.error ? 'generic' : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!isValidEmail(email)) return emailRef.current?.focus();
    mutation.mutate(email.trim());
  };

  const backToLogin = (
    <Anchor component={Link} to="/auth" fz="sm" fw={600}>
      {t('forgotPassword.backToLogin')}
    </Anchor>
  );

  if (mutation.isSuccess) {
    return (
      <FormCard title={t('forgotPassword.sentTitle')}>
        <Alert color="green" variant="light" role="status">
          {t('forgotPassword.sent', { email: mutation.variables })}
        </Alert>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            fz="sm"
            fw={600}
            onClick={() => {
              mutation.reset();
              setSubmitted(false);
            }}
          >
            {t('forgotPassword.otherEmail')}
          </Anchor>
          {backToLogin}
        </Group>
      </FormCard>
    );
  }

  return (
    <FormCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('forgotPassword.title')}>
        <Stack gap="md">
          <EmailInput ref={emailRef} value={email} onChange={setEmail} errorCode={emailInvalid && 'email_invalid'} />
          {code && (
            <Alert color="red" variant="light" role="alert">
              {t(`errors:${code}`)}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {t('forgotPassword.submit')}
          </Button>
          <Group justify="center">{backToLogin}</Group>
        </Stack>
      </form>
    </FormCard>
  );
}

/** /forgot-password: ask for a reset link; with ?token= (the mailed link), choose the new password. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPasswordForm token={token} /> : <RequestResetForm />;
}
