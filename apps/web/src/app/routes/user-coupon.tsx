import { Alert, Anchor, Button, Card, Container, Group, List, Select, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconTicket } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isSpecialItem } from '@swapu/shared/purchases';
import { paths } from '@swapu/shared/paths';
import { useRedeemCoupon } from '../../features/money/use-coupons';
import { useMyPosts } from '../../features/posts/use-my-posts';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';

/** Where a refusal shows: under the code, under the item, or above the button. */
type Errors = { code?: string; item?: string; form?: string };

/**
 * /user-coupon: a member redeems a coupon code (spec sections 2 and 3). A one-month coupon is for
 * one of my published items; a 3, 6 or 12-month one gives all my items Swap Assist. The server
 * decides what a code is worth; refusals are the catalogue's words.
 */
export default function UserCouponPage() {
  const { t, i18n } = useTranslation(['coupons', 'errors']);
  const lang = i18n.language;
  usePageMeta({ title: `${t('redeem.title')} | SwapU`, description: t('redeem.intro') });
  const myPosts = useMyPosts();
  const redeem = useRedeemCoupon();
  const [code, setCode] = useState('');
  const [postId, setPostId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [granted, setGranted] = useState<string | null>(null);

  const published = useMemo(() => (myPosts.data ?? []).filter((p) => p.state === 'published'), [myPosts.data]);
  const options = published.map((p) => {
    const title = p.title || t('redeem.untitled');
    return { value: p.id, label: isSpecialItem(p.categories) ? t('redeem.specialItem', { title }) : title };
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGranted(null);
    if (!code.trim()) {
      setErrors({ code: t('redeem.empty') });
      return;
    }
    setErrors({});
    redeem.mutate(
      { code: code.trim(), ...(postId ? { postId } : {}) },
      {
        onSuccess: (r) => {
          const date = formatDateTime(r.until, lang);
          const item = published.find((p) => p.id === r.postId);
          setGranted(
            r.postId ? t('redeem.grantedItem', { item: item?.title || t('redeem.untitled'), date }) : t('redeem.grantedAll', { date }),
          );
          setCode('');
        },
        onError: (err) => {
          const message = t(`errors:${errorCodeOf(err)}`);
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (fields?.postId) setErrors({ item: message });
          else if (fields?.code) setErrors({ code: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="grape">
            <IconTicket size={22} />
          </ThemeIcon>
          <Title order={1}>{t('redeem.title')}</Title>
        </Group>
        <Text c="dimmed">{t('redeem.intro')}</Text>
        {granted && (
          <Alert color="swapu" variant="light" role="status" icon={<IconCheck size={18} />} data-testid="coupon-granted">
            {granted}
          </Alert>
        )}
        <Card padding="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('redeem.code')}
              placeholder={t('redeem.codePlaceholder')}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setErrors((x) => ({ ...x, code: undefined, form: undefined }));
              }}
              error={errors.code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              maw={360}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
            />
            <Select
              label={t('redeem.item')}
              description={t('redeem.itemHint')}
              placeholder={myPosts.data && options.length === 0 ? t('redeem.noItems') : t('redeem.itemPlaceholder')}
              data={options}
              value={postId}
              onChange={(v) => {
                setPostId(v);
                setErrors((x) => ({ ...x, item: undefined, form: undefined }));
              }}
              disabled={myPosts.isSuccess && options.length === 0}
              error={errors.item}
              clearable
              allowDeselect
              maw={360}
              comboboxProps={{ withinPortal: true }}
            />
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={redeem.isPending} leftSection={<IconTicket size={18} />}>
                {t('redeem.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Card padding="lg">
          <Title order={2} fz="lg" mb="sm">
            {t('redeem.typesTitle')}
          </Title>
          <List spacing="xs" fz="sm">
            <List.Item>{t('redeem.about.month_normal')}</List.Item>
            <List.Item>{t('redeem.about.month_special')}</List.Item>
            <List.Item>{t('redeem.about.packages')}</List.Item>
          </List>
          <Text fz="sm" c="dimmed" mt="sm">
            {t('redeem.onceEach')}
          </Text>
        </Card>
        <Anchor component={Link} to={paths.mySwapU} fz="sm">
          {t('redeem.mySwapU')}
        </Anchor>
      </Stack>
    </Container>
  );
}
