/**
 * Where uploaded files live, behind one small interface so the domain never touches paths or an SDK. The
 * embedded default is the local disk under DATA_DIR/uploads (local-file-store.ts); an object store (S3) can
 * implement the same four calls later.
 *
 * Incoming bytes are always staged on the local disk first: the server must read them (magic number, page count)
 * before anything is stored, and a refused file must leave nothing behind.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStore {
  /** A fresh path in the staging area to stream an incoming file to (the directory exists). */
  stagingPath(): Promise<string>;
  /** Moves a checked, staged file into the store under `key` (the staged file is gone afterwards). */
  put(key: string, stagedPath: string): Promise<void>;
  /** Opens a stored file, or undefined when there is none under `key`. */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes a stored file; a missing one is not an error (deletes are retried and may race). */
  remove(key: string): Promise<void>;
  /** Removes staged files older than `maxAgeMs` (left behind by a crash mid-upload). Returns how many. */
  removeStaleStaging(maxAgeMs: number): Promise<number>;
}
