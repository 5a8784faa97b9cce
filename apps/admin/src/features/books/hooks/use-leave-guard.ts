/**
 * Asks before leaving an editor with unsaved changes: in-app navigation (react-router's blocker, to another
 * page) and closing or reloading the tab (the browser's own beforeunload prompt). The spec is silent; losing
 * typed prices without a word is what a serious admin tool avoids (docs/decisions/0017).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';

export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(messages.admin.leaveUnsaved)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
