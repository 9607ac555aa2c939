import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Config } from '../lib/s3-storage';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/s3-server.mjs');

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The S3_* settings that reach it (path-style, s3rver's fixed credentials). */
  config: S3Config;
  /** Where its objects live on disk. */
  dir: string;
  /** The server's process (benchmarks read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts an S3-compatible server (s3rver, scripts/s3-server.mjs) in a child process on a port of
 * its own, storing under a fresh temp directory, with `bucket` created; stop() ends it and removes
 * the directory. A child process because s3rver needs OpenSSL's legacy provider (see the script).
 */
export async function startS3Server(opts: { bucket?: string; address?: string } = {}): Promise<S3TestServer> {
  const bucket = opts.bucket ?? 'swapu-test';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      SCRIPT,
      '--dir',
      dir,
      '--address',
      opts.address ?? '127.0.0.1',
      '--port',
      '0',
      '--bucket',
      bucket,
      '--stdin-lifeline',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the S3 server exited (${code}) before listening`)));
    child.once('error', reject);
  });
  const { address, port } = JSON.parse(first) as { address: string; port: number };
  const endpoint = `http://${address}:${port}`;
  return {
    endpoint,
    dir,
    pid: child.pid!,
    config: { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    async stop() {
      child.stdin!.end();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
