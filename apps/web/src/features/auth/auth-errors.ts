import { AuthError, NETWORK_ERROR } from '../../lib/auth-client';

/**
 * The i18n key of the message for a failed sign-in or sign-up: the identity service's CODE
 * translated to the catalogue (spec section 8), 'Failed to authenticate. Check your login data.'
 * otherwise. An unknown email and a wrong password read the same, so the form does not reveal
 * who has an account.
 */
export function authErrorKey(err: unknown): string {
  if (!(err instanceof AuthError)) return 'errors:auth_failed';
  switch (err.code) {
    case 'INVALID_EMAIL':
      return 'errors:email_invalid';
    case 'WEAK_PASSWORD':
    case 'MISSING_PASSWORD':
      return 'errors:password_too_short';
    case 'TERMS_NOT_ACCEPTED':
      return 'errors:terms_required';
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
    case NETWORK_ERROR:
      return 'errors:auth_try_later';
    case 'EMAIL_EXISTS':
      return 'auth:errors.emailExists';
    case 'USER_DISABLED':
      return 'auth:errors.userDisabled';
    case 'MFA_REQUIRED':
      return 'auth:mfa.hint';
    case 'INVALID_MFA_CODE':
      return 'errors:two_factor_code_invalid';
  }
  if (err.status === 429 || err.status >= 500) return 'errors:auth_try_later';
  return 'errors:auth_failed';
}
