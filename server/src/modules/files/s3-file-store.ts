import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { FileStore, PutResult } from './file-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** MinIO and most self-hosted stores want path-style addresses. */
  forcePathStyle: boolean;
}

/** S3 requires parts of at least 5 MiB (but the last); holding one part is the most memory an upload takes. */
const PART_SIZE = 5 * 1024 * 1024;

/** Bytes in an S3-compatible bucket, so that several server instances share them. */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly s3: S3Settings) {
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  }

  async put(source: Readable): Promise<PutResult> {
    const key = crypto.randomUUID();
    const hash = crypto.createHash('sha256');
    let size = 0;
    // the bytes of the part being filled, reused for every part: an upload holds at most PART_SIZE whatever its
    // size; the buffer grows to PART_SIZE only as the bytes come, so a small file takes a small one
    let part = Buffer.allocUnsafe(64 * 1024);
    let filled = 0;
    const makeRoom = (wanted: number) => {
      if (filled + wanted <= part.length || part.length === PART_SIZE) return;
      const bigger = Buffer.allocUnsafe(Math.min(PART_SIZE, Math.max(part.length * 2, filled + wanted)));
      part.copy(bigger, 0, 0, filled);
      part = bigger;
    };
    let uploadId: string | undefined;
    const parts: Array<{ ETag?: string; PartNumber: number }> = [];
    const Bucket = this.s3.bucket;
    const flush = async () => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }))).UploadId;
      const PartNumber = parts.length + 1;
      const Body = part.subarray(0, filled);
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body }));
      parts.push({ ETag, PartNumber });
      filled = 0; // the part has been sent (the source waits meanwhile), so its buffer is free again
    };
    try {
      for await (const chunk of source) {
        const buf = chunk as Buffer;
        size += buf.length;
        hash.update(buf);
        for (let at = 0; at < buf.length;) {
          makeRoom(buf.length - at);
          const n = buf.copy(part, filled, at);
          filled += n;
          at += n;
          if (filled === PART_SIZE) await flush();
        }
      }
      if (!uploadId) {
        await this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: part.subarray(0, filled) }));
      } else {
        if (filled > 0) await flush();
        await this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (err) {
      if (uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      }
      throw err;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return res.Body as Readable;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') throw Object.assign(new Error('No such file'), { code: 'ENOENT' });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }
}
