import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAskToSignIn, useSignedIn } from '../lib/use-sign-in';

/** Where a chat window opens: a tall, narrow window of its own, beside the page it came from. */
const WINDOW_FEATURES = 'popup,width=480,height=760';

/** A phone, or a screen too narrow for a second window: the room opens in the same tab. */
const opensInPlace = () => typeof window.matchMedia !== 'function' || window.matchMedia('(max-width: 47.99em), (pointer: coarse)').matches;

/**
 * Opens a chat room (the spec's /discuss/{roomId}/{param}) in a new window on a computer, and in the
 * same tab on a phone (section 2: "a chat room opens in a new window"). One window per room: a
 * second click brings the same window back. If the browser blocks the window, the room opens here.
 * Modified clicks (a new tab, a new window) keep the browser's own behaviour. A guest is asked to
 * log in or sign up first, and then goes on to the room.
 */
export function ChatRoomButton({ to, children, ...props }: { to: string; children: ReactNode } & ButtonProps) {
  const signedIn = useSignedIn();
  const ask = useAskToSignIn();
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!signedIn) {
      e.preventDefault();
      return ask(to);
    }
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || opensInPlace()) return;
    const win = window.open(to, `swapu-chat-${to}`, WINDOW_FEATURES);
    if (!win) return;
    e.preventDefault();
    win.focus();
  };
  return (
    <Button component={Link} to={to} onClick={open} leftSection={<IconMessageCircle size={18} />} data-testid="chat-room-button" {...props}>
      {children}
    </Button>
  );
}
