import '@testing-library/jest-dom/vitest';

import { OpenFeature } from '@openfeature/web-sdk';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { assertNoUnexpectedConsoleErrors, watchConsoleErrors } from './console-errors';

// Mantine reads these; happy-dom may not provide them.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => {
      const list: MediaQueryList = {
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
      return list;
    },
  });
}

if (typeof window.ResizeObserver !== 'function') {
  class ResizeObserverStub implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverStub;
}

beforeEach(() => {
  watchConsoleErrors();
});

afterEach(async () => {
  cleanup();
  await OpenFeature.clearProviders();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  assertNoUnexpectedConsoleErrors();
});
