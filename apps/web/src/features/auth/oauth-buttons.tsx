import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { type AuthProvider, fetchAuthProviders, oauthStartUrl } from '../../lib/auth-client';
import { newOAuthNonce } from './oauth-nonce';

// The last answer, so moving between sign-in and sign-up does not make the buttons blink.
let known: AuthProvider[] = [];

/**
 * "Continue with Google" / "Continue with Facebook", shown only for the providers the server has
 * configured. Continuing accepts the terms and the privacy policy, as the line below them says.
 */
export function OAuthButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const [providers, setProviders] = useState<AuthProvider[]>(known);
  useEffect(() => {
    let live = true;
    void fetchAuthProviders().then((p) => {
      known = p;
      if (live) setProviders(p);
    });
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  // The nonce is made at the click, so each sign-in has its own.
  const go = (provider: AuthProvider) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    window.location.assign(oauthStartUrl(provider, returnTo, newOAuthNonce()));
  };
  const legalLink = (href: string) => <Anchor href={href} target="_blank" rel="noopener" fz="xs" fw={600} />;
  return (
    <Stack gap="sm">
      <Divider label={t('guest.or')} labelPosition="center" />
      {providers.includes('google') && (
        <Button
          component="a"
          href={`/identity/v1/oauth/google/start`}
          onClick={go('google')}
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconBrandGoogle size={20} aria-hidden="true" />}
        >
          {t('oauth.google')}
        </Button>
      )}
      {providers.includes('facebook') && (
        <Button
          component="a"
          href={`/identity/v1/oauth/facebook/start`}
          onClick={go('facebook')}
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconBrandFacebook size={20} aria-hidden="true" />}
        >
          {t('oauth.facebook')}
        </Button>
      )}
      <Text fz="xs" c="dimmed" ta="center">
        <Trans
          t={t}
          i18nKey="oauth.acceptTerms"
          components={{ terms: legalLink('/terms-and-conditions'), privacy: legalLink('/privacy') }}
        />
      </Text>
    </Stack>
  );
}
