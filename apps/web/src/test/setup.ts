import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The first test of a file also pays for transforming the lazily imported screens, and four test
// workers share two cores in CI: a wait that succeeds takes no longer for the bound being generous.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // No test reaches the network: each one stubs fetch with the answers it expects.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Network disabled in tests')));
  // Nor a WebSocket: the live client stays idle unless a test gives it a fake socket.
  vi.stubGlobal('WebSocket', undefined);
  // A Colombian browser, as the journeys use: the public screens follow the browser's language.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-CO', 'es']);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
