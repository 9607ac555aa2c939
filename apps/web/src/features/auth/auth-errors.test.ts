import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
import { AuthError, NETWORK_ERROR } from '../../lib/auth-client';
import { authErrorKey } from './auth-errors';
import en from '../../i18n/en-US/auth.json';

const fail = (code: string, status = 400) => new AuthError(code, status);

describe('identity error codes in the catalogue’s words', () => {
  it.each([
    ['INVALID_EMAIL', 'errors:email_invalid'],
    ['WEAK_PASSWORD', 'errors:password_too_short'],
    ['MISSING_PASSWORD', 'errors:password_too_short'],
    ['TERMS_NOT_ACCEPTED', 'errors:terms_required'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'errors:auth_try_later'],
    ['EMAIL_EXISTS', 'auth:errors.emailExists'],
    ['USER_DISABLED', 'auth:errors.userDisabled'],
    ['INVALID_MFA_CODE', 'errors:two_factor_code_invalid'],
  ])('%s → %s', (code, key) => {
    expect(authErrorKey(fail(code))).toBe(key);
  });

  it('does not tell an unknown email from a wrong password', () => {
    expect(authErrorKey(fail('EMAIL_NOT_FOUND'))).toBe('errors:auth_failed');
    expect(authErrorKey(fail('INVALID_PASSWORD'))).toBe('errors:auth_failed');
  });

  it('falls back to "Failed to authenticate. Check your login data." for anything else', () => {
    expect(authErrorKey(fail('SOMETHING_NEW'))).toBe('errors:auth_failed');
    expect(authErrorKey(new Error('boom'))).toBe('errors:auth_failed');
    expect(ERROR_CATALOGUE.auth_failed.en).toBe('Failed to authenticate. Check your login data.');
  });

  it('asks to try later when throttled, offline or the server failed', () => {
    expect(authErrorKey(fail('UNKNOWN', 429))).toBe('errors:auth_try_later');
    expect(authErrorKey(fail('UNKNOWN', 503))).toBe('errors:auth_try_later');
    expect(authErrorKey(fail(NETWORK_ERROR, 0))).toBe('errors:auth_try_later');
    expect(ERROR_CATALOGUE.auth_try_later.en).toBe('Failed to authenticate, try later.');
  });

  it('points only at texts that exist', () => {
    for (const code of [
      'INVALID_EMAIL',
      'WEAK_PASSWORD',
      'TERMS_NOT_ACCEPTED',
      'TOO_MANY_ATTEMPTS_TRY_LATER',
      'EMAIL_EXISTS',
      'USER_DISABLED',
      'MFA_REQUIRED',
      'INVALID_MFA_CODE',
      'X',
    ]) {
      const [ns, path] = authErrorKey(fail(code)).split(':') as [string, string];
      if (ns === 'errors') expect(ERROR_CATALOGUE).toHaveProperty(path);
      else expect(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en)).toEqual(expect.any(String));
    }
  });
});
