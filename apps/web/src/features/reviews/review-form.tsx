import { Alert, Button, Card, Input, Rating, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useSubmitReview } from './use-reviews';

const TEXT_MAX = 2000;

/** 1–5 stars and a few words about the other person, once per completed swap. */
export function ReviewForm({ offerId, name, onDone }: { offerId: string; name: string; onDone: () => void }) {
  const { t } = useTranslation(['offers', 'errors']);
  const submit = useSubmitReview(offerId);
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const starsMissing = tried && stars < 1;
  const textMissing = tried && !text.trim();
  const code = submit.error instanceof ApiError ? submit.error.code : submit.error ? 'generic' : null;
  return (
    <Card padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (stars < 1 || !text.trim()) return;
          submit.mutate({ stars, text: text.trim() }, { onSuccess: onDone });
        }}
      >
        <Stack>
          <Input.Wrapper
            label={t('reviewForm.stars', { name })}
            error={starsMissing ? t('reviewForm.starsRequired') : undefined}
            withAsterisk
          >
            <Rating
              value={stars}
              onChange={setStars}
              size="xl"
              mt={6}
              getSymbolLabel={(v) => t('reviews.stars', { count: v })}
              data-testid="review-stars"
            />
          </Input.Wrapper>
          <Textarea
            label={t('reviewForm.text')}
            placeholder={t('reviewForm.placeholder', { name })}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={TEXT_MAX}
            withAsterisk
            error={textMissing ? t('reviewForm.textRequired') : undefined}
          />
          {code && (
            <Alert color="red" role="alert">
              {t([`errors:${code}`, 'errors:generic'])}
            </Alert>
          )}
          <Button type="submit" loading={submit.isPending} w={{ base: '100%', sm: 'auto' }} style={{ alignSelf: 'flex-end' }}>
            {t('reviewForm.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
