import { cleanup, render, screen } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers, newQueryClient } from '../app/providers';
import { i18n, initI18n } from '../i18n/index';
import { SITE_MODE_META } from '../lib/site-mode';

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(async () => {
  cleanup();
  document.head.querySelectorAll(`meta[name="${SITE_MODE_META}"]`).forEach((m) => m.remove());
  await i18n.changeLanguage('en-US');
});

const page = () => (
  <Providers client={newQueryClient()}>
    <main>the page</main>
  </Providers>
);
const sayTestMode = () => {
  const meta = document.createElement('meta');
  meta.name = SITE_MODE_META;
  meta.content = 'test';
  document.head.append(meta);
};

describe('the test-mode banner', () => {
  it('is above every page of a site whose HTML says it runs in test mode, in the reader’s language', async () => {
    sayTestMode();
    render(page());
    expect((await screen.findByTestId('test-mode-banner')).textContent).toBe('Test mode: no money is taken and no courier comes');
    cleanup();
    await i18n.changeLanguage('pt-PT');
    render(page());
    expect((await screen.findByTestId('test-mode-banner')).textContent).toBe('Modo de teste: não é cobrado dinheiro e nenhum estafeta vem');
  });

  it('is not there on a site that takes real money', () => {
    render(page());
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });

  it('is in the server’s rendering when the server says so (the browser then hydrates the same)', async () => {
    // As entry-server.tsx renders: a prerender waits for the banner's code.
    const html = async (testMode: boolean) => {
      const { prelude } = await prerender(
        <Providers client={newQueryClient()} testMode={testMode}>
          <main />
        </Providers>,
      );
      return new Response(prelude).text();
    };
    expect(await html(true)).toContain('data-testid="test-mode-banner"');
    expect(await html(false)).not.toContain('test-mode-banner');
  });
});
