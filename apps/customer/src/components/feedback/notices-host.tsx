import { lazy, Suspense, useSyncExternalStore } from 'react';

// Mantine's notification list (with its transitions) loads only once a notice is first shown, so
// it is not part of any page's first load.
const Notifications = lazy(() => import('./notifications-list'));

let wanted = false;
const listeners = new Set<() => void>();

/** Called before the first notice is shown: mounts the list (which then shows what was queued). */
export function requireNoticesHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function NoticesHost() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  );
}
