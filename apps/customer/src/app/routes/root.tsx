import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { PageViewTracker } from '../../lib/analytics/page-view-tracker';
import { usePageName } from '../../lib/route-handle';

const APP_TITLE = 'My account';

/** Names the browser tab after the page, so every page has a distinct title (WCAG 2.4.2). */
function DocumentTitle() {
  const pageName = usePageName();
  useEffect(() => {
    document.title = pageName ? `${pageName} | ${APP_TITLE}` : APP_TITLE;
  }, [pageName]);
  return null;
}

/** The root route: app-wide route behaviour around every page. */
export default function Root() {
  return (
    <>
      <DocumentTitle />
      <PageViewTracker />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
