import { useEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal's keyboard focus: moved into it when it opens (where `autoFocus` put it, else to its first
 * control, else to the dialog itself, which needs `tabIndex={-1}`), kept inside while Tab and
 * Shift+Tab go round, and given back to what had it before (the button that opened it) when it closes.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>): void {
  // Read on the first render, before React's autoFocus moves the focus into the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  /** Where the focus went on opening, to put it back there if the effect runs again (StrictMode). */
  const initial = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.contains(document.activeElement)) initial.current = document.activeElement as HTMLElement;
    else (initial.current?.isConnected ? initial.current : (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog)).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
      const first = controls[0];
      const last = controls.at(-1);
      const active = document.activeElement;
      const outside = active === dialog || !dialog.contains(active);
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, opener]);
}
