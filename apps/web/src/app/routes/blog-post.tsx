import { Alert, Anchor, Container, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { BlogMarkdown } from '../../components/blog-markdown';
import { useBlogPost } from '../../features/blog/use-blog';
import { ApiError } from '../../lib/api';
import { useDates } from '../../lib/clock';
import { pageMeta } from '@swapu/shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';

export default function BlogPostPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['blog', 'common']);
  const dates = useDates();
  const post = useBlogPost(id);
  usePageMeta(post.data ? pageMeta.blogPost(post.data) : null);
  if (post.isPending)
    return (
      <Container size="sm" py="lg">
        <Stack>
          <Skeleton height={36} />
          <Skeleton height={200} />
        </Stack>
      </Container>
    );
  if (post.isError)
    return post.error instanceof ApiError && post.error.status === 404 ? (
      <NotFound />
    ) : (
      <Container size="sm" py="lg">
        <Alert color="red" role="alert">
          {t('errors:generic')}
        </Alert>
      </Container>
    );
  const p = post.data;
  return (
    <Container size="sm" py="lg">
      <Stack gap="sm" component="article">
        <Anchor component={Link} to="/swapu-blog" fz="sm">
          ← {t('back')}
        </Anchor>
        {p.coverUrl && <Image src={p.coverUrl} alt="" radius="lg" h="auto" style={{ aspectRatio: '1200 / 630' }} />}
        {/* What the team wrote, as written (data-user-content: e2e/support/pt-PT-check.ts). */}
        <Title order={1} lh={1.2} data-user-content>
          {p.title}
        </Title>
        <Text c="dimmed" fz="sm">
          {dates.dateTime(p.publishedAt)} · <span data-user-content>{p.author}</span>
        </Text>
        <Text fz="lg" c="dark.5" data-user-content>
          {p.summary}
        </Text>
        <div data-user-content>
          <BlogMarkdown source={p.body} testId="blog-post-body" />
        </div>
      </Stack>
    </Container>
  );
}
