import type { TFunction } from '../../i18n/core';
import type { OfferState, OfferSummary } from '@swapu/shared/offers';
import { formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';

type Party = OfferSummary['offerer'];
type CashTerms = Pick<OfferSummary, 'cashKind' | 'cashCents' | 'proposedBy' | 'offerer' | 'owner'>;

/** The viewer's counterpart in an offer (for an admin looking on: the owner). */
export const otherParty = (o: Pick<OfferSummary, 'offerer' | 'owner'>, viewerId: string | null): Party =>
  viewerId === o.owner.id ? o.offerer : o.owner;

/**
 * The cash part of an offer in words, from the viewer's side: who pays, and whether the
 * proposer pays it or asks the other party to. "add" is paid by the offerer, "request" by the
 * owner (the offerer asked for it), "only" by the offerer instead of items.
 */
export function cashPhrase(o: CashTerms, viewerId: string | null, locale: string): { key: string; values: Record<string, string> } {
  const amount = formatMoney(o.cashCents, locale);
  if (o.cashKind === 'none' || o.cashCents === 0) return { key: 'cash.none', values: {} };
  if (o.cashKind === 'only') return { key: 'cash.only', values: { amount } };
  const payer = o.cashKind === 'add' ? o.offerer : o.owner;
  const proposer = o.proposedBy === 'offerer' ? o.offerer : o.owner;
  if (payer.id === proposer.id)
    return payer.id === viewerId
      ? { key: 'cash.youAdd', values: { amount } }
      : { key: 'cash.adds', values: { name: payer.displayName, amount } };
  if (proposer.id === viewerId) return { key: 'cash.youAsk', values: { name: payer.displayName, amount } };
  if (payer.id === viewerId) return { key: 'cash.asksYou', values: { name: proposer.displayName, amount } };
  return { key: 'cash.asks', values: { name: proposer.displayName, other: payer.displayName, amount } };
}

export const describeCash = (t: TFunction, o: CashTerms, viewerId: string | null, locale: string) => {
  const { key, values } = cashPhrase(o, viewerId, locale);
  return t(`offers:${key}`, { ...values, name: memberName(t, values.name), other: memberName(t, values.other) });
};

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Time left until an offer expires, in the largest unit that reads well: days from two days
 * up (rounded, so a fresh 7-day offer says "7 days"), hours below that, then minutes.
 */
export function timeLeft(expiresAt: string, now = Date.now()): { key: 'days' | 'hours' | 'minutes' | 'expired'; count: number } {
  const ms = new Date(expiresAt).getTime() - now;
  if (!(ms > 0)) return { key: 'expired', count: 0 };
  if (ms >= 2 * DAY) return { key: 'days', count: Math.round(ms / DAY) };
  if (ms >= HOUR) return { key: 'hours', count: Math.ceil(ms / HOUR) };
  return { key: 'minutes', count: Math.max(1, Math.ceil(ms / 60_000)) };
}

export const describeTimeLeft = (t: TFunction, expiresAt: string, now = Date.now()) => {
  const { key, count } = timeLeft(expiresAt, now);
  return t(`offers:timeLeft.${key}`, { count });
};

/** The badge of an offer: a pending one reads "sent" or "received" from the viewer's side. */
export function stateLabel(o: Pick<OfferSummary, 'state' | 'box'>): { key: string; color: string } {
  if (o.state === 'pending') return { key: `box.${o.box ?? 'sent'}`, color: o.box === 'received' ? 'orange' : 'blue' };
  return { key: `state.${o.state}`, color: STATE_COLORS[o.state] };
}

const STATE_COLORS: Record<OfferState, string> = {
  pending: 'blue',
  accepted: 'teal',
  declined: 'red',
  countered: 'violet',
  withdrawn: 'gray',
  expired: 'gray',
  completed: 'swapu',
  disputed: 'red',
};

/** An API failure in the catalogue's words, 'An error occurred' for a code it does not know. */
export const errorText = (t: TFunction, code: string) => t([`errors:${code}`, 'errors:generic']);
