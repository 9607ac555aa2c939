import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

// workbox-window as a browser that refuses the worker (private browsing, a policy): register() rejects.
const register = vi.fn();
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register = register;
    update = vi.fn();
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('startPwa', () => {
  it('leaves SwapU a plain web page when the browser refuses the service worker', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    register.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'waiting')"));
    const interval = vi.spyOn(window, 'setInterval');
    const { startPwa } = await import('./pwa-client');
    await expect(startPwa(new QueryClient())).resolves.toBeUndefined();
    expect(register).toHaveBeenCalledTimes(1);
    // No hourly update check against a worker that was never registered.
    expect(interval).not.toHaveBeenCalledWith(expect.any(Function), 3_600_000);
  });
});
