import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SwipeReason } from '@swapu/shared/engagement';
import { theme } from '../../app/theme';
import { i18n, initI18n } from '../../i18n/index';
import { ReasonChips, reasonText } from './swipe-reasons';

const NAMESPACES = ['swapSwipe', 'categories'];
const textIn = async (lng: 'en-US' | 'pt-PT', r: SwipeReason) => {
  await i18n.loadNamespaces(NAMESPACES, lng);
  return reasonText(i18n.getFixedT(lng, 'swapSwipe'), r, lng);
};

beforeAll(async () => {
  await initI18n('en-US');
  await i18n.loadNamespaces(NAMESPACES);
});
afterEach(cleanup);

describe('why a card was suggested, in words', () => {
  it('says what their owner wants and that I have it, with the category’s name inside the sentence', async () => {
    expect(await textIn('en-US', { kind: 'wants_yours', category: 'bicycles' })).toBe('Wants bicycles — you have one');
    expect(await textIn('pt-PT', { kind: 'wants_yours', category: 'bicycles' })).toBe('Procura bicicletas — o seu artigo serve');
    // A name starting with a number or an acronym keeps its case.
    expect(await textIn('en-US', { kind: 'wants_yours', category: '4x4s-and-utes' })).toBe('Wants 4x4s and utes — you have one');
    expect(await textIn('en-US', { kind: 'wants_yours', keyword: 'espresso' })).toBe('Wants espresso — you have one');
    expect(await textIn('en-US', { kind: 'wants_yours' })).toBe('Wants what you have');
  });

  it('says when their item is on my wish list', async () => {
    expect(await textIn('en-US', { kind: 'wish', category: 'gaming' })).toBe('On your wish list: gaming');
    expect(await textIn('en-US', { kind: 'wish', keyword: 'kayak' })).toBe('On your wish list: kayak');
    expect(await textIn('pt-PT', { kind: 'wish', keyword: 'kayak' })).toBe('Na sua lista de desejos: kayak');
  });

  it('says how far away, similar value and just listed', async () => {
    expect(await textIn('en-US', { kind: 'near', km: 12 })).toBe('12 km away');
    expect(await textIn('pt-PT', { kind: 'near', km: 12 })).toBe('A 12 km de distância');
    expect(await textIn('en-US', { kind: 'similar_value' })).toBe('Similar value');
    expect(await textIn('pt-PT', { kind: 'similar_value' })).toBe('Valor semelhante');
    expect(await textIn('en-US', { kind: 'fresh' })).toBe('Just listed');
  });

  it('shows every reason as a chip, in the server’s order', async () => {
    render(
      <MantineProvider theme={theme}>
        <ReasonChips reasons={[{ kind: 'wants_yours', category: 'bicycles' }, { kind: 'near', km: 3 }, { kind: 'similar_value' }]} />
      </MantineProvider>,
    );
    const chips = await screen.findAllByTestId('swipe-reason');
    expect(chips.map((c) => c.textContent)).toEqual(['Wants bicycles — you have one', '3 km away', 'Similar value']);
    expect(screen.getByRole('list', { name: 'Why it was suggested' })).toBeTruthy();
  });
});
