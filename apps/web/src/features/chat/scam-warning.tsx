import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ScamKind } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';

/**
 * Under a received message the scam rules flagged (decision 0050): what it asks for, and where to
 * read how to swap safely (the FAQ: SwapU has no safety page of its own). Phone first: it takes
 * the bubble's width and wraps.
 */
export function ScamWarning({ kinds }: { kinds: readonly ScamKind[] }) {
  const { t } = useTranslation('chat');
  if (kinds.length === 0) return null;
  return (
    <Alert
      role="note"
      color="orange"
      variant="light"
      radius="md"
      p="xs"
      maw="min(92%, 560px)"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={
        <Text fz="sm" fw={700}>
          {t('scam.title')}
        </Text>
      }
      data-testid="scam-warning"
      data-kinds={kinds.join(' ')}
    >
      <List size="sm" spacing={2} fz="sm">
        {kinds.map((k) => (
          <List.Item key={k}>{t(`scam.${k}`)}</List.Item>
        ))}
      </List>
      <Anchor component={Link} to={paths.faq} fz="sm" fw={600} mt={4} display="inline-block">
        {t('scam.safety')}
      </Anchor>
    </Alert>
  );
}
