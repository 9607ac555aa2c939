/**
 * The local provider's card check (the embedded default's own checkout page): it accepts the
 * card numbers payment providers publish for tests and declines the one they use for "declined".
 * No real card is ever charged locally; the number is checked and dropped, never stored.
 */

/** Stripe's documented test number for a generic decline. */
export const DECLINED_TEST_CARD = '4000000000000002';

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export type CardOutcome = 'approved' | 'declined' | 'invalid';

export function judgeLocalCard(input: string): CardOutcome {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'invalid';
  return digits === DECLINED_TEST_CARD ? 'declined' : 'approved';
}
