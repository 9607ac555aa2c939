import { Alert, Box, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { PostCard } from '@swapu/shared/api';
import { OFFER_MESSAGE_MAX } from '@swapu/shared/constants';
import type { OfferSummary, OfferTerms } from '@swapu/shared/offers';
import { draftToTerms, OFFER_FUNNEL_STEPS, stepError, type OfferDraft } from './offer-funnel';
import { errorText } from './offer-text';
import classes from './offers.module.css';
import { CashStep, ExpiryStep, ItemsStep, otherName, ReviewStep } from './offer-editor-steps';
import { StepProgress } from '../../components/step-progress';
import { EditorMeter, type EditorFairness } from './offer-editor-meter';
import { memberName } from '../../lib/member-name';

export { ItemThumb } from '../../components/item-thumb';

type Party = OfferSummary['offerer'];

export interface OfferEditorProps {
  /** What may go in the offer: the offerer's live listings, or for an owner countering, the items on the table. */
  items: PostCard[];
  itemsLoading?: boolean;
  /** Shown above the items (why the choice is what it is). */
  itemsNote?: ReactNode;
  /** Shown when there are no items to choose from. */
  noItems?: ReactNode;
  initial: OfferDraft;
  /** The target post is open to selling: "cash only" is a choice. */
  openToSelling: boolean;
  offerer: Party;
  owner: Party;
  viewerId: string;
  submitLabel: string;
  submitting: boolean;
  /** A catalogue code from the server. */
  serverError: string | null;
  onSubmit: (terms: OfferTerms) => void;
  /** Inside a dialog: the Back/Next bar sticks to the dialog, not above the bottom navigation. */
  inModal?: boolean;
  /** Told each step shown, by its index in OFFER_FUNNEL_STEPS, the first included (the swap-offer funnel). */
  onStep?: (index: number) => void;
  /** The fair-swap meter's subject, shown under the items, cash and review steps (none: no meter). */
  fairness?: EditorFairness;
}

/**
 * The five-step offer editor (items, cash, message, expiry, review), for a new offer and for a
 * counter-offer alike. "Next" from the cash step runs the shared rule: items or cash, or
 * 'No valid offer method was chosen. Please try again.'
 */
export function OfferEditor(props: OfferEditorProps) {
  const { t } = useTranslation(['offers', 'errors']);
  const [draft, setDraft] = useState<OfferDraft>(props.initial);
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState(false);
  // Each refused "Next" or "Send": the message is brought into view (on a phone it sits below the fold).
  const [attempt, setAttempt] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const current = OFFER_FUNNEL_STEPS[step]!;
  const LAST = OFFER_FUNNEL_STEPS.length - 1;
  const set = (patch: Partial<OfferDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const error = tried ? stepError(current, draft) : null;
  const progress = t('progress', {
    step: step + 1,
    total: OFFER_FUNNEL_STEPS.length,
  });

  const refuse = () => {
    setTried(true);
    setAttempt((n) => n + 1);
  };
  const goTo = (i: number) => {
    setTried(false);
    setStep(i);
    // A new step starts at its top, its heading focused (announced to screen readers).
    if (props.inModal) root.current?.scrollIntoView?.({ block: 'start' });
    else window.scrollTo({ top: 0 });
    moved.current = true;
  };
  useEffect(() => {
    if (moved.current) heading.current?.focus({ preventScroll: true });
  }, [step]);
  const { onStep } = props;
  useEffect(() => {
    onStep?.(step);
  }, [onStep, step]);
  useEffect(() => {
    if (attempt) root.current?.querySelector('[role="alert"]')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [attempt]);
  const next = () => {
    if (stepError(current, draft)) return refuse();
    goTo(step + 1);
  };
  const send = () => {
    if (stepError('review', draft)) {
      setStep(OFFER_FUNNEL_STEPS.indexOf('cash'));
      return refuse();
    }
    props.onSubmit(draftToTerms(draft));
  };

  return (
    <Stack gap="lg" ref={root} style={{ scrollMarginTop: props.inModal ? 80 : 'calc(var(--swapu-header-h) + 56px)' }}>
      <Stack gap={8}>
        <Text fz="sm" fw={600} c="swapu.8" data-testid="offer-progress">
          {progress}
        </Text>
        <StepProgress
          steps={OFFER_FUNNEL_STEPS.map((s) => ({ short: t(`stepsShort.${s}`), full: t(`steps.${s}`) }))}
          step={step}
          label={progress}
          onStepClick={goTo}
          selectable={(i) => i < step}
        />
      </Stack>

      <Stack gap={4}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t(`steps.${current}`)}
        </Title>
        <Text c="dimmed" fz="sm">
          {t(`stepIntro.${current}`, { name: memberName(t, otherName(props)) })}
        </Text>
      </Stack>

      <Box data-testid={`offer-step-${current}`}>
        {current === 'items' && <ItemsStep {...props} draft={draft} set={set} />}
        {current === 'cash' && (
          <CashStep {...props} draft={draft} set={set} cashError={error?.field === 'cash' ? errorText(t, error.code) : undefined} />
        )}
        {current === 'message' && (
          <Textarea
            label={t('message.label')}
            description={t('message.help')}
            placeholder={t('message.placeholder', { name: memberName(t, otherName(props)) })}
            value={draft.message}
            onChange={(e) => set({ message: e.currentTarget.value })}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={OFFER_MESSAGE_MAX}
          />
        )}
        {current === 'expiry' && <ExpiryStep draft={draft} set={set} />}
        {current === 'review' && <ReviewStep {...props} draft={draft} goTo={goTo} />}
      </Box>

      {props.fairness && (current === 'items' || current === 'cash' || current === 'review') && (
        <EditorMeter of={props.fairness} draft={draft} />
      )}

      {error?.field === 'form' && (
        <Alert color="red" role="alert" data-testid="offer-error">
          {errorText(t, error.code)}
        </Alert>
      )}
      {props.serverError && !error && (
        <Alert color="red" role="alert" data-testid="offer-error">
          {errorText(t, props.serverError)}
        </Alert>
      )}

      <div className={props.inModal ? classes.actionsInModal : classes.actions}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            onClick={() => goTo(step - 1)}
            disabled={step === 0}
            leftSection={<IconChevronLeft size={18} aria-hidden="true" />}
          >
            {t('nav.back')}
          </Button>
          {step < LAST ? (
            <Button onClick={next} rightSection={<IconChevronRight size={18} aria-hidden="true" />}>
              {t('nav.next')}
            </Button>
          ) : (
            <Button onClick={send} loading={props.submitting} leftSection={<IconSend size={18} aria-hidden="true" />}>
              {props.submitLabel}
            </Button>
          )}
        </Group>
      </div>
    </Stack>
  );
}
