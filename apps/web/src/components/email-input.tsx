import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../i18n/react';
import type { ErrorCode } from '@swapu/shared/errors';

/**
 * The email field every form uses: its label and example, the right keyboard, autofill, and the
 * catalogue's message for `errorCode`, announced when it appears.
 */
export function EmailInput(props: {
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  errorCode?: ErrorCode | null | false;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <TextInput
      ref={props.ref}
      label={t('auth:fields.email')}
      placeholder={t('auth:fields.emailPlaceholder')}
      type="email"
      autoComplete="email"
      inputMode="email"
      size="md"
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.errorCode ? t(`errors:${props.errorCode}`) : undefined}
    />
  );
}
