import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '@swapu/shared/constants';
import type { ErrorCode } from '@swapu/shared/errors';

/** Spec section 5: 'Please type in a valid email address.' */
export const validateEmail = (email: string): ErrorCode | null => (EMAIL_PATTERN.test(email.trim()) ? null : 'email_invalid');

/** Spec sections 5 and 9: at least 6 characters. */
export const validatePassword = (password: string): ErrorCode | null =>
  password.length >= PASSWORD_MIN_LENGTH ? null : 'password_too_short';
