import { Checkbox, MantineProvider, NumberInput, PasswordInput, Select, Textarea, TextInput } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from './theme';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(cleanup);

/**
 * A field's error is read out when it appears (role="alert") and stays tied to its field
 * (aria-describedby), in every form: the theme gives every Mantine input's error that role.
 */
describe('form errors', () => {
  it.each([
    ['a text field', (error: string) => <TextInput label="Code" error={error} />],
    ['a number field', (error: string) => <NumberInput label="Code" error={error} />],
    ['a password field', (error: string) => <PasswordInput label="Code" error={error} />],
    ['a text area', (error: string) => <Textarea label="Code" error={error} />],
    ['a select', (error: string) => <Select label="Code" data={['a']} error={error} />],
  ])('are announced and described by %s', (name, field) => {
    render(<MantineProvider theme={theme}>{field('Enter a code')}</MantineProvider>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Enter a code');
    const input = screen.getByLabelText('Code', { selector: 'input, textarea' });
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    // Mantine's PasswordInput marks its wrapper (data-invalid), not the input.
    if (name !== 'a password field') expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('are announced for a checkbox too', () => {
    render(
      <MantineProvider theme={theme}>
        <Checkbox label="I accept" error="Please accept the terms" />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms');
  });

  it('a field without an error has no alert', () => {
    render(
      <MantineProvider theme={theme}>
        <TextInput label="Code" />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
