import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { usePageName } from '../route-handle';
import { useAnalytics } from './analytics-context';

/**
 * Records one page view each time the path changes, named by the route's `handle.pageName`
 * (customer-app.md §2: every page view is tracked with the page name). Query-string changes on
 * the same page are not new page views. Routes without a name fall back to their path.
 */
export function PageViewTracker() {
  const analytics = useAnalytics();
  const { pathname } = useLocation();
  const pageName = usePageName() ?? pathname;
  // Remembers the last tracked path so React's StrictMode double effects don't count twice.
  const lastTrackedPath = useRef<string | null>(null);

  useEffect(() => {
    if (lastTrackedPath.current === pathname) return;
    lastTrackedPath.current = pathname;
    analytics.page(pageName);
  }, [analytics, pathname, pageName]);

  return null;
}
