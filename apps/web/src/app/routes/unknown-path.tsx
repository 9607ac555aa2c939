import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import { fetchBlogPostByUrlTitle } from '../../features/blog/use-blog';

/**
 * Unknown paths (spec section 2): look for a blog post whose urlTitle equals the path without
 * slashes; redirect to it when found, otherwise to the home page.
 */
export default function UnknownPathPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    let cancelled = false;
    const urlTitle = decodeURIComponent(pathname).replace(/\//g, '');
    const go = (to: string) => !cancelled && navigate(to, { replace: true });
    if (!urlTitle) {
      go('/');
      return;
    }
    fetchBlogPostByUrlTitle(urlTitle).then(
      (post) => go(`/swapu-blog/post/${post.id}`),
      () => go('/'),
    );
    return () => {
      cancelled = true;
    };
  }, [pathname, navigate]);
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">{t('states.redirecting')}</Text>
      </Stack>
    </Center>
  );
}
