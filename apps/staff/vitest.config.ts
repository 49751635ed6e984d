import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The back office's component tests (happy-dom); its journeys are in e2e/staff-*.e2e.ts. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'staff',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    testTimeout: 30_000,
  },
});
