/**
 * Uploaded files in an S3-compatible object store (AWS S3, MinIO, …) when S3_BUCKET is set, so every API
 * instance serves every file (docs/decisions/0026). The official SDK: @aws-sdk/client-s3 for
 * get/delete, @aws-sdk/lib-storage's Upload for a streamed multipart upload (a 50 MB file is never held in memory:
 * parts of 8 MB, two at a time).
 *
 * Files are never public and never presigned: the bucket stays private and the API streams a file through its
 * authorized route (GET api/book/{id}/files/{kind}/), so who may read a file is decided in one place, ours, and a
 * link cannot be passed on.
 *
 * Checksums 'WHEN_REQUIRED': the SDK's newer default (a CRC trailer on every streamed upload) is not understood by
 * several S3-compatible servers, which then store the aws-chunked framing as the object (machine-notes.md).
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FilesConfig } from '#env.js';
import { checkKey, type FileStore, type StoredFile } from './file-store.js';
import { createStaging } from './staging.js';

export type S3Config = NonNullable<FilesConfig['s3']>;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer must not hold an upload or a download for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** `uploadsRoot` holds this instance's staging area (DATA_DIR/uploads/.incoming); the files go to the bucket. */
export function createS3FileStore(
  config: S3Config,
  uploadsRoot: string,
  client = createS3Client(config),
): FileStore {
  const staging = createStaging(join(uploadsRoot, '.incoming'));
  const Bucket = config.bucket;

  return {
    kind: 's3',
    stagingPath: () => staging.path(),

    async put(key, stagedPath) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: createReadStream(stagedPath) },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      await rm(stagedPath, { force: true });
    },

    async open(key): Promise<StoredFile | undefined> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!object.Body || object.ContentLength === undefined) return undefined;
        return { stream: object.Body as Readable, size: object.ContentLength };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },

    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (err) {
        if (!notFound(err)) throw err;
      }
    },

    removeStaleStaging: (maxAgeMs) => staging.removeStale(maxAgeMs),
    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
