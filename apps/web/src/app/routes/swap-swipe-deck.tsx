import { Box, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { pageMeta } from '@swapu/shared/page-meta';
import { MemberDeck } from '../../features/swap-swipe/member-deck';
import { useTranslation } from '../../i18n/react';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

/** /swap-swipe/{currentPage}: swiping for one of my items (guest-blocked). */
export default function SwapSwipeDeckPage() {
  const { currentPage = '' } = useParams();
  const { t, i18n } = useTranslation('swapSwipe');
  usePageMeta({ title: `${t('title')} | SwapU`, description: pageMeta.swapSwipe(asLocale(i18n.language)).description });
  return (
    // A swiped card flies off the screen's edge without widening the page (clip keeps the sticky buttons working).
    <Box style={{ overflowX: 'clip' }}>
      <Container size="lg" py={{ base: 'sm', md: 'lg' }}>
        {/* A new item gets a new deck: nothing swiped for the last one carries over. */}
        <MemberDeck key={currentPage} postId={currentPage} />
      </Container>
    </Box>
  );
}
