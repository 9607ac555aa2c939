import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import type { PostDetail } from '@swapu/shared/api';
import { errorCodeOf } from '../../lib/api';
import { useAskToSignIn, useSignedIn } from '../../lib/use-sign-in';
import { useToggleLike } from './use-likes';

const errorText = (t: (k: string) => string, e: unknown) => t(`errors:${errorCodeOf(e)}`);

/** The post page's like button: a guest is asked to sign in; a mutual like says it is a match. */
export function LikeButton({ post }: { post: PostDetail }) {
  const { t } = useTranslation(['posts', 'errors']);
  const signedIn = useSignedIn();
  const ask = useAskToSignIn();
  const toggle = useToggleLike(post.id);
  const liked = post.likedByMe;
  const onClick = () => {
    if (!signedIn) return ask();
    toggle.mutate(!liked, {
      onSuccess: (res) => {
        if (res.matched) notifications.show({ color: 'swapu', title: t('actions.matchTitle'), message: t('actions.matchBody') });
      },
      onError: (e) => notifications.show({ color: 'red', message: errorText(t, e) }),
    });
  };
  return (
    <Button
      variant={liked ? 'light' : 'default'}
      color={liked ? 'red' : 'gray'}
      leftSection={liked ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
      onClick={onClick}
      aria-pressed={liked}
      data-testid="like-button"
    >
      {liked ? t('actions.liked') : t('actions.like')}
      {post.likeCount > 0 && (
        <Text span fz="sm" ml={6} c="dimmed" data-testid="like-count">
          {post.likeCount}
        </Text>
      )}
    </Button>
  );
}
