import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAnalytics } from '../test/analytics-recorder';
import { startAnalytics } from './analytics';
import { useFunnel } from './use-funnel';

/** A five-step flow as the offer editor runs it: a step per screen, Send on the last. */
function Flow() {
  const funnel = useFunnel('swap_offer');
  const [step, setStep] = useState(0);
  useEffect(() => {
    funnel.step(step);
  }, [funnel, step]);
  return (
    <>
      <p>step {step}</p>
      <button onClick={() => setStep((s) => s + 1)}>Next</button>
      <button onClick={() => setStep((s) => s - 1)}>Back</button>
      <button onClick={funnel.complete}>Send</button>
      <Link to="/elsewhere">Leave</Link>
    </>
  );
}

let rec: ReturnType<typeof recordAnalytics>;
function renderFlow() {
  const router = createMemoryRouter(
    [
      { path: '/offer-item/:postId', Component: Flow },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/offer-item/p1'] },
  );
  // The app runs in StrictMode: its remount in development must not count as leaving.
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  window.history.replaceState(null, '', '/offer-item/p1');
  return router;
}
const click = (name: string) => act(() => fireEvent.click(screen.getByRole(name === 'Leave' ? 'link' : 'button', { name })));
const funnelEvents = () =>
  rec
    .events()
    .flatMap((e): Record<string, unknown>[] => (e.name.startsWith('funnel_') ? [{ name: e.name, path: e.path, ...e.props }] : []));

beforeEach(() => {
  rec = recordAnalytics();
});
afterEach(() => {
  cleanup();
  rec.stop();
});

describe('useFunnel', () => {
  it('reports each step shown, and leaving before the end as abandoned at the furthest step, on the flow’s page', async () => {
    renderFlow();
    await click('Next');
    await click('Next');
    await click('Back');
    window.history.replaceState(null, '', '/elsewhere');
    await click('Leave');
    expect(await screen.findByText('elsewhere')).toBeTruthy();

    await waitFor(() => expect(funnelEvents().at(-1)?.name).toBe('funnel_abandon'));
    expect(funnelEvents().map(({ name, step, step_index }) => [name, step, step_index])).toEqual([
      ['funnel_step', 'items', 0],
      ['funnel_step', 'cash', 1],
      ['funnel_step', 'message', 2],
      ['funnel_step', 'cash', 1],
      ['funnel_abandon', 'message', 2],
    ]);
    expect(funnelEvents().at(-1)).toMatchObject({ funnel: 'swap_offer', path: '/offer-item/p1' });
  });

  it('does not call a completed flow abandoned when the member moves on', async () => {
    renderFlow();
    await click('Next');
    await click('Send');
    await click('Leave');
    await screen.findByText('elsewhere');
    await new Promise((r) => setTimeout(r, 10));
    expect(funnelEvents().map((e) => e.name)).toEqual(['funnel_step', 'funnel_step', 'funnel_complete']);
  });

  it('calls the flow abandoned when the page goes away, in the batch sent by beacon', async () => {
    const stop = startAnalytics();
    renderFlow();
    await click('Next');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    stop();
    const beacon = rec.sent.find((s) => s.how === 'beacon')!;
    expect(beacon.batch.events.map((e) => e.name)).toEqual([
      'session_start',
      'funnel_step',
      'funnel_step',
      'funnel_abandon',
      'session_end',
    ]);
    expect(funnelEvents().at(-1)).toMatchObject({ name: 'funnel_abandon', step: 'cash', step_index: 1 });
  });
});
