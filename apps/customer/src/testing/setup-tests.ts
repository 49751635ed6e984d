import '@testing-library/jest-dom/vitest';

import { notifications } from '@mantine/notifications';
import { OpenFeature } from '@openfeature/web-sdk';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { resetSessionForTests } from '../lib/auth/session';
import { assertNoUnexpectedConsoleErrors, watchConsoleErrors } from './console-errors';
import { recordDocumentNavigations } from './document-navigation';
import { SESSION_HINT_COOKIE } from '../lib/auth/session-hint';

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

// Mantine's autosizing Textarea listens for web fonts loading.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Tests wait for what a person waits for (the page, the notice), never for a length of time: a
// lazy route's first import took over 4 s on a busy machine, and "Loading…" was found where the
// form was expected (issue 28). So findBy*/waitFor wait as long as the test itself may run; this
// bound only ends a test that is broken (what it waits for never comes), below the test's own
// timeout (vitest.config.ts) so that the failure still shows the page.
configure({ asyncUtilTimeout: 25_000 });

beforeEach(() => {
  watchConsoleErrors();
  recordDocumentNavigations();
});

afterEach(async () => {
  cleanup();
  // Notices live in a module-level store.
  notifications.clean();
  await OpenFeature.clearProviders();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  // The access token lives in a module-level store: every test starts signed out.
  resetSessionForTests();
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  // What index.html's inline script started (early-refresh.ts) belongs to one page load.
  delete window.__pawfreshEarlyRefresh;
  delete window.__pawfreshEarlyData;
  assertNoUnexpectedConsoleErrors();
});
