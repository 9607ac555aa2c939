import { Container, Skeleton, Stack } from '@mantine/core';

/** Shown while a page's code or text is loading. */
export function PageSkeleton() {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Stack>
        <Skeleton height={32} width="40%" radius="md" />
        <Skeleton height={16} width="70%" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    </Container>
  );
}
