import { TOKEN_CENTS, TOKEN_PURCHASE_MAX, TOKEN_PURCHASE_MIN } from './constants';

/**
 * What can be bought, and its price: the rules both the web app (to show and pre-check) and the
 * server (to charge) use. Prices are GST-inclusive Australian dollars in integer cents.
 */

/** A whole number of tokens from 5 to 500; anything else is 'The Amount of Token You Want to Purchase is Invalid'. */
export const isValidTokenAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isInteger(amount) && amount >= TOKEN_PURCHASE_MIN && amount <= TOKEN_PURCHASE_MAX;

/** The GST inside a GST-inclusive price (one eleventh, rounded to the cent). */
export const gstOf = (cents: number) => Math.round(cents / 11);

export type Purchase = { kind: 'tokens'; amount: number };

export const priceOf = (p: Purchase): number => {
  switch (p.kind) {
    case 'tokens':
      return p.amount * TOKEN_CENTS;
  }
};
