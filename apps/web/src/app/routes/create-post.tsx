import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { PostDetail } from '@swapu/shared/api';
import { LISTING_STEPS } from '@swapu/shared/listing-funnel';
import { paths } from '@swapu/shared/paths';
import { NotFound } from '../../components/not-found';
import { useMe } from '../../features/auth/use-me';
import { fetchPost } from '../../features/listing/listing-api';
import { ListingForm, ListingShell } from '../../features/listing/listing-form';
import type { LocalityFieldProps } from '../../features/listing/location-step';
import { LocalityInput } from '../../features/profile/locality-input';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/use-session';
import { endpoints } from '@swapu/shared/endpoints';
import { keyOf } from '../../lib/query-keys';

// The error is the form's catalogue text (announced: the theme gives every field error role="alert").
const localityField = ({ initial, onPick, error }: LocalityFieldProps) => (
  <LocalityInput initial={initial} onPick={onPick} error={error as string} />
);

/** ?step=N (1-based) → a step index; the first step when missing or out of range. */
const stepFrom = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= LISTING_STEPS.length ? n - 1 : 0;
};

/**
 * /create and /editPost/:postId, one page (both routes load this module, so React keeps the
 * form when /create turns into /editPost/{id} after the draft is saved). A different post, or
 * /create again, starts a fresh form.
 */
export default function CreatePostPage() {
  const { postId } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation(['listing', 'errors', 'posts']);
  const session = useSession();
  const me = useMe();
  const [instance, setInstance] = useState({ routeId: postId, key: 0, createdId: null as string | null });
  if (postId !== instance.routeId) {
    const ours = postId !== undefined && postId === instance.createdId;
    setInstance({ routeId: postId, key: ours ? instance.key : instance.key + 1, createdId: ours ? instance.createdId : null });
  }
  const ours = postId !== undefined && postId === instance.createdId;
  const onCreated = useCallback((post: PostDetail) => setInstance((s) => ({ ...s, createdId: post.id })), []);
  // Always fresh from the server: the form starts from what is saved now.
  const post = useQuery({
    queryKey: keyOf(endpoints.post, { params: { id: postId ?? '' }, variant: 'edit' }),
    queryFn: () => fetchPost(postId!),
    enabled: postId !== undefined && !ours,
    staleTime: 0,
    gcTime: 0,
  });

  const editing = postId !== undefined && !ours;
  const live = editing && post.data?.state === 'published';
  const shell = (body: ReactNode) => (
    <ListingShell>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {live ? t('title.edit') : t('title.create')}
        </Title>
        {body}
      </Stack>
    </ListingShell>
  );

  if (editing) {
    if (post.isPending) return shell(<Skeleton height={360} radius="lg" />);
    if (post.isError) {
      if (post.error instanceof ApiError && post.error.status === 404) return <NotFound />;
      return shell(
        <Alert color="red" role="alert">
          {t(`errors:${post.error instanceof ApiError ? post.error.code : 'generic'}`)}
        </Alert>,
      );
    }
    const p = post.data;
    if (p.owner.id !== session.userId && me.data?.role !== 'admin') {
      return shell(
        <Alert color="red" role="alert">
          {t('errors:permission_denied')}
        </Alert>,
      );
    }
    if (p.state !== 'draft' && p.state !== 'published') {
      return shell(
        <Stack>
          <Text>{t('notEditable', { state: t(`posts:state.${p.state}`) })}</Text>
          <Button component={Link} to={paths.viewPost(p.id)} w="fit-content">
            {t('viewItem')}
          </Button>
        </Stack>,
      );
    }
  }

  return shell(
    <ListingForm
      key={instance.key}
      initial={editing ? (post.data ?? null) : null}
      initialStep={stepFrom(search.get('step'))}
      onCreated={onCreated}
      localityField={localityField}
    />,
  );
}
