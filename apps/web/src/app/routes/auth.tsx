import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { SignInForm } from '../../features/auth/sign-in-form';
import { SignUpForm } from '../../features/auth/sign-up-form';
import { useReturnTo } from '../../features/auth/use-return-to';
import { getSession } from '../../lib/session';

/** /auth (sign in) and /auth/signup (sign up), outside the main layout. */
export default function AuthPage() {
  const { signup } = useParams();
  const returnTo = useReturnTo();
  // Someone already signed in has nothing to do here. Judged on arrival only, so that signing in
  // on this page does not race the form's own redirect.
  const [signedInOnArrival] = useState(() => getSession().token !== null);
  if (signedInOnArrival) return <Navigate to={returnTo} replace />;
  if (signup !== undefined && signup !== 'signup') return <Navigate to="/auth" replace />;
  return signup ? <SignUpForm /> : <SignInForm />;
}
