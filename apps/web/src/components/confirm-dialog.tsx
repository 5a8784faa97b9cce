/**
 * An accessible confirmation (instead of window.confirm): a modal alertdialog named by its message, focus moved to
 * the safe choice (Cancel) on open, kept inside while open (Tab cycles), Escape cancels, and focus returns to the
 * control that opened it. While `busy`, both buttons wait (the server has not answered yet).
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/alertdialog/
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@bindery/ui/button';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** An error from the last attempt, shown inside the dialog. */
  error?: string | null;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !busy) {
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [...(box.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
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

  return (
    <div className="b-dialog-backdrop">
      <div
        ref={box}
        className="b-dialog b-card b-stack"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        <p id={messageId}>{message}</p>
        {error ? (
          <div className="b-alert b-alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="b-row" style={{ justifyContent: 'flex-end' }}>
          <button
            ref={cancel}
            type="button"
            className="b-btn b-btn--secondary"
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
