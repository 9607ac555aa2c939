import { EMAIL_PATTERN } from '@swapu/shared/constants';
import { isSpecificStreetAddress } from '@swapu/shared/delivery';
import type { DeliveryDraft, DeliveryOrderBody, DeliveryPartyBody } from '@swapu/shared/delivery-api';
import { isWeekend } from './delivery-text';

/** A suburb/postcode picked from the localities list. */
export interface Place {
  suburb: string;
  postcode: string;
}

/** The page's suburb/postcode field (the profile's LocalityInput), handed in: a feature does not reach into another. */
export interface PlaceInputProps {
  label: string;
  placeholder?: string;
  initial?: string;
  error?: string | undefined;
  onPick: (place: Place | null) => void;
}

export type Side = 'sender' | 'receiver';
export const SIDES: readonly Side[] = ['sender', 'receiver'];

export interface PartyValues {
  name: string;
  street: string;
  place: Place | null;
  email: string;
  /** The other party's email is on file (shown masked): the server passes it to the courier. */
  useOnFile: boolean;
}
export const MEASURES = ['weightKg', 'lengthCm', 'widthCm', 'heightCm'] as const;
export type Measure = (typeof MEASURES)[number];
interface OrderValues {
  sender: PartyValues;
  receiver: PartyValues;
  itemDescription: string;
  parcel: Record<Measure, number | string>;
  pickupDate: string;
  instructions: string;
}
/** Field errors by the API's field names ('sender.street', 'parcel.weightKg', 'pickupDate', …), as catalogue codes or delivery texts. */
export type Errors = Partial<Record<string, string>>;

export const isViewerSide = (draft: DeliveryDraft, side: Side) => (side === 'sender') === draft.viewerIsSender;

function initialParty(draft: DeliveryDraft, side: Side): PartyValues {
  const p = draft[side];
  const onFile = p.emailOnFile && !isViewerSide(draft, side);
  return {
    name: p.name,
    street: p.street,
    place: p.suburb && p.postcode ? { suburb: p.suburb, postcode: p.postcode } : null,
    email: onFile ? '' : p.email,
    useOnFile: onFile,
  };
}

export const initialValues = (draft: DeliveryDraft): OrderValues => ({
  sender: initialParty(draft, 'sender'),
  receiver: initialParty(draft, 'receiver'),
  itemDescription: draft.itemDescription,
  parcel: { ...draft.parcel },
  pickupDate: draft.earliestPickup ?? '',
  instructions: '',
});

const positive = (v: number | string) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The server's rules that the browser can check: names, a street a courier can find, a picked
 * suburb, an email where none is on file, the parcel's measures, a weekday pickup on or after the
 * earliest one. Public holidays are the server's to refuse.
 */
export function validate(v: OrderValues, draft: DeliveryDraft): Errors {
  const errs: Errors = {};
  for (const side of SIDES) {
    const p = v[side];
    if (!p.name.trim()) errs[`${side}.name`] = 'name_invalid';
    if (!isSpecificStreetAddress(p.street)) errs[`${side}.street`] = 'address_not_specific';
    if (!p.place) errs[`${side}.suburb`] = 'address_invalid';
    if (!p.useOnFile) {
      const email = p.email.trim();
      if (email ? !EMAIL_PATTERN.test(email) : !draft[side].emailOnFile) errs[`${side}.email`] = 'email_invalid';
    }
  }
  if (!v.itemDescription.trim()) errs.itemDescription = 'delivery:order.descriptionRequired';
  if (!positive(v.parcel.weightKg)) errs['parcel.weightKg'] = 'weight_required';
  for (const m of ['lengthCm', 'widthCm', 'heightCm'] as const) if (!positive(v.parcel[m])) errs[`parcel.${m}`] = 'dimensions_required';
  const day = v.pickupDate;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || isWeekend(day) || (draft.earliestPickup !== null && day < draft.earliestPickup))
    errs.pickupDate = 'pickup_date_invalid';
  return errs;
}

function partyBody(p: PartyValues): DeliveryPartyBody {
  const email = p.email.trim();
  return {
    name: p.name.trim(),
    street: p.street.trim(),
    suburb: p.place!.suburb,
    postcode: p.place!.postcode,
    ...(!p.useOnFile && email ? { email } : {}),
  };
}

export const bodyOf = (v: OrderValues, draft: DeliveryDraft): DeliveryOrderBody => ({
  postId: draft.postId,
  offerId: draft.offerId,
  receiverId: draft.receiver.userId,
  sender: partyBody(v.sender),
  receiver: partyBody(v.receiver),
  itemDescription: v.itemDescription.trim(),
  parcel: {
    weightKg: Number(v.parcel.weightKg),
    lengthCm: Number(v.parcel.lengthCm),
    widthCm: Number(v.parcel.widthCm),
    heightCm: Number(v.parcel.heightCm),
  },
  pickupDate: v.pickupDate,
  instructions: v.instructions.trim(),
});

/** The API's field name for the form's field ('sender.postcode' is shown on the suburb field). */
export const fieldOf = (key: string) => key.replace(/\.postcode$/, '.suburb');
export const FIELDS = new Set([
  ...SIDES.flatMap((s) => ['name', 'street', 'suburb', 'email'].map((f) => `${s}.${f}`)),
  'itemDescription',
  ...MEASURES.map((m) => `parcel.${m}`),
  'pickupDate',
  'instructions',
]);
