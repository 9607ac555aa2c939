import { afterEach, describe, expect, it, vi } from 'vitest';

const reportError = vi.fn();
vi.mock('../lib/analytics', () => ({ reportError: (...args: unknown[]) => reportError(...args) }));

afterEach(() => {
  reportError.mockReset();
  vi.restoreAllMocks();
});

describe('the browser’s catalogues', () => {
  it('reports a missing locale module as MODULE_NOT_FOUND and answers in English or the default', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { i18n } = await import('./instance');
    await i18n.loadNamespaces(['nosucharea'], 'pt-PT');
    const codes = reportError.mock.calls.map(([err, source, code]) => [(err as { code?: string }).code, source, code]);
    expect(codes).toContainEqual(['MODULE_NOT_FOUND', 'i18n', 'MODULE_NOT_FOUND']);
    expect(String((reportError.mock.calls[0]![0] as Error).message)).toMatch(/^Cannot find module '\.\/(pt-PT|en-US)\/nosucharea\.json'$/);
    expect(i18n.t('nosucharea:title', 'A default')).toBe('A default');
  });

  it('loads a catalogue that exists without reporting anything', async () => {
    const { i18n } = await import('./instance');
    await i18n.loadNamespaces(['carbon'], 'pt-PT');
    expect(reportError).not.toHaveBeenCalled();
    expect(i18n.t('carbon:title', { lng: 'pt-PT' })).toBe('Calculadora de carbono');
  });
});
