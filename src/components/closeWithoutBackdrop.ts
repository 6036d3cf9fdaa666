/**
 * A dialog's onClose that Escape and its own buttons trigger, but not a click beside it. For the steps of a costly
 * action (publishing): the second click of a double click on the button that opened the dialog lands beside it,
 * and closed it again before anyone saw it (issue 29).
 */
export function closeWithoutBackdrop(
  onClose: (() => void) | undefined,
): ((event: object, reason: 'backdropClick' | 'escapeKeyDown') => void) | undefined {
  if (!onClose) return undefined;
  return (_event, reason) => {
    if (reason !== 'backdropClick') onClose();
  };
}
