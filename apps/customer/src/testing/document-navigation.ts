import { documentNavigation } from '../lib/auth/redirect-to';

/** The full page loads the app asked for in this test (e.g. to the sign-in page), in order. */
export const documentNavigations: string[] = [];

/** Records full page loads instead of making them (happy-dom would try to load the page). */
export function recordDocumentNavigations(): void {
  documentNavigations.length = 0;
  documentNavigation.replace = (url) => {
    documentNavigations.push(url);
  };
}
