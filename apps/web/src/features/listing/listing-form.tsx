import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import type { PostDetail } from '@swapu/shared/api';
import type { ErrorCode } from '@swapu/shared/errors';
import { LISTING_STEPS, listingStepOf, type ListingStep } from '@swapu/shared/listing-funnel';
import { paths } from '@swapu/shared/paths';
import { ApiError, errorCodeOf } from '../../lib/api';
import { publishPost, savePost } from './listing-api';
import { CategoriesStep, DetailsStep, ValueStep } from './listing-steps';
import { stepErrors, toPostFields, type ListingErrors, type ListingValues } from './listing-values';
import { LocationStep, type LocalityFieldProps } from './location-step';
import { PhotosStep } from './photos-step';
import { SizeStep } from './size-step';
import { useListingDraft, type SaveStatus } from './use-listing-draft';
import { usePhotoUploads } from './use-photo-uploads';
import classes from './listing-form.module.css';
import { StepProgress } from '../../components/step-progress';
import { KEEP_SCROLL } from '../../lib/keep-scroll';
import { useFunnel } from '../../lib/use-funnel';
import { groupKey } from '../../lib/query-keys';

const LAST = LISTING_STEPS.length - 1;
const PHOTO_MISSING_ID = 'listing-photo-missing';

/** The address of a step of a saved listing: reloading it opens the same draft at the same step. */
export const editStepPath = (id: string, step: number) => `${paths.editPost(id)}?step=${step + 1}`;

/** The page around the form: a card on wide screens, edge to edge on phones. */
export function ListingShell({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <div className={classes.shell}>{children}</div>
    </Container>
  );
}

function SaveState({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('listing');
  return (
    <Text fz="xs" c={status === 'error' ? 'orange.8' : 'dimmed'} aria-live="polite" data-testid="save-status" data-status={status}>
      {status === 'idle' ? '' : t(`save.${status}`)}
    </Text>
  );
}

/**
 * The six-step listing form (photos, details, categories, value, size, location). "Next" runs
 * the shared rules of the step's fields and shows the catalogue message under each field; the
 * last step publishes a draft, or saves a live listing. Drafts save themselves as they change.
 */
export function ListingForm({
  initial,
  initialStep,
  onCreated,
  localityField,
}: {
  initial: PostDetail | null;
  initialStep: number;
  /** Told when this form created the draft (the page then keeps it while the URL changes). */
  onCreated: (post: PostDetail) => void;
  localityField: (props: LocalityFieldProps) => ReactNode;
}) {
  const { t, i18n } = useTranslation(['listing', 'errors']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const live = initial?.state === 'published';
  const [step, setStep] = useState(initialStep);
  const stepRef = useRef(step);
  const moved = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [checked, setChecked] = useState<ReadonlySet<ListingStep>>(new Set());
  const [serverErrors, setServerErrors] = useState<ListingErrors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A listing needs a photo: the photo step is not left without one (issue 37).
  const [photoAsked, setPhotoAsked] = useState(false);

  const created = useCallback(
    (post: PostDetail) => {
      onCreated(post);
      // From here on the address is the draft's own: a reload resumes it at this step.
      navigate(editStepPath(post.id, stepRef.current), { replace: true, state: KEEP_SCROLL });
    },
    [navigate, onCreated],
  );
  const draft = useListingDraft({ initial, onCreated: created });
  const photos = usePhotoUploads({ initial: initial?.images ?? [], ensureDraft: draft.ensureDraft });
  const { values, postId } = draft;
  const current = LISTING_STEPS[step]!;
  const noPhoto = photos.images.length === 0;
  const photoMissing = photoAsked && noPhoto;

  const set = (patch: Partial<ListingValues>) => {
    draft.setValues(patch);
    if (Object.keys(serverErrors).length) setServerErrors({});
    if (formError) setFormError(null);
  };

  const goTo = (next: number) => {
    const leaving = stepRef.current;
    stepRef.current = next;
    setStep(next);
    // Leaving the details step (or any later one) saves, creating the draft if need be.
    void draft.flush({ create: leaving >= 1 });
    if (postId) navigate(editStepPath(postId, next), { replace: true, state: KEEP_SCROLL });
    window.scrollTo({ top: 0 });
    moved.current = true;
  };
  /** Leaving the photo step (or saving, publishing) without a photo: stay there, say why. */
  const needsPhoto = () => {
    if (!noPhoto) return false;
    setPhotoAsked(true);
    if (stepRef.current !== 0) goTo(0);
    return true;
  };
  /** A step chosen on the progress bar: not past the photo step without a photo. */
  const choose = (i: number) => {
    if (current === 'photos' && i !== step && needsPhoto()) return;
    goTo(i);
  };
  // A new step is announced: focus moves to its heading (not on the first screen).
  useEffect(() => {
    if (moved.current) heading.current?.focus({ preventScroll: true });
  }, [step]);
  // The listing-creation funnel follows new listings and drafts, not changes to a live one.
  const funnel = useFunnel('listing_creation');
  useEffect(() => {
    if (!live) funnel.step(step);
  }, [funnel, live, step]);

  const next = () => {
    if (current === 'photos' && needsPhoto()) return;
    setChecked((s) => new Set(s).add(current));
    if (Object.keys(stepErrors(current, values, { live })).length) return;
    setFormError(null);
    goTo(step + 1);
  };

  /** Server errors: each under its field, on the step that owns it; anything else above the buttons. */
  const showServerError = (e: unknown) => {
    const code = errorCodeOf(e);
    const fields = Object.entries(e instanceof ApiError ? (e.fields ?? {}) : {}).filter(
      ([field, c]) => listingStepOf(field) && i18n.exists(`errors:${c}`),
    ) as Array<[string, ErrorCode]>;
    if (!fields.length) return setFormError(code);
    setServerErrors(Object.fromEntries(fields));
    goTo(LISTING_STEPS.indexOf(listingStepOf(fields[0]![0])!));
  };

  const finish = async () => {
    // Publishing needs a photo; a live listing's other fields save from any other step.
    if ((!live || current === 'photos') && needsPhoto()) return;
    const now = draft.valuesNow();
    const failing = LISTING_STEPS.findIndex((s) => Object.keys(stepErrors(s, now, { live })).length > 0);
    if (failing >= 0) {
      setChecked((c) => new Set(c).add(LISTING_STEPS[failing]!));
      if (failing !== step) goTo(failing);
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      let id: string;
      if (live && initial) {
        id = initial.id;
        await savePost(id, toPostFields(now));
      } else {
        const saveError = await draft.flush();
        if (saveError) throw saveError;
        id = await draft.ensureDraft();
        await publishPost(id);
      }
      if (!live) funnel.complete();
      await qc.invalidateQueries({ queryKey: groupKey('posts') });
      notifications.show({ color: 'swapu', message: live ? t('saved') : t('published') });
      navigate(paths.viewPost(id));
    } catch (e) {
      showServerError(e);
    } finally {
      setSubmitting(false);
    }
  };

  const errors: ListingErrors = { ...(checked.has(current) ? stepErrors(current, values, { live }) : {}), ...serverErrors };
  const stepProps = { values, set, errors };

  return (
    <Stack gap="lg">
      <Stack gap={8}>
        <Group justify="space-between" gap="xs">
          <Text fz="sm" fw={600} c="swapu.8" data-testid="listing-progress">
            {t('progress', { step: step + 1, total: LISTING_STEPS.length })}
          </Text>
          {draft.autosave && <SaveState status={draft.status} />}
        </Group>
        <StepProgress
          steps={LISTING_STEPS.map((s) => ({ short: t(`stepsShort.${s}`), full: t(`steps.${s}`) }))}
          step={step}
          label={t('progress', { step: step + 1, total: LISTING_STEPS.length })}
          onStepClick={choose}
          selectable={(i) => (live ? i !== step : i < step)}
        />
      </Stack>

      <Stack gap={4}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t(`steps.${current}`)}
        </Title>
        <Text c="dimmed" fz="sm">
          {t(`stepIntro.${current}`)}
        </Text>
      </Stack>

      <Box data-testid={`step-${current}`}>
        {current === 'photos' && <PhotosStep photos={photos} />}
        {current === 'details' && <DetailsStep {...stepProps} />}
        {current === 'categories' && <CategoriesStep {...stepProps} />}
        {current === 'value' && <ValueStep {...stepProps} />}
        {current === 'size' && <SizeStep {...stepProps} />}
        {current === 'location' && <LocationStep {...stepProps} images={photos.images} localityField={localityField} />}
      </Box>

      {formError && (
        <Alert color="red" role="alert">
          {t(`errors:${formError}`)}
        </Alert>
      )}
      {current === 'photos' && photoMissing && (
        <Alert color="red" role="alert" id={PHOTO_MISSING_ID}>
          {t(photos.pending.length ? 'photos.stillUploading' : 'photos.required')}
        </Alert>
      )}

      <div className={classes.actionsSpacer} aria-hidden="true" />
      <div className={classes.actions}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            onClick={() => goTo(step - 1)}
            disabled={step === 0}
            leftSection={<IconChevronLeft size={18} aria-hidden="true" />}
          >
            {t('nav.back')}
          </Button>
          <Group gap="xs" wrap="nowrap">
            {live && step < LAST && (
              <Button
                variant="light"
                onClick={() => void finish()}
                loading={submitting}
                disabled={photos.busy}
                aria-describedby={photoMissing ? PHOTO_MISSING_ID : undefined}
              >
                {t('nav.saveChanges')}
              </Button>
            )}
            {step < LAST ? (
              <Button
                onClick={next}
                rightSection={<IconChevronRight size={18} aria-hidden="true" />}
                aria-describedby={photoMissing ? PHOTO_MISSING_ID : undefined}
              >
                {t('nav.next')}
              </Button>
            ) : (
              <Button
                onClick={() => void finish()}
                loading={submitting}
                disabled={photos.busy}
                aria-describedby={photoMissing ? PHOTO_MISSING_ID : undefined}
              >
                {live ? t('nav.saveChanges') : t('nav.publish')}
              </Button>
            )}
          </Group>
        </Group>
      </div>
    </Stack>
  );
}
