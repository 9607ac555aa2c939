import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@swapu/shared/constants';
import { type FormEvent, useRef, useState } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormCard, fieldError } from '../../components/form-card';
import { GuestLogin } from './guest-login';
import { OAuthButtons } from './oauth-buttons';
import { ServerError } from './server-error';
import { TrustStrip } from './trust-strip';
import { useCameFrom, useCarryOn, useReturnTo } from './use-return-to';
import { signUp } from './sign-up';
import { useSubmit } from './use-submit';
import { validateEmail, validatePassword } from './validation';
import { EmailInput } from '../../components/email-input';
import { PasswordField } from '../../components/password-field';

/** /auth/signup: email, password and one box accepting the terms and the privacy policy; then onboarding. */
export function SignUpForm() {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const { state } = useLocation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const cameFrom = useCameFrom();
  const carryOn = useCarryOn();
  const submit = useSubmit(signUp);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const emailError = submitted ? validateEmail(email) : null;
  const passwordError = submitted ? validatePassword(password) : null;
  const termsError = submitted && !accepted;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (validateEmail(email)) return emailRef.current?.focus();
    if (validatePassword(password)) return passwordRef.current?.focus();
    if (!accepted) return termsRef.current?.focus();
    void submit.run({ email, password, language: i18n.language }).then((res) => {
      // Onboarding first; then on to what the person was about to do, if anything (its state).
      if (res?.ok) void navigate('/onboarding', { replace: true, state: carryOn ? { next: carryOn } : null });
    });
  };

  // The legal pages open in a new tab, so the form keeps what was typed.
  const legalLink = (href: string) => <Anchor href={href} target="_blank" rel="noopener" fw={600} />;

  return (
    <Stack gap="md">
      <FormCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
        <form onSubmit={onSubmit} noValidate aria-label={t('signUp.submit')}>
          <Stack gap="md">
            <EmailInput ref={emailRef} value={email} onChange={setEmail} errorCode={emailError} />
            <PasswordField
              ref={passwordRef}
              label={t('fields.password')}
              description={t('signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={passwordError && t(`errors:${passwordError}`)}
            />
            <Checkbox
              ref={termsRef}
              checked={accepted}
              onChange={(e) => setAccepted(e.currentTarget.checked)}
              label={
                <Trans
                  t={t}
                  i18nKey="signUp.acceptTerms"
                  components={{ terms: legalLink('/terms-and-conditions'), privacy: legalLink('/privacy') }}
                />
              }
              error={fieldError(termsError ? t('errors:terms_required') : null)}
            />
            <ServerError error={submit.error} />
            <Button type="submit" size="md" fullWidth loading={submit.pending}>
              {t('signUp.submit')}
            </Button>
          </Stack>
        </form>
        <OAuthButtons returnTo={returnTo} />
        <GuestLogin returnTo={cameFrom} />
      </FormCard>
      <Text ta="center" fz="sm">
        {t('signUp.haveAccount')}{' '}
        <Anchor component={Link} to="/auth" state={state} fw={700}>
          {t('signUp.logIn')}
        </Anchor>
      </Text>
      <TrustStrip />
    </Stack>
  );
}
