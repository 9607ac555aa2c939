import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthError } from '../../lib/auth-client';
import { FormCard, fieldError } from '../../components/form-card';
import { GuestLogin } from './guest-login';
import { OAuthButtons } from './oauth-buttons';
import { ServerError } from './server-error';
import { TrustStrip } from './trust-strip';
import { useCameFrom, useReturnTo } from './use-return-to';
import { signIn } from './sign-in';
import { useSubmit } from './use-submit';
import { validateEmail, validatePassword } from './validation';
import { EmailInput } from '../../components/email-input';
import { PasswordField } from '../../components/password-field';

/** /auth: email and password, "Stay logged in", then back to where the person came from. */
export function SignInForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const { state } = useLocation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const cameFrom = useCameFrom();
  // Google or Facebook sign-in that did not work out comes back here with ?error=.
  const [searchParams] = useSearchParams();
  const oauthFailed = searchParams.has('error');
  const submit = useSubmit(signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  // Two-factor accounts: the server answers MFA_REQUIRED, then we ask for the code.
  const [askCode, setAskCode] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // Fields are judged once the person first submits, then live as they correct them.
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailError = submitted ? validateEmail(email) : null;
  const passwordError = submitted ? validatePassword(password) : null;
  const mfaRequired = submit.error instanceof AuthError && submit.error.code === 'MFA_REQUIRED';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (validateEmail(email)) return emailRef.current?.focus();
    if (validatePassword(password)) return passwordRef.current?.focus();
    if (askCode && !totpCode.trim()) {
      setCodeMissing(true);
      return codeRef.current?.focus();
    }
    void submit.run({ email, password, stayLoggedIn, totpCode: askCode ? totpCode.trim() : undefined }).then((res) => {
      if (res?.ok) void navigate(returnTo, { replace: true });
      else if (res && res.error instanceof AuthError && res.error.code === 'MFA_REQUIRED') {
        setAskCode(true);
        setTimeout(() => codeRef.current?.focus());
      }
    });
  };

  return (
    <Stack gap="md">
      <FormCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
        <form onSubmit={onSubmit} noValidate aria-label={t('signIn.submit')}>
          <Stack gap="md">
            <EmailInput ref={emailRef} value={email} onChange={setEmail} errorCode={emailError} />
            <PasswordField
              ref={passwordRef}
              label={t('fields.password')}
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={passwordError && t(`errors:${passwordError}`)}
            />
            {askCode && (
              <TextInput
                ref={codeRef}
                label={t('mfa.label')}
                description={t('mfa.hint')}
                autoComplete="one-time-code"
                size="md"
                value={totpCode}
                onChange={(e) => {
                  setTotpCode(e.currentTarget.value);
                  setCodeMissing(false);
                }}
                error={fieldError(codeMissing ? t('errors:two_factor_code_invalid') : null)}
              />
            )}
            <Group justify="space-between" gap="xs">
              <Checkbox
                label={t('signIn.stayLoggedIn')}
                checked={stayLoggedIn}
                onChange={(e) => setStayLoggedIn(e.currentTarget.checked)}
              />
              <Anchor component={Link} to="/forgot-password" fz="sm" fw={600}>
                {t('signIn.forgotPassword')}
              </Anchor>
            </Group>
            {oauthFailed && !submit.error && !submit.pending && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
                {t('errors:auth_failed')}
              </Alert>
            )}
            <ServerError error={mfaRequired ? null : submit.error} />
            <Button type="submit" size="md" fullWidth loading={submit.pending}>
              {t('signIn.submit')}
            </Button>
          </Stack>
        </form>
        <OAuthButtons returnTo={returnTo} />
        <GuestLogin returnTo={cameFrom} />
      </FormCard>
      <Text ta="center" fz="sm">
        {t('signIn.noAccount')}{' '}
        <Anchor component={Link} to="/auth/signup" state={state} fw={700}>
          {t('signIn.createAccount')}
        </Anchor>
      </Text>
      <TrustStrip />
    </Stack>
  );
}
