/**
 * One file upload's life (docs/spec/customer-journey.md §4 "PDF upload status"): idle → uploading (with progress) → success
 * (the server's UploadedFile: its page count is the file's) or error. Choosing a file first resets the error,
 * the file and the progress; a check that fails in the browser (type, size) never starts the upload. Choosing
 * another file, or leaving the page, aborts the upload under way.
 * The file goes by POST api/book/uploads/ through the shared client (`api.call` with `onUploadProgress`: an
 * XMLHttpRequest, for the progress bar, with the session's token, one refresh on a 401, abort and the server's
 * error texts; docs/decisions/0043).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import { projectRoutes, type UploadedFile, type UploadPurpose } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';

export type UploadStatus = 'idle' | 'uploading' | 'success' | 'error';

export interface UploadState {
  status: UploadStatus;
  /** 0–100. */
  progress: number;
  file: File | null;
  result: UploadedFile | null;
  error: string | null;
}

const IDLE: UploadState = { status: 'idle', progress: 0, file: null, result: null, error: null };

/** The browser-side check of a chosen file: a message, or null when it may be uploaded. */
export type FileCheck = (file: File) => string | null;

/** Why a finished upload failed, in the words the customer should read. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.body) return error.body.error;
    if (error.status === 0) return error.message;
  }
  return messages.projects.uploadFailed;
}

export function useFileUpload(purpose: UploadPurpose, check: FileCheck, initial: UploadedFile | null = null) {
  const [state, setState] = useState<UploadState>(
    initial ? { ...IDLE, status: 'success', progress: 100, result: initial } : IDLE,
  );
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      controller.current?.abort();
      controller.current = null;
      const problem = check(file);
      if (problem) {
        setState({ ...IDLE, status: 'error', error: problem });
        return;
      }
      const ctrl = new AbortController();
      controller.current = ctrl;
      setState({ ...IDLE, status: 'uploading', file });
      try {
        const form = new FormData();
        // The purpose goes first so the server knows the rules before the file's bytes arrive.
        form.append('purpose', purpose);
        form.append('file', file, file.name);
        const result = await api.call(
          projectRoutes.upload,
          { body: form },
          {
            signal: ctrl.signal,
            onUploadProgress: (f) =>
              setState((s) => (s.file === file ? { ...s, progress: Math.round(f * 100) } : s)),
          },
        );
        if (ctrl.signal.aborted) return;
        setState({ status: 'success', progress: 100, file, result, error: null });
      } catch (error) {
        if (ctrl.signal.aborted) return;
        setState({ status: 'error', progress: 0, file, result: null, error: failureText(error) });
      }
    },
    [check, purpose],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  return { ...state, start, reset };
}

export type FileUpload = ReturnType<typeof useFileUpload>;
