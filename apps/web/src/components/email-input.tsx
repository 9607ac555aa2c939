import { TextInput } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/** The email field every form uses: the right keyboard, autofill and validation display. */
export function EmailInput(props: {
  ref?: Ref<HTMLInputElement>;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}) {
  return (
    <TextInput
      ref={props.ref}
      label={props.label}
      placeholder={props.placeholder}
      type="email"
      autoComplete="email"
      inputMode="email"
      size="md"
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
    />
  );
}
