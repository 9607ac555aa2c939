import { Card, Image, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { BlogMarkdown } from '../../components/blog-markdown';
import { useTranslation } from '../../i18n/react';
import type { Fields } from './blog-post-validation';

/** The post as readers will see it: the same renderer as the public page. */
export function PreviewPane({ fields, coverUrl, pendingCover }: { fields: Fields; coverUrl: string | null; pendingCover: File | null }) {
  const { t } = useTranslation('adminBlog');
  const pendingUrl = useMemo(() => (pendingCover ? URL.createObjectURL(pendingCover) : null), [pendingCover]);
  useEffect(() => () => void (pendingUrl && URL.revokeObjectURL(pendingUrl)), [pendingUrl]);
  const cover = pendingUrl ?? coverUrl;
  if (!fields.title.trim() && !fields.body.trim()) return <Text c="dimmed">{t('editor.previewEmpty')}</Text>;
  return (
    <Card withBorder padding="lg" data-testid="blog-preview">
      <Stack gap="sm">
        {cover && <Image src={cover} alt="" radius="lg" h="auto" style={{ aspectRatio: '1200 / 630' }} />}
        <Title order={1} lh={1.2} fz={{ base: 26, sm: 32 }}>
          {fields.title}
        </Title>
        {fields.summary && (
          <Text fz="lg" c="dark.5">
            {fields.summary}
          </Text>
        )}
        <BlogMarkdown source={fields.body} />
      </Stack>
    </Card>
  );
}
