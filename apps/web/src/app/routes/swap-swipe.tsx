import { Anchor, Box, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCards, IconHandClick, IconHeartHandshake, IconPackage, IconRecycle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { SWIPES_FREE_PER_DAY } from '@swapu/shared/constants';
import { pageMeta } from '@swapu/shared/page-meta';
import { LoadError } from '../../components/load-error';
import { useMyPosts } from '../../features/posts/use-my-posts';
import { AllowanceMeter } from '../../features/swap-swipe/allowance-meter';
import { ItemPicker } from '../../features/swap-swipe/item-picker';
import { SampleDeck, SignInButtons } from '../../features/swap-swipe/sample-deck';
import { useSwipeAllowance } from '../../features/swap-swipe/use-swipe';
import { useTranslation } from '../../i18n/react';
import { useSignedIn } from '../../lib/use-sign-in';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

/** What Swap Swipe is, in three steps. */
function HowItWorks() {
  const { t } = useTranslation('swapSwipe');
  const steps = [
    { icon: IconPackage, title: t('intro.step1Title'), text: t('intro.step1') },
    { icon: IconHandClick, title: t('intro.step2Title'), text: t('intro.step2') },
    { icon: IconHeartHandshake, title: t('intro.step3Title'), text: t('intro.step3') },
  ];
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('intro.stepsTitle')}
      </Title>
      {steps.map(({ icon: Icon, title, text }, i) => (
        <Group key={title} gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" style={{ flexShrink: 0 }}>
            <Icon size={22} aria-hidden="true" />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={700}>
              {i + 1}. {title}
            </Text>
            <Text fz="sm" c="dimmed">
              {text}
            </Text>
          </Stack>
        </Group>
      ))}
      <Text fz="sm" fw={600} c="swapu.8">
        {t('intro.free', { count: SWIPES_FREE_PER_DAY })}
      </Text>
    </Stack>
  );
}

/**
 * Swap chains, which the likes made here also feed (decision 0028): what they are, and where a
 * member finds theirs (a guest, where to read more). The guided tour stops here (decision 0031).
 */
function ChainsNote({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('swapSwipe');
  return (
    <Paper withBorder radius="lg" p="md" data-tour="swap-chains">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color="orange" style={{ flexShrink: 0 }}>
          <IconRecycle size={22} aria-hidden="true" />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={2} fz="md">
            {t('chains.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('chains.text')}
          </Text>
          <Anchor component={Link} to={signedIn ? paths.swapChainLiked : paths.faq} fz="sm" fw={600}>
            {t(signedIn ? 'chains.mine' : 'chains.learnMore')}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A member chooses which of their published items to swipe for. */
function MemberStart() {
  const { t } = useTranslation('swapSwipe');
  const mine = useMyPosts();
  const allowance = useSwipeAllowance();
  const published = mine.data?.filter((p) => p.state === 'published');
  return (
    <Stack gap="md" data-tour="swap-swipe">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {t('pick.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('pick.intro')}
          </Text>
        </Stack>
        {allowance.data && (
          <Box miw={240}>
            <AllowanceMeter allowance={allowance.data} />
          </Box>
        )}
      </Group>
      {mine.isError ? <LoadError titled onRetry={() => void mine.refetch()} /> : <ItemPicker items={published} />}
    </Stack>
  );
}

/**
 * /swap-swipe: what Swap Swipe is. A member picks one of their items to swipe for; a guest tries
 * a live sample deck and is asked to log in.
 */
export default function SwapSwipePage() {
  const { t } = useTranslation('swapSwipe');
  const signedIn = useSignedIn();
  const { i18n } = useTranslation();
  usePageMeta(pageMeta.swapSwipe(asLocale(i18n.language)));
  return (
    // The sample deck's swiped cards fly off the screen's edge without widening the page.
    <Box style={{ overflowX: 'clip' }}>
      <Container size="lg" py="lg">
        <Stack gap="xl">
          <Paper
            radius="xl"
            p={{ base: 'lg', sm: 32 }}
            style={{
              background: 'linear-gradient(120deg, var(--mantine-color-swapu-7) 0%, var(--mantine-color-swapu-5) 60%, #8fd3a6 100%)',
              color: 'white',
            }}
          >
            <Stack gap="sm" maw={640}>
              <Group gap="sm" wrap="nowrap">
                <IconCards size={32} aria-hidden="true" />
                <Title order={1} fz={{ base: 28, sm: 36 }} lh={1.15}>
                  {t('title')}
                </Title>
              </Group>
              <Text fz={{ base: 'md', sm: 'lg' }} fw={600}>
                {t('intro.tagline')}
              </Text>
              <Text fz={{ base: 'sm', sm: 'md' }} opacity={0.95}>
                {t('intro.text')}
              </Text>
            </Stack>
          </Paper>
          {signedIn ? (
            <>
              <MemberStart />
              <HowItWorks />
              <ChainsNote signedIn />
            </>
          ) : (
            <Grid gap={{ base: 'xl', md: 48 }}>
              <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
                <Stack gap="xl">
                  <HowItWorks />
                  <ChainsNote signedIn={false} />
                  <Stack gap="xs">
                    <Text fw={700}>{t('intro.ready')}</Text>
                    <SignInButtons />
                  </Stack>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }} data-tour="swap-swipe">
                <SampleDeck />
              </Grid.Col>
            </Grid>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
