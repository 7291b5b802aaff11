// Reading and writing the batch files: "-" for standard input or output, gzip by name on writing and by
// content on reading, and every file written under a temporary name renamed into place only when complete,
// so that a failed write (a full disk, an I/O error) leaves the previous file as it was and no temporary behind.

import { closeSync, createReadStream, createWriteStream, openSync, readSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { ioError } from './io-reason.ts';

/** The temporary name a file is written under before it is renamed into place. */
export const temporaryName = (file: string): string => `${file}.${process.pid}.tmp`;

/** Whether `file` names standard input or output. */
export const isStdio = (file: string): boolean => file === '-';

/** How a complete temporary file is renamed into place: `rename`, unless an entry wraps it (`useRename`). */
let renameFile: (from: string, to: string) => Promise<void> = rename;

/** Makes every write end with `fn` instead of `rename` (an entry that simulates a failing disk). */
export function useRename(fn: (from: string, to: string) => Promise<void>): void {
  renameFile = fn;
}

/** Bytes of standard input, read once (merge reads each file twice). */
let stdinBytes: Promise<Buffer> | undefined;
function readStdin(): Promise<Buffer> {
  stdinBytes ??= (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  return stdinBytes;
}

const GZIP_MAGIC = [0x1f, 0x8b];
const isGzip = (head: Uint8Array): boolean => head.length >= 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];

/**
 * Opens `file` ("-": standard input) for reading, gunzipped when it is gzip (by its first bytes, whatever
 * its name). Throws an IoError naming the file when it is missing, a folder or unreadable; a read
 * error later comes out of the stream as a system error.
 */
export async function openInput(file: string): Promise<Readable> {
  if (isStdio(file)) {
    const bytes = await readStdin();
    const stream = Readable.from([bytes]);
    return isGzip(bytes) ? stream.pipe(createGunzip()) : stream;
  }
  const head = Buffer.alloc(2);
  try {
    if (statSync(file).isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    const fd = openSync(file, 'r');
    try {
      readSync(fd, head, 0, 2, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw ioError('read', file, error);
  }
  const stream = createReadStream(file);
  if (!isGzip(head)) return stream;
  const gunzip = createGunzip();
  // A gzip stream that is cut short or corrupt fails as bad input, naming the file.
  stream.on('error', (error) => gunzip.destroy(error));
  return stream.pipe(gunzip);
}

/** Writes a stream to standard output without ending it. */
async function toStdout(content: Readable): Promise<void> {
  await pipeline(
    content,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (process.stdout.write(chunk)) done();
        else process.stdout.once('drain', () => done());
      },
    }),
  );
}

/** Renames a complete temporary file to `file`; on failure removes it. Every write ends here. */
export async function renameInto(temporary: string, file: string): Promise<void> {
  try {
    await renameFile(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes `content` to `file` ("-": standard output) through a temporary file renamed when complete,
 * gzipped when the name ends in `.gz`. On any error the temporary file is removed, the previous `file`
 * is left as it was, and the error is thrown.
 */
export async function writeFileAtomic(file: string, content: string | Readable): Promise<void> {
  const source = typeof content === 'string' ? Readable.from([Buffer.from(content)]) : content;
  if (isStdio(file)) return toStdout(source);
  const temporary = temporaryName(file);
  try {
    if (file.endsWith('.gz')) await pipeline(source, createGzip(), createWriteStream(temporary));
    else await pipeline(source, createWriteStream(temporary));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await renameInto(temporary, file);
}
