import { useMatches, type UIMatch } from 'react-router';

/** What every page route declares in its `handle`: the name used for page-view tracking and the title. */
export type RouteHandle = {
  pageName: string;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'pageName' in handle &&
    typeof handle.pageName === 'string'
  );
}

/** The page name of the deepest matched route that declares one. */
export function getPageName(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.pageName;
  }
  return undefined;
}

export function usePageName(): string | undefined {
  return getPageName(useMatches());
}
