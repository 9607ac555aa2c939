import { Anchor, Button, Card, Container, Group, NumberInput, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { TOKEN_CENTS, TOKEN_PURCHASE_MAX, TOKEN_PURCHASE_MIN } from '@swapu/shared/constants';
import { gstOf, isValidTokenAmount } from '@swapu/shared/purchases';
import { LoadError } from '../../components/load-error';
import { CheckoutOutcome } from '../../features/money/checkout-outcome';
import { ExtraSwipes } from '../../features/money/extra-swipes';
import { goToCheckout, useBuyTokens, useTokens } from '../../features/money/use-money';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';

const QUICK_AMOUNTS = [10, 20, 50, 100];

/** Where a purchase started here returns to (an app path only). */
const safeReturn = (v: string | null) => (v && /^\/(?![/\\])/.test(v) ? v : null);

function BuyTokens() {
  const { t, i18n } = useTranslation(['tokens', 'errors']);
  const [params] = useSearchParams();
  const [amount, setAmount] = useState<number | string>(20);
  const [error, setError] = useState<string | null>(null);
  const buy = useBuyTokens();
  const navigate = useNavigate();
  const valid = isValidTokenAmount(amount);
  const price = valid ? amount * TOKEN_CENTS : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isValidTokenAmount(amount)) {
      setError(t('errors:token_amount_invalid'));
      return;
    }
    buy.mutate(
      { amount, returnTo: safeReturn(params.get('returnTo')) ?? '/tokens' },
      {
        onSuccess: ({ url }) => goToCheckout(navigate, url),
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };
  return (
    <Card padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('buyTitle')}
        </Title>
        <Group gap="xs">
          {QUICK_AMOUNTS.map((n) => (
            <Button key={n} variant={amount === n ? 'filled' : 'light'} size="compact-md" onClick={() => (setAmount(n), setError(null))}>
              {n}
            </Button>
          ))}
        </Group>
        <NumberInput
          label={t('amountLabel')}
          description={t('amountHint')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          min={TOKEN_PURCHASE_MIN}
          max={TOKEN_PURCHASE_MAX}
          allowDecimal
          allowNegative={false}
          clampBehavior="none"
          error={error}
          maw={260}
        />
        {valid && (
          <Text fz="sm" data-testid="token-total">
            {t('total', { price: formatMoney(price, i18n.language), gst: formatMoney(gstOf(price), i18n.language) })}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={buy.isPending} leftSection={<IconCoins size={18} />}>
            {t('buy')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function History() {
  const { t, i18n } = useTranslation(['tokens', 'receipts']);
  const tokens = useTokens();
  if (tokens.isError) return <LoadError onRetry={() => void tokens.refetch()} />;
  if (!tokens.data) return <Skeleton h={120} radius="md" />;
  const { entries } = tokens.data;
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            {t('historyTitle')}
          </Title>
          <Anchor component={Link} to={paths.receipts} fz="sm">
            {t('receipts:link')}
          </Anchor>
        </Group>
        {entries.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('historyEmpty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((e) => (
              <Group key={e.id} component="li" justify="space-between" py="xs" wrap="nowrap" data-testid="token-entry">
                <div>
                  <Text fz="sm" fw={600}>
                    {t(`reason.${e.reason}`, { title: e.postTitle ?? '' })}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(e.createdAt, i18n.language)}
                  </Text>
                </div>
                <Text fw={700} c={e.delta > 0 ? 'swapu.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {e.delta > 0 ? `+${e.delta}` : e.delta}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export default function TokensPage() {
  const { t } = useTranslation(['tokens', 'pages']);
  const tokens = useTokens();
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconCoins size={22} />
          </ThemeIcon>
          <Title order={1}>{t('title')}</Title>
        </Group>
        <Text c="dimmed">{t('intro')}</Text>
        <CheckoutOutcome paid={t('returned.paid')} />
        <Card padding="lg" data-testid="token-balance">
          <Text fz="sm" c="dimmed">
            {t('balance')}
          </Text>
          {tokens.data ? (
            <Text fz={32} fw={800}>
              {t('balanceValue', { count: tokens.data.balance })}
            </Text>
          ) : (
            <Skeleton h={40} w={160} mt={4} />
          )}
        </Card>
        <BuyTokens />
        <ExtraSwipes />
        <History />
      </Stack>
    </Container>
  );
}
