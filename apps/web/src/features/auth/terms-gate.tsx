import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/use-session';
import { acceptTerms, useMe } from './use-me';
import { useLogout } from './use-logout';
import { endpoints } from '@swapu/shared/endpoints';
import { keyOf } from '../../lib/query-keys';

/**
 * An account made through the Firebase contract (an existing Firebase client signing up) has not
 * accepted the terms yet: before anything else, this asks for them. The server refuses the
 * account's writes until then (terms_pending), so this is the friendly face of that rule. It
 * cannot be dismissed: accept, or log out.
 */
export function TermsGate() {
  const { t } = useTranslation(['auth', 'errors']);
  const { userId } = useSession();
  const me = useMe();
  const qc = useQueryClient();
  const logout = useLogout();
  const accept = useMutation({
    mutationFn: acceptTerms,
    onSuccess: (updated) => qc.setQueryData(keyOf(endpoints.me, { viewer: userId }), updated),
  });
  if (me.data?.termsAccepted !== false) return null;
  const link = (href: string) => <Anchor href={href} target="_blank" rel="noopener" fw={600} />;
  const code = accept.error instanceof ApiError ? accept.error.code : accept.error ? 'generic' : null;
  return (
    <Dialog
      opened
      onClose={() => undefined}
      fixed
      withCloseButton={false}

      closeOnEscape={false}
      centered
      title={t('terms.title')}
      data-testid="terms-gate"
    >
      <Stack gap="md">
        <Text fz="sm">
          <Trans t={t} i18nKey="terms.body" components={{ terms: link('/terms-and-conditions'), privacy: link('/privacy') }} />
        </Text>
        {code && (
          <Text c="red" fz="sm" role="alert">
            {t(`errors:${code}`)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={logout}>
            {t('terms.logout')}
          </Button>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {t('terms.accept')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
