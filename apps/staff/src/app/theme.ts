import { createTheme } from '@mantine/core';

/**
 * The back office's look: Mantine's defaults, dense for desktop work, with a primary shade dark
 * enough for white text and links on white (WCAG AA 4.5:1; axe checks it in the browser tests).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
