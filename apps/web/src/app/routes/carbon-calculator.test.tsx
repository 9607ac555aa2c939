import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_NAMES } from '@swapu/shared/carbon';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import CarbonCalculatorPage from './carbon-calculator';

const renderPage = async () => {
  renderRoutes([{ path: '/carbon-calculator', Component: CarbonCalculatorPage }], '/carbon-calculator');
  await screen.findByTestId('carbon-factors');
};

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => cleanup());

/** Picks an option of a select by its label. */
async function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: new RegExp(`^${label}`) }) as HTMLSelectElement;
  const value = [...select.options].find((o) => o.textContent === option)!.value;
  await act(async () => fireEvent.change(select, { target: { value } }));
}
const setNumber = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
const calculate = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Calculate' })));

describe('/carbon-calculator', () => {
  it('2 kg of half cotton (8) and half polyester (6) saves 14 kg CO2e', async () => {
    await renderPage();
    setNumber('Weight', '2');
    await choose('Material 1', 'Cotton');
    setNumber('Percentage of material 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Add material' }));
    await choose('Material 2', 'Polyester');
    setNumber('Percentage of material 2', '50');
    await calculate();
    expect(screen.getByTestId('carbon-kg').textContent).toBe('14 kg CO2e');
    expect(screen.getByTestId('carbon-result').textContent).toContain('2 kg × 7 kg CO2e per kg');
  });

  it('refuses percentages that do not add up to 100, and a missing weight, without a result', async () => {
    await renderPage();
    await choose('Material 1', 'Steel');
    setNumber('Percentage of material 1', '90');
    await calculate();
    expect(screen.getByText('Enter a weight above 0 and up to 1000 kg')).toBeTruthy();
    // Both are announced: the field's error and the materials' sum.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
      expect.arrayContaining(['Enter a weight above 0 and up to 1000 kg', 'The percentages must add up to 100 (now 90)']),
    );
    expect(screen.queryByTestId('carbon-result')).toBeNull();
  });

  it("uses a category's figure when the materials are unknown: 1.5 kg of electronics saves 45 kg CO2e", async () => {
    await renderPage();
    setNumber('Weight', '1.5');
    await act(async () => fireEvent.click(within(screen.getByTestId('carbon-mode')).getByText('Category')));
    await calculate();
    expect(screen.getByText('Choose a category')).toBeTruthy();
    await choose('Category', 'Electronics');
    await calculate();
    expect(screen.getByTestId('carbon-kg').textContent).toBe('45 kg CO2e');
  });

  it('lists every factor with a numbered source', async () => {
    await renderPage();
    const rows = within(screen.getByTestId('carbon-factors')).getAllByRole('row');
    expect(rows).toHaveLength(MATERIAL_NAMES.length + 1);
    expect(rows.map((r) => r.textContent)).toContain('Wool17[1]');
    expect(rows.map((r) => r.textContent)).toContain('Aluminium9[2]');
    const sources = within(screen.getByTestId('carbon-sources')).getAllByRole('listitem');
    expect(sources[1]!.textContent).toContain('Nuss & Eckelman (2014)');
  });
});
