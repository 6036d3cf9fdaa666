import { useEffect, useRef, useState } from 'react';
import { Confirm, useBlocker, useCanBlock } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** The editor's one question before its changes are lost. */
function LeaveDialog({ open, onLeave, onStay }: { open: boolean; onLeave(): void; onStay(): void }) {
  return (
    <Confirm
      isOpen={open}
      title="resources.badge-images.unsaved_title"
      content="resources.badge-images.unsaved_body"
      confirm="resources.badge-images.leave"
      cancel="resources.badge-images.stay"
      onConfirm={onLeave}
      onClose={onStay}
    />
  );
}

/**
 * Catches every way out of the editor while changes are unsaved: the browser's own leave-page warning for a reload
 * or a closed tab, and inside the app any navigation (the menu, the header, the back button) through the router's
 * blocker, which needs a data router (App.tsx renders one). Without a data router it falls back to catching clicks
 * on the app's links. The editor's own Cancel and Save clear `unsaved` before they navigate.
 */
export function UnsavedChangesGuard({ unsaved }: { unsaved: boolean }) {
  const canBlock = useCanBlock();
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return canBlock ? <RouterGuard unsaved={unsaved} /> : <LinkGuard unsaved={unsaved} />;
}

function RouterGuard({ unsaved }: { unsaved: boolean }) {
  // read when a navigation starts, so that a save followed at once by a navigation is let through
  const unsavedNow = useRef(unsaved);
  useEffect(() => {
    unsavedNow.current = unsaved;
  }, [unsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsavedNow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <LeaveDialog
      open={blocker.state === 'blocked'}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}

function LinkGuard({ unsaved }: { unsaved: boolean }) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!unsaved) return;
    // before React sees the click (capture on the document), so the link's own navigation never starts
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(link.pathname + link.search + link.hash);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [unsaved]);
  return (
    <LeaveDialog
      open={target !== null}
      onLeave={() => {
        const to = target!;
        setTarget(null);
        void navigate(to);
      }}
      onStay={() => setTarget(null)}
    />
  );
}
