import { useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Guards a form's unsaved changes: while it is `dirty`, leaving for another page waits for the
 * operator's answer in a `LeaveDialog`, and the browser asks before the tab closes or reloads.
 * `allowLeaving` lets the form's own navigation through, after it saved or deleted.
 */
export function useUnsavedChanges(dirty: boolean) {
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  // Closing or reloading the tab is outside the router: the browser asks instead.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    blocker,
    allowLeaving: () => {
      leaving.current = true;
    },
  };
}

/** "Leave without saving?" while `blocker` holds a navigation back; `children` says what would be lost. */
export function LeaveDialog({ blocker, children }: { blocker: Blocker; children: ReactNode }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave without saving?"
      confirmLabel="Discard changes"
      danger
      pending={false}
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    >
      {children}
    </ConfirmDialog>
  );
}
