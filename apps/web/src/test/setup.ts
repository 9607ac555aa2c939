import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { configureAnalytics } from '../lib/analytics';
import { assertEvent } from '../lib/analytics-check';

// findBy*/waitFor wait up to 5 s (not 1 s): npm test runs the web tests beside both database
// runs on two cores, and a file's first render also loads its lazy modules.
configure({ asyncUtilTimeout: 5000 });

// A test fails on an unexpected console.error (STYLE.md).
const seen: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  seen.push(args);
  original(...args);
};
afterEach(() => {
  if (seen.length) {
    const text = seen.map((a) => a.map(String).join(' ')).join('\n');
    seen.length = 0;
    throw new Error(`unexpected console.error:\n${text}`);
  }
});

// Analytics in tests: every event is checked against the shared contract (a drift fails the test
// that sent it) and none is sent, so the tests' fetch mocks see only the calls they are about.
// Tests about analytics give the client a transport of their own.
configureAnalytics({ transport: null, check: assertEvent });
