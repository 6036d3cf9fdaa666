import { useCallback, useRef } from 'react';

/**
 * Gives the focus back to what opened a dialog when the dialog closes, where MUI's own return cannot: a button that
 * is disabled while the dialog's data loads (a quote, a refused export) loses the focus to the page before the dialog
 * opens, and the dialog would give it back to the page (WCAG 2.4.3, focus order). `remember` when the person acts
 * (the opener is focused then), `restore` when the dialog has closed.
 */
export function useReturnFocus(): { remember: () => void; restore: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    // after the dialog's own focus handling on close
    if (element) requestAnimationFrame(() => element.isConnected && element.focus());
  }, []);
  return { remember, restore };
}
