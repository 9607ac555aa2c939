import { ActionIcon, Box, Card, Center, Container, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './chat.module.css';

/**
 * Two panes on tablets and desktops (list left, conversation right); on phones one screen at a
 * time: the list, or (when `paneOpen`) the conversation with its own back button. CSS only, so
 * nothing mounts twice.
 */
export function ChatShell({ list, pane, paneOpen }: { list: ReactNode; pane: ReactNode; paneOpen: boolean }) {
  return (
    <Container size="xl" px={{ base: 0, sm: 'md' }} py={{ base: 0, sm: 'md' }}>
      <Card p={0} className={classes.shell}>
        <Group wrap="nowrap" gap={0} h="100%" align="stretch">
          <Box
            className={classes.list}
            w={{ base: '100%', sm: 300, lg: 340 }}
            visibleFrom={paneOpen ? 'sm' : undefined}
            style={{ flexShrink: 0 }}
          >
            {list}
          </Box>
          <Box visibleFrom={paneOpen ? undefined : 'sm'} style={{ flex: 1, minWidth: 0, background: 'var(--swapu-bg)' }}>
            {pane}
          </Box>
        </Group>
      </Card>
    </Container>
  );
}

/** The right pane when nothing is open (desktop). */
export function EmptyPane({ title, hint }: { title: string; hint?: string }) {
  return (
    <Center h="100%" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMessages size={32} aria-hidden="true" />
        </ThemeIcon>
        <Text fw={700}>{title}</Text>
        {hint && (
          <Text fz="sm" c="dimmed" maw={320}>
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/**
 * The bar on top of a conversation: a back button (phones only: desktops show the list beside
 * it) going to `back.to`, or running `back.onClick`, then whatever the conversation shows.
 */
export function PaneHeader({ back, children }: { back: { label: string; to?: string; onClick?: () => void }; children: ReactNode }) {
  const button = { variant: 'subtle', color: 'gray', size: 36, radius: 'xl', 'aria-label': back.label, hiddenFrom: 'sm' } as const;
  return (
    <Group p="sm" gap="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
      {back.to ? (
        <ActionIcon component={Link} to={back.to} {...button}>
          <IconArrowLeft size={20} />
        </ActionIcon>
      ) : (
        <ActionIcon onClick={back.onClick} {...button}>
          <IconArrowLeft size={20} />
        </ActionIcon>
      )}
      {children}
    </Group>
  );
}
