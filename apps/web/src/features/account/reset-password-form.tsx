import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@swapu/shared/constants';
import { isPasswordLongEnough } from '@swapu/shared/input-rules';
import { ApiError } from '../../lib/api';
import { confirmReset } from './password-reset-api';
import { FormCard } from '../../components/form-card';
import { PasswordField } from '../../components/password-field';

/** The second step of /forgot-password: a new password for the token of the mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['account', 'errors']);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: confirmReset });

  const tooShort = submitted && !isPasswordLongEnough(password);
  const mismatch = submitted && !tooShort && password !== confirm;
  const code = mutation.error instanceof ApiError ? mutation.error.code : mutation.error ? 'generic' : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!isPasswordLongEnough(password)) return passwordRef.current?.focus();
    if (password !== confirm) return confirmRef.current?.focus();
    mutation.mutate({ token, password });
  };

  if (mutation.isSuccess) {
    return (
      <FormCard title={t('resetPassword.doneTitle')}>
        <Alert color="green" variant="light" role="status">
          {t('resetPassword.done')}
        </Alert>
        <Button component={Link} to="/auth" size="md">
          {t('resetPassword.logIn')}
        </Button>
      </FormCard>
    );
  }

  return (
    <FormCard title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle', { min: PASSWORD_MIN_LENGTH })}>
      <form onSubmit={onSubmit} noValidate aria-label={t('resetPassword.title')}>
        <Stack gap="md">
          <PasswordField
            ref={passwordRef}
            label={t('resetPassword.password')}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={tooShort && t('errors:password_too_short')}
          />
          <PasswordField
            ref={confirmRef}
            label={t('resetPassword.confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={mismatch && t('resetPassword.mismatch')}
          />
          {code && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap={6}>
                <span>{t(`errors:${code}`)}</span>
                {code === 'reset_link_invalid' && (
                  <Anchor component={Link} to="/forgot-password" fw={600}>
                    {t('resetPassword.requestNew')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}

/** The new-password form as its own route (?token=…); without a token, the request form instead. */
