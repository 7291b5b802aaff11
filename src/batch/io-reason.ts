// Why a read or write failed, in a few words: a plain table that imports nothing, so that the command line's
// error handling loads nothing more with it.

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EFBIG: 'file too large',
  EMFILE: 'too many open files',
  EPIPE: 'broken pipe',
};

/** Why a read or write failed, in a few words with the system's code: "no space left on device (ENOSPC)". */
export function ioReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && REASONS[code] !== undefined) return `${REASONS[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
