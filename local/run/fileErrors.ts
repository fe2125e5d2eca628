/** A file-system error in words a user can act on (never a raw stack or errno dump). */
export function describeErrno(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'it no longer exists (moved or deleted while being read)';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENAMETOOLONG':
      return 'its path is too long for this system';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'ENOTDIR':
      return 'part of the path is a file, not a folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'EIO':
      return 'an input/output error (damaged disk or network drive?)';
    default:
      return code ? `error ${code}` : (err as Error).message;
  }
}
