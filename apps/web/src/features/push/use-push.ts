import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PushKind, PushPreferences } from '@swapu/shared/push';
import { pushEndpoints } from '@swapu/shared/push-endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';
import { useSession } from '../../lib/use-session';
import { deviceSubscription, disableDevicePush, enableDevicePush, pushSupported } from './device-push';

/** The kinds, in the order the settings list them. */
export const PUSH_KIND_ORDER = ['messages', 'offers', 'matches', 'chains'] as const satisfies readonly PushKind[];

const prefsKey = (viewer: string) => keyOf(pushEndpoints.pushPreferences, { viewer });

/** The member's switches (all their devices) and how many devices get pushes. */
export function usePushPreferences() {
  const { userId } = useSession();
  return useQuery({ queryKey: prefsKey(userId), queryFn: () => call(pushEndpoints.pushPreferences) });
}

/** Switches one kind on or off; the switches shown are the server's answer. */
export function useSetPushKind() {
  const qc = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: PushKind; on: boolean }) => call(pushEndpoints.updatePushPreferences, { body: { [kind]: on } }),
    onSuccess: (prefs) => qc.setQueryData(prefsKey(userId), prefs),
  });
}

/** What this browser says: can it receive pushes, has the person allowed them, is it subscribed. */
export interface DeviceState {
  supported: boolean;
  permission: NotificationPermission;
  subscribed: boolean;
}

/**
 * Whether this device is subscribed: asked of the browser after the page is on screen (a page the
 * server rendered cannot know), and again after each change.
 */
export function useDevicePush() {
  const qc = useQueryClient();
  const { userId } = useSession();
  const [state, setState] = useState<DeviceState | undefined>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    const supported = pushSupported();
    void deviceSubscription()
      .catch(() => null)
      .then((sub) => live && setState({ supported, permission: supported ? Notification.permission : 'default', subscribed: !!sub }));
    return () => {
      live = false;
    };
  }, [userId, version]);
  const toggle = useMutation({
    mutationFn: async (on: boolean) => (on ? enableDevicePush() : disableDevicePush().then(() => undefined)),
    onSuccess: (prefs?: PushPreferences) => {
      if (prefs) qc.setQueryData(prefsKey(userId), prefs);
      else void qc.invalidateQueries({ queryKey: prefsKey(userId) });
    },
    onSettled: () => setVersion((v) => v + 1),
  });
  return { state, toggle };
}
