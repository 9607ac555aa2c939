import { Alert, Box, Button, Card, Container, Group, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop, IconDeviceMobile, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { endpoints } from '@swapu/shared/endpoints';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { call } from '../../lib/api';
import { usePageMeta } from '../../lib/use-page-meta';
import { GUEST_ID } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { useBanned } from '../../features/auth/use-me';
import { keyOf } from '../../lib/query-keys';

/** The two widths buyers use: a phone (Pixel 7 / iPhone class) and a laptop. */
const FRAMES = {
  phone: { width: 390, height: 844, scale: 0.75 },
  desktop: { width: 1280, height: 800, scale: 0.5 },
} as const;
type Frame = keyof typeof FRAMES;

/** One width of the listing page, drawn at full size in a frame and scaled to fit beside the other. */
function PreviewFrame({ postId, frame, narrow = false }: { postId: string; frame: Frame; narrow?: boolean }) {
  const { t } = useTranslation('pages');
  const { width, height } = FRAMES[frame];
  // On a phone the frame fits the screen (about 340 px wide).
  const scale = narrow ? 340 / width : FRAMES[frame].scale;
  return (
    <Stack gap={6} align="center">
      <Group gap={6} c="dimmed">
        {frame === 'phone' ? <IconDeviceMobile size={16} aria-hidden /> : <IconDeviceDesktop size={16} aria-hidden />}
        <Text fz="sm">{t(`testNewProductPage.${frame}`, { width })}</Text>
      </Group>
      <Box
        w={width * scale}
        h={height * scale}
        style={{ overflow: 'hidden', borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
      >
        <iframe
          title={t(`testNewProductPage.${frame}`, { width })}
          src={`${paths.viewPost(postId)}?preview=1`}
          width={width}
          height={height}
          loading="lazy"
          data-testid={`preview-${frame}`}
          style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </Box>
    </Stack>
  );
}

/**
 * /testNewProductPage (issue 21): the listing page as buyers will see it, rendered from the
 * member's latest draft (or, for a guest or a member without a draft, a sample: the newest item
 * on SwapU), at phone and desktop width side by side — each a real page in a frame, so its layout
 * is the one that width gets. On a phone one width shows at a time.
 */
export default function TestNewProductPage() {
  const { t } = useTranslation('pages');
  usePageMeta({ title: `${t('testNewProductPage.title')} | SwapU`, description: t('testNewProductPage.description') });
  const session = useSession();
  const signedIn = session.userId !== GUEST_ID;
  const banned = useBanned();
  const sideBySide = useMediaQuery('(min-width: 62em)', true);
  const [frame, setFrame] = useState<Frame>('phone');
  const drafts = useQuery({
    queryKey: keyOf(endpoints.myPosts, { query: { state: 'draft' }, variant: 'items' }),
    queryFn: () => call(endpoints.myPosts, { query: { state: 'draft' } }).then((r) => r.items),
    enabled: signedIn,
  });
  const draft = drafts.data?.slice().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  const needSample = !signedIn || (drafts.isSuccess && !draft);
  const sample = useQuery({
    queryKey: keyOf(endpoints.feed, { query: { limit: '1' }, variant: 'first' }),
    queryFn: () => call(endpoints.feed, { query: { limit: '1' } }).then((r) => r.items[0] ?? null),
    enabled: needSample,
  });
  const postId = draft?.id ?? (needSample ? sample.data?.id : undefined);
  const failed = drafts.isError || sample.isError;
  const loading = !failed && !postId && (drafts.isPending || sample.isPending) && !(sample.isSuccess && !sample.data);

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="swapu">
            <IconEye size={22} />
          </ThemeIcon>
          <Title order={1}>{t('testNewProductPage.title')}</Title>
        </Group>
        <Text c="dimmed">{t('testNewProductPage.intro')}</Text>
        {draft ? (
          <Alert color="swapu" variant="light" data-testid="preview-source">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">{t('testNewProductPage.fromDraft', { title: draft.title || t('testNewProductPage.untitled') })}</Text>
              <Button component={Link} to={paths.editPost(draft.id)} size="compact-sm" variant="light">
                {t('testNewProductPage.keepEditing')}
              </Button>
            </Group>
          </Alert>
        ) : (
          postId && (
            <Alert color="gray" variant="light" data-testid="preview-source">
              <Group justify="space-between" gap="sm">
                <Text fz="sm">{t(signedIn ? 'testNewProductPage.sampleNoDraft' : 'testNewProductPage.sampleGuest')}</Text>
                {!banned && (
                  <Button component={Link} to={paths.create} size="compact-sm" variant="light">
                    {t('testNewProductPage.start')}
                  </Button>
                )}
              </Group>
            </Alert>
          )
        )}
        {failed && <LoadError onRetry={() => void (drafts.isError ? drafts.refetch() : sample.refetch())} />}
        {loading && <Skeleton h={420} radius="md" data-testid="preview-loading" />}
        {!failed && !loading && !postId && (
          <Card padding="xl" ta="center">
            <Text c="dimmed">{t('testNewProductPage.nothing')}</Text>
          </Card>
        )}
        {postId &&
          (sideBySide ? (
            <Group justify="center" align="flex-start" gap="xl" wrap="nowrap">
              <PreviewFrame postId={postId} frame="phone" />
              <PreviewFrame postId={postId} frame="desktop" />
            </Group>
          ) : (
            <Stack align="center" gap="sm">
              <SegmentedControl
                value={frame}
                onChange={(v) => setFrame(v as Frame)}
                data={[
                  { value: 'phone', label: t('testNewProductPage.phoneTab') },
                  { value: 'desktop', label: t('testNewProductPage.desktopTab') },
                ]}
              />
              <PreviewFrame postId={postId} frame={frame} narrow />
            </Stack>
          ))}
      </Stack>
    </Container>
  );
}
