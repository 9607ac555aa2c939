import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import type { LaunchCheck } from '@swapu/shared/launch-checks';
import { useTranslation } from '../../i18n/react';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { keyOf } from '../../lib/query-keys';

export const launchChecksKey = keyOf(adminEndpoints.adminLaunchChecks);

/** Admins: what the deployment gets wrong for a live marketplace (test mode, an untrusted proxy). */
export const useLaunchChecks = () =>
  useQuery({
    queryKey: launchChecksKey,
    queryFn: ({ signal }) => call(adminEndpoints.adminLaunchChecks, { signal }),
    staleTime: 60_000,
  });

function CheckAlert({ check }: { check: LaunchCheck }) {
  const { t, i18n } = useTranslation('admin');
  const title = t(`launchChecks.${check.code}.title`);
  const body =
    check.code === 'untrusted_proxy'
      ? t('launchChecks.untrusted_proxy.body', { peer: check.peer, seenAt: formatDateTime(check.seenAt, i18n.language) })
      : t(`launchChecks.${check.code}.body`);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={title} data-testid={`launch-check-${check.code}`}>
      {body}
    </Alert>
  );
}

/**
 * The console's warnings about this deployment, at the top of its home and dashboard. Nothing at
 * all when there is none, or while they load (they never hold up the page).
 */
export function LaunchChecks() {
  const checks = useLaunchChecks();
  const items = checks.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="launch-checks">
      {items.map((check) => (
        <CheckAlert key={check.code} check={check} />
      ))}
    </Stack>
  );
}
