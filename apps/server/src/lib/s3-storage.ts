import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, MEDIA_CACHE_CONTROL, mediaUrlOf, type Storage } from './storage';

/** Where the bucket is and how to reach it (S3_* variables; AWS S3, Cloudflare R2, MinIO). */
export interface S3Config {
  bucket: string;
  /** Another service's address (R2, MinIO); unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: neither leaves credentials to the SDK's default chain (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key), as MinIO needs, rather than in the host name. */
  forcePathStyle: boolean;
}

/** What a GET or HEAD of /media/<key> answers, read from the bucket. */
export interface MediaRead {
  status: 200 | 206 | 304 | 416;
  /** The object's bytes (GET 200/206 only); the caller must consume or destroy it. */
  body: Readable | null;
  contentType: string | undefined;
  contentLength: number | undefined;
  contentRange: string | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** A listed object: its key, size and ETag (the MD5 of its bytes for a single-part upload). */
export interface ListedObject {
  key: string;
  size: number;
  etag: string;
}

export interface S3Storage extends Storage {
  readonly kind: 's3';
  readonly bucket: string;
  /** The object for a GET or HEAD, the request's conditions and range passed on to the bucket; null when missing. */
  read(
    key: string,
    req: { method: 'GET' | 'HEAD'; ifNoneMatch?: string; ifModifiedSince?: string; range?: string },
  ): Promise<MediaRead | null>;
  /** Every object under a prefix, a page (up to 1,000) at a time. */
  list(prefix: string): AsyncGenerator<ListedObject[]>;
  /** Size, ETag, the sha256 recorded when it was written and where storage:copy took it from; null when missing. */
  stat(key: string): Promise<{ size: number; etag: string; sha256: string | undefined; copiedFrom: string | undefined } | null>;
  /** Writes with the bytes' MD5 checked by the bucket on arrival, their sha256 (and `copiedFrom`) kept beside them. */
  putVerified(key: string, data: Buffer, meta?: { copiedFrom?: string }): Promise<{ etag: string }>;
  close(): void;
}

/**
 * The AWS SDK, imported on first use: 100–400 ms at start that a server on the local folder never
 * pays. The server's bundle keeps npm packages external, and only a dynamic import of one stays lazy.
 */
const loadSdk = () => import('@aws-sdk/client-s3');

/** The HTTP status of an SDK service error (a 304 or 416 arrives as one too). */
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (err: unknown) => statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes((err as Error | null)?.name ?? '');

export const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');
export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function clientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's newer default adds CRC32 checksums to every request and checks them on answers;
    // services that only speak the older S3 API (some MinIO, R2 and Ceph releases, s3rver) refuse
    // or do not send them. Content-MD5 on writes and the ETag check below cover integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Photos are streamed through /media/ under load: more sockets than the SDK's default 50, and
    // a stalled bucket answers an error rather than holding a request forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, httpAgent: { maxSockets: 256 }, httpsAgent: { maxSockets: 256 } },
  };
}

/** A client for the bucket, with the settings above. */
export async function s3Client(config: S3Config): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client(clientConfig(config));
}

/**
 * The storage port on an S3-compatible bucket (AWS SDK v3). Objects are written with their
 * Content-Type, the same year-long immutable Cache-Control /media/ sends (a CDN in front of the
 * bucket keeps it), their MD5 (the bucket refuses bytes damaged on the way) and their sha256 as
 * metadata (storage:copy compares it).
 */
export async function s3Storage(config: S3Config, opts: { publicUrl?: string; client?: S3Client } = {}): Promise<S3Storage> {
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await loadSdk();
  const client = opts.client ?? new S3Client(clientConfig(config));
  const Bucket = config.bucket;

  async function putVerified(key: string, data: Buffer, meta: { copiedFrom?: string } = {}) {
    const res = await client.send(
      new PutObjectCommand({
        Bucket,
        Key: assertSafeKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        CacheControl: MEDIA_CACHE_CONTROL,
        ContentMD5: createHash('md5').update(data).digest('base64'),
        Metadata: { sha256: sha256Hex(data), ...(meta.copiedFrom ? { 'copied-from': meta.copiedFrom } : {}) },
      }),
    );
    return { etag: res.ETag ?? '' };
  }

  async function* list(prefix: string): AsyncGenerator<ListedObject[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, size: o.Size ?? 0, etag: o.ETag ?? '' }] : []));
      if (objects.length) yield objects;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    bucket: Bucket,
    async put(key, data) {
      await putVerified(key, data);
    },
    async ping() {
      // HEAD on the bucket: reachable, and these credentials may use it (403 and 404 reject).
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    putVerified,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return {
          size: head.ContentLength ?? 0,
          etag: head.ETag ?? '',
          sha256: head.Metadata?.sha256,
          copiedFrom: head.Metadata?.['copied-from'],
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        // Only a missing object is null: an unreachable bucket is an error, never "no such photo".
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      if (!key.endsWith('/')) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        return;
      }
      // A page is at most 1,000 keys, DeleteObjects' limit: each page listed is deleted in one call.
      for await (const page of list(key)) {
        const res = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: page.map((o) => ({ Key: o.key })), Quiet: true } }),
        );
        const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length) throw new Error(`could not delete ${failed.length} objects under ${key}: ${failed[0]!.Key} ${failed[0]!.Code}`);
      }
    },
    list,
    async read(key, req) {
      const Key = assertSafeKey(key);
      const conditions = { IfNoneMatch: req.ifNoneMatch, IfModifiedSince: req.ifModifiedSince ? new Date(req.ifModifiedSince) : undefined };
      if (conditions.IfModifiedSince && Number.isNaN(conditions.IfModifiedSince.getTime())) conditions.IfModifiedSince = undefined;
      try {
        if (req.method === 'HEAD') {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key, ...conditions }));
          return {
            status: 200,
            body: null,
            contentType: head.ContentType,
            contentLength: head.ContentLength,
            contentRange: undefined,
            etag: head.ETag,
            lastModified: head.LastModified,
          };
        }
        const res = await client.send(new GetObjectCommand({ Bucket, Key, ...conditions, Range: req.range }));
        return {
          status: res.ContentRange ? 206 : 200,
          body: res.Body as Readable,
          contentType: res.ContentType,
          contentLength: res.ContentLength,
          contentRange: res.ContentRange,
          etag: res.ETag,
          lastModified: res.LastModified,
        };
      } catch (err) {
        const status = statusOf(err);
        if (status === 304 || status === 416) {
          return {
            status,
            body: null,
            contentType: undefined,
            contentLength: undefined,
            contentRange: undefined,
            etag: undefined,
            lastModified: undefined,
          };
        }
        if (isMissing(err)) return null;
        throw err;
      }
    },
    url: mediaUrlOf(opts.publicUrl),
    close: () => client.destroy(),
  };
}
