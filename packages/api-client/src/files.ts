/**
 * Files the API serves only with a bearer token (a project's PDF or cover for staff, an e-book's files for its
 * customer): a plain link cannot open them, so the page fetches the bytes through the one client
 * (`api.download(route, input)` or, for a path the server gave, `api.fetchFile(path)`: the session's token, one
 * refresh on a 401, the server's file name from Content-Disposition) and hands the browser an object URL here.
 */
export { fileNameFromDisposition, type FetchedFile } from './client.js';
import type { FetchedFile } from './client.js';

/** Saves fetched bytes under their name (the browser's download), then lets the object URL go. */
export function saveFetchedFile(file: FetchedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
