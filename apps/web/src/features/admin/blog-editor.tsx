import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Tabs, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEye, IconTrash, IconWorld, IconWorldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminBlogPost,
  BLOG_BODY_MAX,
  BLOG_SUMMARY_MAX,
  BLOG_TITLE_MAX,
  BLOG_URL_TITLE_MAX,
  type BlogStatus,
  slugify,
} from '@swapu/shared/admin-blog';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { CoverField } from './blog-cover-field';
import { DeleteModal } from './blog-delete-dialog';
import { type Fields, validateBlogPost } from './blog-post-validation';
import { PreviewPane } from './blog-preview';
import { StatusBadge } from './blog-status';
import { useAdminBlogPost, useBlogCover, usePublishBlogPost, useSaveBlogPost } from './use-admin-blog';

type FieldErrors = Partial<Record<keyof Fields | 'form', string>>;

function EditorForm({ post, onSaved, onClose }: { post: AdminBlogPost | null; onSaved: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const save = useSaveBlogPost();
  const publish = usePublishBlogPost();
  const cover = useBlogCover();
  const [fields, setFields] = useState<Fields>({
    title: post?.title ?? '',
    urlTitle: post?.urlTitle ?? '',
    summary: post?.summary ?? '',
    body: post?.body ?? '',
  });
  // A new post's urlTitle follows its title until the admin edits it.
  const [urlTouched, setUrlTouched] = useState(!!post);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<string | null>('write');
  const [pendingCover, setPendingCover] = useState<File | null>(null);
  const [deleting, setDeleting] = useState(false);
  const busy = save.isPending || publish.isPending || cover.isPending;
  const dirty =
    !post ||
    fields.title !== post.title ||
    fields.urlTitle !== post.urlTitle ||
    fields.summary !== post.summary ||
    fields.body !== post.body;

  const set = (key: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value, ...(key === 'title' && !urlTouched ? { urlTitle: slugify(value) } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined, ...(key === 'title' && !urlTouched ? { urlTitle: undefined } : {}) }));
  };

  const fieldMessage = (key: keyof Fields, problem: 'required' | 'invalid') =>
    key === 'urlTitle' && problem === 'invalid' ? t('errors:blog_url_title_invalid') : t(`editor.errors.${key}`);

  /** Saves the fields (and a cover chosen before the first save); resolves with the saved post, or null. */
  const persist = async (): Promise<AdminBlogPost | null> => {
    const problems = validateBlogPost(fields);
    const found = Object.entries(problems) as Array<[keyof Fields, 'required' | 'invalid']>;
    if (found.length) {
      setErrors(Object.fromEntries(found.map(([k, p]) => [k, fieldMessage(k, p)])));
      setTab('write');
      return null;
    }
    try {
      let saved =
        post && !dirty ? post : await save.mutateAsync({ id: post?.id ?? null, body: { ...fields, urlTitle: fields.urlTitle.trim() } });
      if (pendingCover) {
        try {
          saved = await cover.mutateAsync({ id: saved.id, file: pendingCover });
          setPendingCover(null);
        } catch (err) {
          setErrors({ form: `${t('editor.coverFailed')} ${t(`errors:${errorCodeOf(err)}`)}` });
        }
      }
      return saved;
    } catch (err) {
      const code = errorCodeOf(err);
      const fieldsOf = err instanceof ApiError ? err.fields : undefined;
      if (code === 'blog_url_title_taken' || code === 'blog_url_title_invalid') setErrors({ urlTitle: t(`errors:${code}`) });
      else if (code === 'data_invalid' && fieldsOf && Object.keys(fieldsOf).some((k) => k in fields))
        setErrors(
          Object.fromEntries(
            Object.keys(fieldsOf)
              .filter((k) => k in fields)
              .map((k) => [k, t(`editor.errors.${k}`)]),
          ),
        );
      else setErrors({ form: t(`errors:${code}`) });
      setTab('write');
      return null;
    }
  };

  const onSave = async () => {
    const saved = await persist();
    if (!saved) return;
    notifications.show({ color: 'swapu', message: t(post ? 'notify.saved' : 'notify.created') });
    if (!post) onSaved(saved.id);
  };

  const onPublish = async (live: boolean) => {
    const saved = live ? await persist() : post;
    if (!saved) return;
    try {
      await publish.mutateAsync({ id: saved.id, publish: live });
      notifications.show({ color: 'swapu', message: t(live ? 'notify.published' : 'notify.unpublished') });
      if (!post) onSaved(saved.id);
    } catch (err) {
      setErrors({ form: t(`errors:${errorCodeOf(err)}`) });
    }
  };

  const status: BlogStatus = post?.status ?? 'draft';
  const live = status === 'published';
  const urlError = errors.urlTitle;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClose} px={0}>
          {t('back')}
        </Button>
        <Group gap="xs">
          <StatusBadge status={status} />
          {live && post && (
            <Anchor component={Link} to={paths.blogPost(post.id)} fz="sm">
              {t('view')}
            </Anchor>
          )}
        </Group>
      </Group>
      <Title order={2} fz="xl">
        {post ? t('editor.editTitle') : t('editor.newTitle')}
      </Title>
      <Card padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('editor.title')}
            value={fields.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
            maxLength={BLOG_TITLE_MAX}
            required
          />
          <TextInput
            label={t('editor.urlTitle')}
            description={t('editor.urlTitleHint', { url: `/${fields.urlTitle || '…'}` })}
            value={fields.urlTitle}
            onChange={(e) => {
              setUrlTouched(true);
              set('urlTitle', e.currentTarget.value);
            }}
            onBlur={() => fields.urlTitle !== fields.urlTitle.trim() && set('urlTitle', fields.urlTitle.trim())}
            error={urlError}
            maxLength={BLOG_URL_TITLE_MAX + 20}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <Textarea
            label={t('editor.summary')}
            description={t('editor.summaryHint')}
            value={fields.summary}
            onChange={(e) => set('summary', e.currentTarget.value)}
            error={errors.summary}
            maxLength={BLOG_SUMMARY_MAX}
            rows={2}
            resize="vertical"
          />
          <CoverField post={post} pending={pendingCover} onPending={setPendingCover} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="write">{t('editor.write')}</Tabs.Tab>
              <Tabs.Tab value="preview" leftSection={<IconEye size={16} />}>
                {t('editor.preview')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="sm">
              <Textarea
                label={t('editor.body')}
                description={t('editor.bodyHint')}
                value={fields.body}
                onChange={(e) => set('body', e.currentTarget.value)}
                error={errors.body}
                maxLength={BLOG_BODY_MAX}
                rows={14}
                resize="vertical"
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="sm">
              <PreviewPane fields={fields} coverUrl={pendingCover ? null : (post?.coverUrl ?? null)} pendingCover={pendingCover} />
            </Tabs.Panel>
          </Tabs>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group gap="xs">
            <Button onClick={() => void onSave()} loading={save.isPending} disabled={busy && !save.isPending}>
              {live ? t('editor.save') : t('editor.saveDraft')}
            </Button>
            {live ? (
              <Button
                variant="default"
                leftSection={<IconWorldOff size={16} />}
                onClick={() => void onPublish(false)}
                loading={publish.isPending}
                disabled={busy}
              >
                {t('unpublish')}
              </Button>
            ) : (
              <Button
                variant="light"
                leftSection={<IconWorld size={16} />}
                onClick={() => void onPublish(true)}
                loading={publish.isPending}
                disabled={busy}
              >
                {dirty ? t('editor.saveAndPublish') : t('publish')}
              </Button>
            )}
            {post && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} disabled={busy}>
                {t('delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <DeleteModal post={deleting && post ? post : null} onClose={() => setDeleting(false)} onDeleted={onClose} />
    </Stack>
  );
}

/** An existing post loads before its editor opens; a new one opens empty. */
export function Editor({ id, onSaved, onClose }: { id: string; onSaved: (id: string) => void; onClose: () => void }) {
  const isNew = id === 'new';
  const post = useAdminBlogPost(isNew ? null : id);
  if (isNew) return <EditorForm key="new" post={null} onSaved={onSaved} onClose={onClose} />;
  if (post.isPending)
    return (
      <Stack gap="md" data-testid="blog-editor-loading">
        <Skeleton h={36} w={160} />
        <Skeleton h={420} radius="md" />
      </Stack>
    );
  if (post.isError)
    return (
      <Stack gap="md">
        <BackOnly onClose={onClose} />
        {post.error instanceof ApiError && post.error.status === 404 ? <NotFoundNote /> : <LoadError onRetry={() => void post.refetch()} />}
      </Stack>
    );
  return <EditorForm key={post.data.id} post={post.data} onSaved={onSaved} onClose={onClose} />;
}

function BackOnly({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminBlog');
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClose} px={0} w="fit-content">
      {t('back')}
    </Button>
  );
}

function NotFoundNote() {
  const { t } = useTranslation('adminBlog');
  return (
    <Alert color="yellow" role="alert">
      {t('notFound')}
    </Alert>
  );
}
