import { useEffect, useEffectEvent } from 'react';

import { session } from './session';

/** Runs `onExpired` when a signed-in call is refused and the session cannot be refreshed. */
export function useSessionExpired(onExpired: () => void): void {
  const handleExpired = useEffectEvent(onExpired);
  useEffect(() => session.onExpired(() => handleExpired()), []);
}
