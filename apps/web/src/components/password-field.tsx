import { PasswordInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../i18n/react';
import { fieldError } from './form-card';

/** The password field every form uses: the show/hide toggle named for screen readers, its message announced. */
export function PasswordField(props: {
  ref?: Ref<HTMLInputElement>;
  label: string;
  description?: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** The message to show under the field, already in the page's words; none when empty. */
  error?: string | null | false;
}) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      ref={props.ref}
      label={props.label}
      description={props.description}
      autoComplete={props.autoComplete}
      size="md"
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={fieldError(props.error || null)}
      visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.showPassword') }}
    />
  );
}
