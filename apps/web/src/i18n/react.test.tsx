import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createI18n } from './core';
import { I18nProvider, Trans, useTranslation } from './react';

function Greeting() {
  const { t } = useTranslation(['faq', 'common']);
  return (
    <p>
      {t('title')} · {t('common:hello')} · <Trans t={t} i18nKey="terms" components={{ link: <a href="/terms" /> }} />
    </p>
  );
}

describe('useTranslation and Trans', () => {
  it('waits for the catalogues, then renders; a change of language re-renders in the new one', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const catalogues: Record<string, Record<string, Record<string, string>>> = {
      'en-US': { faq: { title: 'Questions', terms: 'Read the <link>terms</link>.' }, common: { hello: 'Hello' } },
      'pt-PT': { faq: { title: 'Perguntas', terms: 'Leia os <link>termos</link>.' }, common: { hello: 'Olá' } },
    };
    const i18n = createI18n({
      lng: 'en-US',
      fallbackLng: 'en-US',
      defaultNS: 'common',
      load: async (lng, ns) => {
        await gate;
        return catalogues[lng]![ns]!;
      },
    });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<span>loading</span>}>
          <Greeting />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText(/Questions · Hello/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe('/terms');

    await act(() => i18n.changeLanguage('pt-PT'));
    expect(await screen.findByText(/Perguntas · Olá/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'termos' })).toBeTruthy();
  });
});
