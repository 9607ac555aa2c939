import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card a one-form page sits in (sign in, reset a password, newsletter): one h1, a line of context, then the form. */
export function FormCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Paper radius="lg" withBorder shadow="sm" p={{ base: 'lg', xs: 32 }} bg="white">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, xs: 30 }} lh={1.2} style={{ letterSpacing: '-0.3px' }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A field's validation message: announced when it appears (PRODUCT.md: errors use role="alert"; the theme gives every field error that role). */
export const fieldError = (message: string | null) => message ?? undefined;
