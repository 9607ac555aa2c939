import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, errorMessage } from './errors';

// The spec's messages (sections 5 and 8), word for word.
const SPEC_MESSAGES = [
  'An error occurred',
  'Failed to authenticate, try later.',
  'Failed to authenticate. Check your login data.',
  'Please enter valid address',
  'Please enter valid name',
  'File too large. Please choose file under 25MB',
  'Nice try, but you are not allowed in that room',
  'Please use valid image',
  'Please refrain from using inappropriate images.',
  'Browser denied file download...',
  'There is issue with this order id',
  "Sorry there's no quote for those entries",
  'There is issue with your form...',
  'No valid offer method was chosen. Please try again.',
  'You have reached your swipe limit for today',
  'Permission Denied',
  'Sorry, we could not open camera',
  "Checkout process didn't go through",
  'The Amount of Token You Want to Purchase is Invalid',
  'This offer is no longer valid',
  'We could not find any matches results',
  'Sorry, we could not find any category matching your search',
  'You need to be logged in to use this',
  'Data invalid',
  'No results',
  'Please type in a valid email address.',
  'Please enter cash value estimate for your item',
  'Please enter valid cash value',
  'Code is Invalid or Has been used',
  'Address need to be more specific so delivery can pick up your parcel.',
  'Messaging yourself is prohibited',
  'Search needs at least one term',
];

describe('error catalogue', () => {
  it('holds every message of the spec word for word', () => {
    const english = Object.values(ERROR_CATALOGUE).map((m) => m.en);
    for (const m of SPEC_MESSAGES) expect(english).toContain(m);
  });
  it('translates every message into pt-PT', () => {
    for (const [code, m] of Object.entries(ERROR_CATALOGUE)) {
      expect(m.pt.trim(), code).not.toBe('');
      expect(m.pt, code).not.toBe(m.en);
    }
  });
  it('falls back to English for other locales', () => {
    expect(errorMessage('no_results', 'de-DE')).toBe('No results');
    expect(errorMessage('no_results', 'pt-PT')).toBe('Sem resultados');
  });
});
