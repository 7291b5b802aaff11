// Why a read or write failed, in the same few words in every command, and the error that says so: a plain table
// that imports nothing, so that the command line's error handling loads nothing more with it. No message shows
// the system's code (ENOENT …) or the name of a temporary file.

/** The words of a failure, the same for reading and writing. */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of its path is not a folder',
  EFBIG: 'file too large',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many symbolic links',
  EPIPE: 'broken pipe',
};

/** A file that is missing: to read, the file; to write, the folder it would go in. */
const MISSING = { read: 'no such file', write: 'no such folder' } as const;

/** Reading or writing. */
export type Access = keyof typeof MISSING;

/**
 * Why a read or write failed, in a few words: "no space left on device", "no such folder". An error the table
 * does not know keeps its own words, without the code before them or the path after them.
 */
export function ioReason(error: unknown, access: Access = 'write'): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return MISSING[access];
  if (typeof code === 'string' && REASONS[code] !== undefined) return REASONS[code];
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z][A-Z0-9_]+: /u, '').replace(/, \w+ '.*'$/u, '');
}

/** A file that could not be read or written, or standard output closed under the command: one line, exit 3. */
export class IoError extends Error {
  override name = 'IoError';
}

/** The IoError of a failed read or write of `what` (a file, or "--csv FILE"): "cannot write FILE: no such folder". */
export const ioError = (access: Access, what: string, error: unknown): IoError =>
  new IoError(`cannot ${access} ${what}: ${ioReason(error, access)}`);
