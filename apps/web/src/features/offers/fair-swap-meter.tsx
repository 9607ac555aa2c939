import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Popover,
  Progress,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconScale } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import type { Fairness, FairnessItem, FairnessSide } from '@swapu/shared/fairness';
import {
  FAIRNESS_MIN_COMPARABLES,
  FAIRNESS_SAMPLE_MAX,
  FAIRNESS_TOLERANCE_MIN_CENTS,
  FAIRNESS_TOLERANCE_PERCENT,
} from '@swapu/shared/fairness-rules';
import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/format';
import { useFairness, type FairnessSource } from './use-fairness';
import classes from './fair-swap-meter.module.css';

/**
 * The fair-swap meter (issue 41 item 1, decision 0051): both sides of a swap at their stated and
 * market values, each item's estimate and how many similar items it rests on, and the verdict for
 * the viewer, with how it is worked out one tap away. Loaded on its own (fair-swap-meter-lazy.tsx)
 * and asked for on its own: while it loads or when it fails, the offer goes on without it.
 */
export default function FairSwapMeter({ source }: { source: FairnessSource }) {
  const { t } = useTranslation('fairness');
  const fairness = useFairness(source);
  if (fairness.isPending)
    return (
      <Card padding="md" className={classes.meter} aria-busy="true" data-testid="fair-swap-meter">
        <Heading />
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
        <Stack gap="xs" mt="sm">
          <Skeleton height={28} width="55%" radius="xl" />
          <Skeleton height={10} radius="xl" />
          <Skeleton height={48} />
        </Stack>
      </Card>
    );
  if (fairness.isError)
    return (
      <Card padding="md" className={classes.meter} data-testid="fair-swap-meter">
        <Heading />
        <Text fz="sm" c="dimmed" mt="xs" data-testid="fairness-unavailable">
          {t('unavailable')}
        </Text>
        <Button variant="subtle" size="compact-sm" mt={4} px={0} onClick={() => void fairness.refetch()}>
          {t('retry')}
        </Button>
      </Card>
    );
  return <Meter fairness={fairness.data} stale={fairness.isPlaceholderData} />;
}

function Heading({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('fairness');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap">
        <IconScale size={20} color="var(--mantine-color-swapu-7)" aria-hidden="true" />
        <Text component="h2" fw={700} fz="md" m={0}>
          {t('title')}
        </Text>
      </Group>
      {children}
    </Group>
  );
}

const COLOR = { fair: 'swapu', in_your_favour: 'blue', in_their_favour: 'orange' } as const;

function Meter({ fairness: f, stale }: { fairness: Fairness; stale: boolean }) {
  const { t, i18n } = useTranslation('fairness');
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const total = f.yours.marketCents + f.theirs.marketCents;
  const giveShare = total ? (100 * f.yours.marketCents) / total : 50;
  return (
    <Card padding="md" className={classes.meter} data-testid="fair-swap-meter" style={{ opacity: stale ? 0.6 : 1 }}>
      <Heading>
        <How />
      </Heading>
      <Stack gap={6} mt="sm" aria-live="polite">
        <Badge size="lg" radius="xl" variant="light" color={COLOR[f.verdict]} className={classes.verdict} data-testid="fairness-verdict">
          {t(`verdict.${f.verdict}`, { amount: money(f.differenceCents) })}
        </Badge>
        {f.verdict === 'fair' && (
          <Text fz="xs" c="dimmed">
            {f.differenceCents ? t('fairGap', { amount: money(f.differenceCents) }) : t('fairEven')}
          </Text>
        )}
      </Stack>
      <Box mt="sm">
        <VisuallyHidden>{t('balance', { give: money(f.yours.marketCents), get: money(f.theirs.marketCents) })}</VisuallyHidden>
        <Progress.Root size={10} radius="xl" aria-hidden="true">
          <Progress.Section value={giveShare} color="gray.5" />
          <Progress.Section value={100 - giveShare} color={COLOR[f.verdict]} />
        </Progress.Root>
      </Box>
      <div className={classes.sides}>
        <Side label={t('youGive')} side={f.yours} testId="fairness-yours" />
        <Side label={t('youGet')} side={f.theirs} testId="fairness-theirs" />
      </div>
    </Card>
  );
}

function Side({ label, side, testId }: { label: string; side: FairnessSide; testId: string }) {
  const { t, i18n } = useTranslation('fairness');
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Stack gap={6} data-testid={testId}>
      <div>
        <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Text fw={800} fz="lg" lh={1.2} data-testid={`${testId}-market`}>
          {t('marketTotal', { amount: money(side.marketCents) })}
        </Text>
        {side.statedCents !== side.marketCents && (
          <Text fz="xs" c="dimmed">
            {t('statedTotal', { amount: money(side.statedCents) })}
          </Text>
        )}
      </div>
      <Stack gap={6} component="ul" className={classes.items}>
        {side.items.map((item) => (
          <ItemLine key={item.postId} item={item} />
        ))}
        {side.cashCents > 0 && (
          <li>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm" fw={600}>
                {t('cash')}
              </Text>
              <Text fz="sm" fw={600}>
                {money(side.cashCents)}
              </Text>
            </Group>
          </li>
        )}
        {!side.items.length && !side.cashCents && (
          <li>
            <Text fz="sm" c="dimmed">
              {t('nothing')}
            </Text>
          </li>
        )}
      </Stack>
    </Stack>
  );
}

function ItemLine({ item }: { item: FairnessItem }) {
  const { t, i18n } = useTranslation('fairness');
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <li data-testid="fairness-item">
      <Text fz="sm" fw={600} lineClamp={1} data-user-content>
        {item.title}
      </Text>
      <Text fz="xs">
        {t('stated', { amount: money(item.statedCents) })}
        {item.estimateCents !== null && <> · {t('estimate', { amount: money(item.estimateCents) })}</>}
      </Text>
      {item.estimateCents !== null ? (
        <Text fz="xs" c="dimmed" data-testid="fairness-based-on">
          {t('basedOn', { count: item.comparables })}
        </Text>
      ) : (
        <Text fz="xs" c="sand.9" fw={600} data-testid="fairness-not-enough">
          {t('notEnoughData')}
          {item.comparables > 0 && <> ({t('similarFound', { count: item.comparables })})</>}
        </Text>
      )}
    </li>
  );
}

/**
 * "How is this worked out?": the rules in a small dialog the button opens, on a tap (a phone has no
 * hover), a click or a key; focus goes into it and back to the button, Escape or "Close" shuts it.
 */
function How() {
  const { t, i18n } = useTranslation('fairness');
  const id = useId();
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={320}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      // No taller than the room left on screen: it scrolls inside itself (fair-swap-meter.module.css).
      middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          radius="xl"
          aria-label={t('how')}
          onClick={() => setOpened((o) => !o)}
          data-testid="fairness-how"
        >
          <IconInfoCircle size={22} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={id} className={classes.how} data-testid="fairness-explained">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text id={id} fw={700} fz="sm">
              {t('how')}
            </Text>
            <CloseButton size="sm" aria-label={t('close')} onClick={() => setOpened(false)} data-autofocus />
          </Group>
          <Text fz="sm">{t('explain.estimate', { max: FAIRNESS_SAMPLE_MAX })}</Text>
          <Text fz="sm">{t('explain.notEnough', { min: FAIRNESS_MIN_COMPARABLES })}</Text>
          <Text fz="sm">
            {t('explain.verdict', {
              percent: FAIRNESS_TOLERANCE_PERCENT,
              min: formatMoney(FAIRNESS_TOLERANCE_MIN_CENTS, i18n.language),
            })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('explain.guide')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
