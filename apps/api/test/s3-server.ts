/**
 * A local S3-compatible server for the tests (s3rver from npm, on a free loopback port, its data in a temp dir):
 * the S3 file store and the upload routes run against it with the official AWS SDK, as they would against MinIO
 * or AWS (docs/decisions/0026). No network beyond 127.0.0.1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* environment that points the API at this server. */
  env: Record<string, string>;
  directory: string;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'bindery-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'bindery-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
