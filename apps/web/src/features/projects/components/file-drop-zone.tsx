/**
 * A file drop zone with a real file input (keyboard and screen-reader users choose a file the usual way) and
 * the upload's state: a progress bar while uploading, what the server found on success, the reason on error.
 */
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Alert } from '@bindery/ui/alert';
import type { FileUpload } from '../hooks/use-file-upload';
import '../projects.css';

export interface FileDropZoneProps {
  label: string;
  accept: string;
  upload: FileUpload;
  /** What to drop, e.g. "your interior PDF". */
  what: string;
  hint?: ReactNode;
  /** When set, no file can be chosen and this says why. */
  disabledReason?: ReactNode;
  /** What a successful upload shows besides its file name (e.g. the page count). */
  successDetail?: ReactNode;
  onRemove?: () => void;
}

export function FileDropZone({
  label,
  accept,
  upload,
  what,
  hint,
  disabledReason,
  successDetail,
  onRemove,
}: FileDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const disabled = Boolean(disabledReason);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) void upload.start(file);
  };

  return (
    <div className="b-stack" style={{ gap: 'var(--b-space-2)' }}>
      <div
        className="p-drop"
        data-dragging={dragging}
        data-disabled={disabled}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label className="b-label" htmlFor={id}>
          {label}
        </label>
        <span className="b-muted">Drag and drop {what} here, or choose a file:</span>
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared so choosing the same file again (after an error) starts a new upload.
            e.target.value = '';
            if (file) void upload.start(file);
          }}
        />
        {hint ? <span className="b-hint">{hint}</span> : null}
        {disabledReason ? <span className="b-hint">{disabledReason}</span> : null}
        {upload.status === 'uploading' ? (
          <>
            <div
              className="p-progress"
              role="progressbar"
              aria-label={`Uploading ${upload.file?.name ?? 'file'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress}
            >
              <span style={{ width: `${upload.progress}%` }} />
            </div>
            <span aria-live="polite">
              Uploading {upload.file?.name}… {upload.progress}%
            </span>
          </>
        ) : null}
      </div>
      {upload.status === 'success' && upload.result ? (
        <Alert tone="success">
          <span>
            Uploaded {upload.result.file_name}
            {successDetail ? <> · {successDetail}</> : null}
          </span>
          {onRemove ? (
            <>
              {' '}
              <button type="button" className="b-btn b-btn--ghost b-btn--sm" onClick={onRemove}>
                Remove
              </button>
            </>
          ) : null}
        </Alert>
      ) : null}
      {upload.status === 'error' && upload.error ? <Alert tone="error">{upload.error}</Alert> : null}
    </div>
  );
}
