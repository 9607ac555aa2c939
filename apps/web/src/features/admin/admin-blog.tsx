import { Button, Card, SimpleGrid, Text } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { Editor } from './blog-editor';
import { PostList } from './blog-post-list';
import { useAdminBlogPosts } from './use-admin-blog';

/**
 * /admin/blog: every post with its status (drafts included), and the editor (?post=new or
 * ?post={id}): title, urlTitle, summary, cover and a markdown body with a preview rendered as the
 * public page renders it; save as a draft, publish, unpublish, delete. The API decides who is an
 * admin: anyone else sees 'Permission Denied'.
 */
export function AdminBlog() {
  const { t } = useTranslation(['adminBlog', 'errors']);
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const [params, setParams] = useSearchParams();
  const open = params.get('post');
  const list = useAdminBlogPosts();
  const denied = list.error instanceof ApiError && list.error.status === 403;
  const go = (post: string | null, replace = false) => setParams(post ? { post } : {}, { replace });

  return (
    <AdminPage
      id="blog"
      icon={<IconNews size={22} />}
      color="teal"
      title={t('title')}
      intro={open ? undefined : t('intro')}
      denied={denied}
      action={
        !open && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => go('new')}>
            {t('newPost')}
          </Button>
        )
      }
    >
      {open ? (
        <Editor id={open} onSaved={(id) => go(id, true)} onClose={() => go(null)} />
      ) : (
        <>
          {list.data && list.data.length > 0 && (
            <SimpleGrid cols={3} spacing="xs" maw={420}>
              {(['draft', 'published', 'scheduled'] as const).map((s) => (
                <Card key={s} padding="xs" withBorder>
                  <Text fz="xs" c="dimmed">
                    {t(`status.${s}`)}
                  </Text>
                  <Text fw={700} data-testid={`blog-count-${s}`}>
                    {list.data.filter((p) => p.status === s).length}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          )}
          <PostList onOpen={(id) => go(id)} />
        </>
      )}
    </AdminPage>
  );
}
