import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { SignInForm } from '../../features/auth/sign-in-form';
import { SignUpForm } from '../../features/auth/sign-up-form';
import { useReturnTo } from '../../features/auth/use-return-to';
import { getSession } from '../../lib/session';
import type { SignInState } from '../../lib/use-sign-in';

/** The outcome of an email-confirmation link, which lands here. */
function EmailVerifiedNotice() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const outcome = params.get('emailVerified');
  if (outcome === null) return null;
  return outcome === '1' ? (
    <Alert color="swapu" role="status">
      {t('emailVerification.done')}
    </Alert>
  ) : (
    <Alert color="red" role="alert">
      {t('emailVerification.failed')}
    </Alert>
  );
}

/**
 * Why the app sent the person here (lib/use-sign-in.ts): what they pressed needs an account. It
 * stays while they move between signing in and signing up.
 */
function AskedNotice() {
  const { t } = useTranslation('errors');
  const asked = (useLocation().state as Partial<SignInState> | null)?.asked === true;
  if (!asked) return null;
  return (
    <Alert color="yellow" role="status" data-testid="login-required">
      {t('login_required')}
    </Alert>
  );
}

/** /auth (sign in) and /auth/signup (sign up), outside the main layout. */
export default function AuthPage() {
  const { signup } = useParams();
  const returnTo = useReturnTo();
  // Someone already signed in has nothing to do here. Judged on arrival only, so that signing in
  // on this page does not race the form's own redirect.
  const [signedInOnArrival] = useState(() => getSession().token !== null);
  const [params] = useSearchParams();
  if (signedInOnArrival && params.get('emailVerified') === null) return <Navigate to={returnTo} replace />;
  if (signup !== undefined && signup !== 'signup') return <Navigate to="/auth" replace />;
  return (
    <Stack gap="md">
      <EmailVerifiedNotice />
      <AskedNotice />
      {signup ? <SignUpForm /> : <SignInForm />}
    </Stack>
  );
}
