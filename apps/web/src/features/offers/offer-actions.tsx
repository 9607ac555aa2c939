import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconFlag, IconMessageCircle, IconPackageImport, IconRepeat, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { OFFER_MESSAGE_MAX } from '@swapu/shared/constants';
import type { Offer, OfferTransition, TransitionBody } from '@swapu/shared/offers';
import { ApiError } from '../../lib/api';
import { memberName } from '../../lib/member-name';
import { OfferEditor } from './offer-editor';
import { draftFromOffer } from './offer-funnel';
import { offerPaths } from './offer-paths';
import { errorText, otherParty } from './offer-text';
import { useMyPublishedItems, useOfferTransition } from './use-offers';

type Dialog = 'decline' | 'suggest_change' | 'withdraw' | 'report_problem' | 'counter';
type Action = Exclude<OfferTransition, 'expire'>;

const ICONS: Record<Action, ReactNode> = {
  accept: <IconCheck size={18} aria-hidden="true" />,
  counter: <IconRepeat size={18} aria-hidden="true" />,
  suggest_change: <IconMessageCircle size={18} aria-hidden="true" />,
  decline: <IconX size={18} aria-hidden="true" />,
  withdraw: <IconArrowBackUp size={18} aria-hidden="true" />,
  resubmit: <IconRepeat size={18} aria-hidden="true" />,
  confirm_receipt: <IconPackageImport size={18} aria-hidden="true" />,
  report_problem: <IconFlag size={18} aria-hidden="true" />,
};
const LOOKS: Record<Action, { variant: string; color?: string }> = {
  accept: { variant: 'filled' },
  resubmit: { variant: 'filled' },
  confirm_receipt: { variant: 'filled' },
  counter: { variant: 'light' },
  suggest_change: { variant: 'light' },
  decline: { variant: 'default', color: 'red' },
  withdraw: { variant: 'light', color: 'red' },
  report_problem: { variant: 'subtle', color: 'red' },
};
/** Buttons in this order, whatever order the server lists them in. */
const ORDER: Action[] = ['accept', 'confirm_receipt', 'resubmit', 'counter', 'suggest_change', 'decline', 'withdraw', 'report_problem'];
/** What a dialog asks for before it sends: a message (required or not), or just a yes. */
const ASKS: Record<Exclude<Dialog, 'counter'>, 'optional' | 'required' | 'confirm'> = {
  decline: 'optional',
  suggest_change: 'required',
  report_problem: 'required',
  withdraw: 'confirm',
};

/**
 * One button per action the server says the viewer may take now. Declining, withdrawing,
 * suggesting a change and reporting a problem ask first; a counter-offer opens the offer editor
 * with the current terms; a counter-offer or resubmission leads to the new offer.
 */
export function OfferActions({ offer, viewerId }: { offer: Offer; viewerId: string }) {
  const { t } = useTranslation(['offers', 'errors']);
  const navigate = useNavigate();
  const transition = useOfferTransition(offer.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState('');
  const [messageMissing, setMessageMissing] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const otherName = memberName(t, otherParty(offer, viewerId).displayName);
  const viewerIsOfferer = viewerId === offer.offerer.id;
  const mine = useMyPublishedItems(dialog === 'counter' && viewerIsOfferer);
  const actions = ORDER.filter((a) => offer.actions.includes(a));
  const errorCode = transition.error instanceof ApiError ? transition.error.code : transition.error ? 'generic' : null;

  const open = (d: Dialog) => {
    transition.reset();
    setMessage('');
    setMessageMissing(false);
    setDialog(d);
  };
  const send = (body: TransitionBody) =>
    transition.mutate(body, {
      onSuccess: (next) => {
        setDialog(null);
        notifications.show({ color: 'swapu', message: t(`done.${body.transition}`, { name: otherName }) });
        if (next.id !== offer.id) navigate(offerPaths.swapOffer(next.id));
      },
    });
  const click = (a: Action) => {
    if (a === 'counter' || a in ASKS) return open(a as Dialog);
    transition.reset();
    send({ transition: a } as TransitionBody);
  };
  const confirmDialog = () => {
    if (!dialog || dialog === 'counter') return;
    const text = message.trim();
    if (ASKS[dialog] === 'required' && !text) return setMessageMissing(true);
    if (dialog === 'withdraw') return send({ transition: 'withdraw' });
    send({ transition: dialog, message: text } as TransitionBody);
  };

  // Expired, or an item went elsewhere: say so (or why the last try failed) above whatever is left to do.
  const invalid = (offer.state === 'pending' && !offer.stillValid) || offer.state === 'expired';
  if (actions.length === 0 && !errorCode && !invalid) return null;
  // Items the offerer may put in a counter-offer: their live listings and whatever is already offered.
  const counterItems = viewerIsOfferer
    ? [...offer.items, ...(mine.data ?? []).filter((p) => !offer.items.some((i) => i.id === p.id))]
    : offer.items;

  return (
    <Stack gap="xs" data-testid="offer-actions">
      {errorCode && !dialog ? (
        <Alert color="red" role="alert" data-testid="offer-action-error">
          {errorText(t, errorCode)}
        </Alert>
      ) : (
        invalid && (
          <Alert color="red" variant="light" data-testid="offer-invalid">
            {t('errors:offer_no_longer_valid')}
          </Alert>
        )
      )}
      {actions.map((a) => (
        <Button
          key={a}
          fullWidth
          {...LOOKS[a]}
          leftSection={ICONS[a]}
          loading={transition.isPending && transition.variables?.transition === a && !dialog}
          disabled={transition.isPending}
          onClick={() => click(a)}
        >
          {t(`actions.${a}`)}
        </Button>
      ))}

      <Dialog
        opened={dialog !== null && dialog !== 'counter'}
        onClose={() => setDialog(null)}
        fixed
        title={dialog && dialog !== 'counter' ? t(`dialog.${dialog}.title`) : ''}
        centered
      >
        {dialog && dialog !== 'counter' && (
          <Stack>
            <Text fz="sm">{t(`dialog.${dialog}.body`, { name: otherName })}</Text>
            {ASKS[dialog] !== 'confirm' && (
              <Textarea
                label={t(`dialog.${dialog}.label`)}
                value={message}
                onChange={(e) => {
                  setMessage(e.currentTarget.value);
                  setMessageMissing(false);
                }}
                autosize
                minRows={3}
                maxLength={OFFER_MESSAGE_MAX}
                withAsterisk={ASKS[dialog] === 'required'}
                error={messageMissing ? t('dialog.messageRequired') : undefined}
                data-autofocus
              />
            )}
            {errorCode && (
              <Alert color="red" role="alert">
                {errorText(t, errorCode)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('dialog.cancel')}
              </Button>
              <Button color={dialog === 'suggest_change' ? undefined : 'red'} loading={transition.isPending} onClick={confirmDialog}>
                {t(`dialog.${dialog}.confirm`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Dialog>

      <Dialog
        opened={dialog === 'counter'}
        onClose={() => setDialog(null)}
        fixed
        title={t('dialog.counter.title')}
        size="xl"
        fullScreen={phone}
      >
        {dialog === 'counter' && (
          <OfferEditor
            inModal
            items={counterItems}
            itemsLoading={viewerIsOfferer && mine.isPending}
            itemsNote={
              !viewerIsOfferer && (
                <Alert color="blue" variant="light">
                  {t('dialog.counter.ownerItemsNote', { name: otherName })}
                </Alert>
              )
            }
            noItems={
              <Text fz="sm" c="dimmed">
                {viewerIsOfferer ? t('items.noneHint') : t('dialog.counter.noItems')}
              </Text>
            }
            initial={draftFromOffer(offer)}
            openToSelling={offer.post.openToSelling}
            offerer={offer.offerer}
            owner={offer.owner}
            viewerId={viewerId}
            submitLabel={t('dialog.counter.confirm')}
            submitting={transition.isPending}
            serverError={errorCode}
            onSubmit={(terms) => send({ transition: 'counter', terms })}
            fairness={{ kind: 'counter', offerId: offer.id }}
          />
        )}
      </Dialog>
    </Stack>
  );
}
