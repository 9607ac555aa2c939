import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEye, IconNews, IconPhoto, IconPlus, IconTrash, IconWorld, IconWorldOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type AdminBlogPost,
  type AdminBlogPostSummary,
  BLOG_BODY_MAX,
  BLOG_SUMMARY_MAX,
  BLOG_TITLE_MAX,
  BLOG_URL_TITLE_MAX,
  type BlogStatus,
  isValidUrlTitle,
  slugify,
} from '@swapu/shared/admin-blog';
import { paths } from '@swapu/shared/paths';
import { BlogMarkdown } from '../../components/blog-markdown';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import {
  useAdminBlogPost,
  useAdminBlogPosts,
  useBlogCover,
  useDeleteBlogPost,
  usePublishBlogPost,
  useSaveBlogPost,
} from './use-admin-blog';

const STATUS_COLOR: Record<BlogStatus, string> = { draft: 'gray', scheduled: 'blue', published: 'green' };
const smallCover = (url: string) => url.replace(/\/lg\.webp$/, '/sm.webp');

function StatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation('adminBlog');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="blog-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Asks before a post is deleted for good. */
function DeleteModal({
  post,
  onClose,
  onDeleted,
}: {
  post: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const del = useDeleteBlogPost();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog opened={!!post} onClose={onClose} fixed title={t('confirmDelete.title')} centered>
      <Stack gap="md">
        <Text>{t('confirmDelete.body', { title: post?.title ?? '' })}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirmDelete.cancel')}
          </Button>
          <Button
            color="red"
            loading={del.isPending}
            onClick={() =>
              post &&
              del.mutate(post.id, {
                onSuccess: () => {
                  setError(null);
                  notifications.show({ color: 'swapu', message: t('notify.deleted') });
                  onDeleted();
                },
                onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
              })
            }
          >
            {t('confirmDelete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** Publish or unpublish straight from the list. */
function PublishToggle({ post, size = 'xs' }: { post: Pick<AdminBlogPostSummary, 'id' | 'status'>; size?: string }) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const publish = usePublishBlogPost();
  const live = post.status === 'published';
  return (
    <Button
      size={size}
      variant={live ? 'default' : 'filled'}
      leftSection={live ? <IconWorldOff size={16} /> : <IconWorld size={16} />}
      loading={publish.isPending}
      onClick={() =>
        publish.mutate(
          { id: post.id, publish: !live },
          {
            onSuccess: () => notifications.show({ color: 'swapu', message: t(live ? 'notify.unpublished' : 'notify.published') }),
            onError: (err) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(err)}`) }),
          },
        )
      }
    >
      {t(live ? 'unpublish' : 'publish')}
    </Button>
  );
}

function PostList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation(['adminBlog', 'errors']);
  const list = useAdminBlogPosts();
  const [deleting, setDeleting] = useState<AdminBlogPostSummary | null>(null);
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (list.isPending)
    return (
      <Stack gap="sm" data-testid="blog-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </Stack>
    );
  if (list.data.length === 0)
    return (
      <Card padding="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconNews size={26} />
          </ThemeIcon>
          <Text c="dimmed">{t('empty')}</Text>
          <Button leftSection={<IconPlus size={18} />} onClick={() => onOpen('new')}>
            {t('newPost')}
          </Button>
        </Stack>
      </Card>
    );
  return (
    <>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
        {list.data.map((p) => (
          <Card key={p.id} component="li" padding="md" data-testid="blog-row">
            <Group align="flex-start" gap="md" wrap="nowrap">
              {p.coverUrl ? (
                <Image src={smallCover(p.coverUrl)} alt="" w={96} h={50} radius="sm" visibleFrom="xs" />
              ) : (
                <ThemeIcon size={50} radius="sm" variant="light" color="gray" visibleFrom="xs">
                  <IconPhoto size={22} />
                </ThemeIcon>
              )}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <StatusBadge status={p.status} />
                  <Text fz="xs" c="dimmed">
                    {p.publishedAt && p.status !== 'draft'
                      ? t('publishedOn', { date: formatDateTime(p.publishedAt, i18n.language) })
                      : t('editedOn', { date: formatDateTime(p.updatedAt, i18n.language) })}
                  </Text>
                </Group>
                <Anchor
                  component="button"
                  type="button"
                  fw={700}
                  ta="left"
                  onClick={() => onOpen(p.id)}
                  style={{ overflowWrap: 'anywhere' }}
                  // The post's title as the team wrote it (e2e/pt-PT.spec.ts).
                  data-user-content
                >
                  {p.title}
                </Anchor>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  /{p.urlTitle}
                </Text>
                <Group gap="xs" mt={4}>
                  <Button size="xs" variant="light" onClick={() => onOpen(p.id)} aria-label={t('editLabel', { title: p.title })}>
                    {t('edit')}
                  </Button>
                  <PublishToggle post={p} />
                  {p.status === 'published' && (
                    <Button size="xs" variant="subtle" component={Link} to={paths.blogPost(p.id)} leftSection={<IconEye size={16} />}>
                      {t('view')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setDeleting(p)}
                    aria-label={t('deleteLabel', { title: p.title })}
                  >
                    {t('delete')}
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      <DeleteModal post={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </>
  );
}

type Fields = { title: string; urlTitle: string; summary: string; body: string };
type FieldErrors = Partial<Record<keyof Fields | 'form', string>>;

/** The editor's checks, the same rules as the server's (which checks again). */
export function validateBlogPost(f: Fields): Partial<Record<keyof Fields, 'required' | 'invalid'>> {
  const out: Partial<Record<keyof Fields, 'required' | 'invalid'>> = {};
  if (!f.title.trim()) out.title = 'required';
  if (!f.urlTitle.trim()) out.urlTitle = 'required';
  else if (!isValidUrlTitle(f.urlTitle.trim())) out.urlTitle = 'invalid';
  if (!f.body.trim()) out.body = 'required';
  return out;
}

function CoverField({
  post,
  pending,
  onPending,
}: {
  post: AdminBlogPost | null;
  pending: File | null;
  onPending: (file: File | null) => void;
}) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const cover = useBlogCover();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pendingUrl = useMemo(() => (pending ? URL.createObjectURL(pending) : null), [pending]);
  useEffect(() => () => void (pendingUrl && URL.revokeObjectURL(pendingUrl)), [pendingUrl]);
  const shown = pendingUrl ?? post?.coverUrl ?? null;

  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('errors:image_invalid'));
    if (file.size > 25 * 1024 * 1024) return setError(t('errors:file_too_large'));
    // A post not saved yet keeps the image until its first save.
    if (!post) return onPending(file);
    setProgress(0);
    cover.mutate(
      { id: post.id, file, onProgress: setProgress },
      {
        onSuccess: () => notifications.show({ color: 'swapu', message: t('notify.coverSaved') }),
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const remove = () => {
    setError(null);
    if (!post || pending) return onPending(null);
    cover.mutate(
      { id: post.id, file: null },
      {
        onSuccess: () => notifications.show({ color: 'swapu', message: t('notify.coverRemoved') }),
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };

  return (
    <Stack gap={6}>
      <Text fw={500} fz="sm">
        {t('editor.cover')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('editor.coverHint')}
      </Text>
      {shown ? (
        <Image
          src={shown}
          alt={t('editor.coverAlt')}
          radius="md"
          maw={480}
          h="auto"
          style={{ aspectRatio: '1200 / 630', objectFit: 'cover' }}
          data-testid="blog-cover-preview"
        />
      ) : (
        <Card withBorder padding="lg" maw={480} bg="gray.0">
          <Group gap="xs" c="dimmed">
            <IconPhoto size={20} />
            <Text fz="sm">{t('editor.noCover')}</Text>
          </Group>
        </Card>
      )}
      {pending && (
        <Text fz="xs" c="dimmed">
          {t('editor.coverPending')}
        </Text>
      )}
      {progress !== null && <Progress value={progress} size="sm" maw={480} aria-label={t('editor.uploading', { pct: progress })} />}
      {error && (
        <Alert color="red" role="alert" maw={480}>
          {error}
        </Alert>
      )}
      <Group gap="xs">
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp,image/gif,image/avif,image/heic">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhoto size={16} />}
              loading={cover.isPending}
              data-testid="blog-cover-button"
            >
              {shown ? t('editor.replaceCover') : t('editor.chooseCover')}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button size="xs" variant="subtle" color="red" onClick={remove} disabled={cover.isPending}>
            {t('editor.removeCover')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

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

/** The post as readers will see it: the same renderer as the public page. */
function PreviewPane({ fields, coverUrl, pendingCover }: { fields: Fields; coverUrl: string | null; pendingCover: File | null }) {
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

/** An existing post loads before its editor opens; a new one opens empty. */
function Editor({ id, onSaved, onClose }: { id: string; onSaved: (id: string) => void; onClose: () => void }) {
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
