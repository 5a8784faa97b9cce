/**
 * A modal dialog (instead of window.confirm/prompt) that may hold a form: named by its title and described by its
 * message, focus moved inside on open (the first field, else the safe choice), kept inside while open (Tab
 * cycles), Escape cancels, and focus returns to the control that opened it. While `busy` nothing closes it (the
 * server has not answered yet). `role="alertdialog"` for a plain confirmation, `dialog` when it asks for input.
 * The native <dialog> would do the trapping itself, but jsdom (the component tests) does not implement showModal.
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { Button, type ButtonProps } from './button.js';

export interface DialogProps {
  title: string;
  /** What will happen; read out with the title. */
  message?: ReactNode;
  /** Fields of the dialog's form (labelled controls). */
  children?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonProps['variant'];
  cancelLabel?: string;
  /** The form's submit (Enter in a field, or the confirm button). */
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The server's answer to the last attempt, shown inside the dialog. */
  error?: string | null;
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href]';

export function Dialog({
  title,
  message,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  error,
  role = children ? 'dialog' : 'alertdialog',
}: DialogProps) {
  const titleId = useId();
  const messageId = useId();
  const box = useRef<HTMLFormElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const field = box.current?.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
    );
    (field ?? cancel.current)?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [...(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onConfirm();
  };

  return (
    <div className="b-dialog-backdrop">
      <form
        ref={box}
        className="b-dialog b-card b-stack"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        onKeyDown={onKeyDown}
        onSubmit={onSubmit}
        noValidate
      >
        <h2 id={titleId}>{title}</h2>
        {message ? <div id={messageId}>{message}</div> : null}
        {children}
        {error ? (
          <div className="b-alert b-alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="b-row b-dialog__actions">
          <button
            ref={cancel}
            type="button"
            className="b-btn b-btn--secondary"
            onClick={onCancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <Button type="submit" variant={confirmVariant} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}
