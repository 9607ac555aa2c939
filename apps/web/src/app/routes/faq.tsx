import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

export default function FaqPage() {
  const { t, i18n } = useTranslation('faq');
  usePageMeta(pageMeta.faq(asLocale(i18n.language)));
  const items = t('items', { returnObjects: true }) as Array<{ q: string; a: string }>;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <Accordion variant="separated" radius="lg">
          {Array.isArray(items) &&
            items.map((item, i) => (
              <Accordion.Item key={i} value={String(i)}>
                <Accordion.Control>
                  <Text fw={600}>{item.q}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text lh={1.7}>{item.a}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
