import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTransition } from 'react';
import { ClockProvider, useDates } from './clock';
import { formatDateTime } from './format';

// startTransition as React's own, watched: the clock's updates must go through it.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return { ...react, startTransition: vi.fn(react.startTransition) };
});

const LISTED = '2026-11-24T13:30:00.000Z';

function Listed() {
  const dates = useDates();
  return (
    <p data-testid="listed">
      {dates.relative(LISTED)} | {dates.dateTime(LISTED)} | {dates.year}
    </p>
  );
}

describe('the page clock', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws a server-rendered page at the server’s moment and zone, then the browser’s', () => {
    // The browser is a day and a half after the listing; the server rendered it 40 minutes after.
    vi.useFakeTimers({ now: Date.parse('2026-11-26T03:30:00.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const server = { now: Date.parse('2026-11-24T14:10:00.000Z'), timeZone: 'Australia/Sydney' };
    const html = renderToString(
      <ClockProvider initial={server}>
        <Listed />
      </ClockProvider>,
    );
    // 00:30 on the 25th in Sydney (UTC+11 in summer): the server's zone, not the machine's.
    expect(html.replaceAll('<!-- -->', '')).toContain('40 min. ago | 25 Nov 2026, 12:30 am | 2026');
    render(
      <ClockProvider initial={server}>
        <Listed />
      </ClockProvider>,
    );
    // Effects have run: the browser's own moment and zone took over.
    expect(screen.getByTestId('listed').textContent).toBe(`2 days ago | ${formatDateTime(LISTED, 'en-US')} | 2026`);
  });

  it('starts at the browser’s clock when nothing was rendered on the server, and ticks each minute', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T13:30:20.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    render(
      <ClockProvider>
        <Listed />
      </ClockProvider>,
    );
    expect(screen.getByTestId('listed').textContent).toMatch(/^this minute \|/);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('listed').textContent).toMatch(/^1 min. ago \|/);
  });

  it('switches and ticks in transitions: an ordinary update above the page while it hydrates makes React hydrate it all in one long task', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T03:30:00.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.mocked(startTransition).mockClear();
    render(
      <ClockProvider initial={{ now: Date.parse('2026-11-24T14:10:00.000Z'), timeZone: 'Australia/Sydney' }}>
        <Listed />
      </ClockProvider>,
    );
    expect(startTransition).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('listed').textContent).toMatch(/^2 days ago \|/);
    act(() => vi.advanceTimersByTime(60_000));
    expect(startTransition).toHaveBeenCalledTimes(2);
  });

  it('outside a provider (a component on its own), uses the browser’s clock', () => {
    // Two moments of the browser's clock, each read by the component when it renders.
    vi.useFakeTimers({ now: Date.parse('2026-11-24T15:30:00.000Z'), toFake: ['Date'] });
    render(<Listed />);
    expect(screen.getByTestId('listed').textContent).toMatch(/^2 hr\. ago \|/);
    cleanup();
    vi.setSystemTime(Date.parse('2027-03-01T00:00:00.000Z'));
    render(<Listed />);
    expect(screen.getByTestId('listed').textContent).toMatch(/ \| 2027$/);
  });
});
