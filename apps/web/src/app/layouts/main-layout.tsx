import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconHome, IconMessageCircle, IconPlus, IconSearch, IconArrowsExchange } from '@tabler/icons-react';
import { lazy, type MouseEvent, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { PageSkeleton } from '../../components/page-skeleton';
import { SearchBox } from '../../components/search-box';
import { ScrollReset } from './scroll-reset';
import { MarkReady } from '../mark-ready';
import { RouteErrorBoundary } from '../route-error';
import { useSessionLifecycle } from './use-session-lifecycle';
import { useDates } from '../../lib/clock';
import { withNamespaces } from '../../lib/lazy-page';
import { meQuery, useAskToSignIn } from '../../lib/use-session';
import { useQuery } from '@tanstack/react-query';
import { TourHost } from '../../features/tour/tour-host';

// Only signed-in people see these: their code stays out of the home page's first load.
// With the catalogues of the header's signed-in parts (chat badge, bell, session notices).
const signedInUi = withNamespaces(() => import('./signed-in-ui'), ['chat', 'notifications', 'auth', 'errors']);
const AccountMenu = lazy(() => signedInUi().then((m) => ({ default: m.AccountMenu })));
const NotificationBell = lazy(() => signedInUi().then((m) => ({ default: m.NotificationBell })));
const SessionAlerts = lazy(() => signedInUi().then((m) => ({ default: m.SessionAlerts })));
const TermsGate = lazy(() => signedInUi().then((m) => ({ default: m.TermsGate })));
const ChatLive = lazy(() => signedInUi().then((m) => ({ default: m.ChatLive })));
const ChatHeaderButton = lazy(() => signedInUi().then((m) => ({ default: m.ChatHeaderButton })));
const ChatNavBadge = lazy(() => signedInUi().then((m) => ({ default: m.ChatNavBadge })));

function Header({ signedIn, banned }: { signedIn: boolean; banned: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'rgba(255,255,255,0.96)',
        backdropFilter: 'blur(6px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="xl" py={10}>
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Logo />
          {/* The full search box from lg: between md and lg it pushed the account menu off the
              screen's edge (seen at 1024 px); there the compact one has a row of its own below. */}
          <Box visibleFrom="lg" style={{ flex: 1, maxWidth: 760 }} data-tour="search">
            <SearchBox />
          </Box>
          <Group gap="xs" wrap="nowrap">
            {/* From xl only: below it the link pushed the search box's menus and the language menu into
                truncation ("Portug", "Qualquer dist" at 1280 px in pt-PT). The footer links to it on
                every page, and the home page shows the categories themselves. */}
            <Anchor component={Link} to="/all-categories" visibleFrom="xl" fz="sm" c="dark" style={{ whiteSpace: 'nowrap' }}>
              {t('nav.allCategories')}
            </Anchor>
            <LanguageSwitch />
            {signedIn ? (
              <Suspense fallback={<Box w={36} h={40} />}>
                {!banned && (
                  <Box visibleFrom="sm">
                    <Suspense fallback={null}>
                      <ChatHeaderButton />
                    </Suspense>
                  </Box>
                )}
                <Group gap={6} wrap="nowrap">
                  <NotificationBell />
                  <AccountMenu />
                </Group>
              </Suspense>
            ) : (
              <Button
                component={Link}
                to="/auth"
                variant="filled"
                onClick={(e) => {
                  // Where the person is now: the address, which leads the rendered page while a
                  // navigation's code is still loading (react-router applies it in a transition).
                  e.preventDefault();
                  void navigate('/auth', { state: { from: window.location.pathname + window.location.search } });
                }}
              >
                {t('nav.login')}
              </Button>
            )}
          </Group>
        </Group>
        <Box hiddenFrom="lg" mt={8} data-tour="search">
          <SearchBox compact />
        </Box>
      </Container>
    </Box>
  );
}

function BottomNav({ signedIn, banned }: { signedIn: boolean; banned: boolean }) {
  const { t } = useTranslation();
  const ask = useAskToSignIn();
  // member: a guest who taps it is asked to log in or sign up, then goes on there. A suspended
  // member gets the conversation with the SwapU team instead of listing, offers and chats.
  const items = [
    { to: '/', label: t('nav.home'), icon: IconHome },
    { to: '/search', label: t('nav.search'), icon: IconSearch },
    ...(banned
      ? [{ to: '/discuss?support=1', label: t('nav.support'), icon: IconMessageCircle }]
      : [
          { to: '/create', label: t('nav.list'), icon: IconPlus, member: true },
          { to: '/offers', label: t('nav.offers'), icon: IconArrowsExchange, member: true },
          { to: '/discuss', label: t('nav.chat'), icon: IconMessageCircle, member: true },
        ]),
  ];
  return (
    <Box
      component="nav"
      aria-label={t('nav.menu')}
      hiddenFrom="sm"
      style={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: 100,
        background: 'white',
        borderTop: '1px solid var(--mantine-color-gray-2)',
        paddingBottom: 'env(safe-area-inset-bottom)',
      }}
    >
      <SimpleGrid cols={items.length} spacing={0} h={60}>
        {items.map(({ to, label, icon: Icon, member }) => (
          <UnstyledButton
            key={to}
            component={NavLink}
            to={to}
            end={to === '/'}
            onClick={(e: MouseEvent) => {
              if (signedIn || !member) return;
              e.preventDefault();
              ask(to);
            }}
            style={({ isActive }: { isActive: boolean }) => ({
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
              position: 'relative',
              color: isActive ? 'var(--mantine-color-swapu-7)' : 'var(--mantine-color-gray-7)',
            })}
          >
            <Icon size={22} stroke={1.8} aria-hidden="true" />
            <Text fz={11} fw={600}>
              {label}
            </Text>
            {signedIn && !banned && to === '/discuss' && (
              <Suspense fallback={null}>
                <ChatNavBadge />
              </Suspense>
            )}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function Footer({ banned }: { banned: boolean }) {
  const { t } = useTranslation();
  const dates = useDates();
  const link = (to: string, label: string) => (
    <Anchor component={Link} to={to} c="gray.7" fz="sm">
      {label}
    </Anchor>
  );
  return (
    <Box component="footer" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} py="xl">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
          <Stack gap={6}>
            <Logo />
            <Text fz="sm" c="dimmed" maw={320}>
              {t('footer.about')}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} fz="sm">
              {t('footer.help')}
            </Text>
            {link('/FAQ', t('footer.faq'))}
            {link('/demo', t('footer.tour'))}
            {link('/terms-and-conditions', t('footer.terms'))}
            {link('/privacy', t('footer.privacy'))}
            {link('/swapu-blog', t('footer.blog'))}
          </Stack>
          <Stack gap={6}>
            <Text fw={700} fz="sm">
              {t('footer.tools')}
            </Text>
            {link('/carbon-calculator', t('footer.carbonCalculator'))}
            {link('/delivery-calculator', t('footer.deliveryCalculator'))}
            {!banned && link('/swap-swipe', t('footer.swapSwipe'))}
            {link('/leaderboard', t('footer.leaderboard'))}
            {link('/all-categories', t('nav.allCategories'))}
          </Stack>
        </SimpleGrid>
        <Text fz="xs" c="dimmed" mt="xl">
          {t('footer.copyright', { year: dates.year })}
        </Text>
      </Container>
    </Box>
  );
}

export function MainLayout() {
  const { t } = useTranslation();
  const session = useSessionLifecycle();
  // Suspended: only the way to support is offered (PRODUCT.md). The account query (features/auth/
  // use-me.ts) is idle for a guest.
  const banned = useQuery(meQuery(session)).data?.banned === true;
  return (
    <>
      <a href="#main" className="swapu-skip">
        {t('skipToContent')}
      </a>
      <Header signedIn={session.token !== null} banned={banned} />
      {(session.token || session.autoLogout) && (
        <Suspense fallback={null}>
          <SessionAlerts />
          <TermsGate />
        </Suspense>
      )}
      {session.token && (
        <Suspense fallback={null}>
          <ChatLive />
        </Suspense>
      )}
      <main id="main" className="swapu-main">
        <RouteErrorBoundary>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
            <MarkReady />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer banned={banned} />
      <BottomNav signedIn={session.token !== null} banned={banned} />
      <ScrollReset />
      <TourHost />
    </>
  );
}
