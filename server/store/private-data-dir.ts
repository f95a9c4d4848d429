/**
 * The data folder holds the whole database, the app secret and the key store: only the user running the app
 * may read or write anything in it. PGlite writes its files with mode 0666 whatever the umask (it sets the
 * modes of its in-memory file system on the real files), and files it creates later follow the process umask.
 * So the folder is made 0700, everything under it loses its group and other bits after PGlite opened it, and
 * while an embedded store is open the process umask keeps group and others out of new files.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const OPEN_TO_OTHERS = 0o077;
const PRIVATE_UMASK = 0o077;

/** Creates `root` as a private folder (0700) if it is missing. */
export async function createPrivateDir(root: string): Promise<void> {
  await mkdir(root, { recursive: true, mode: 0o700 });
}

/**
 * Takes group and other permissions off `root` and everything under it (symbolic links are left alone: their
 * targets are not ours to change). Returns how many entries were too open.
 */
export async function tightenDataDir(root: string): Promise<number> {
  let tightened = 0;
  const visit = async (entry: string): Promise<void> => {
    const stats = await lstat(entry).catch(() => undefined);
    if (!stats || stats.isSymbolicLink()) return;
    if ((stats.mode & OPEN_TO_OTHERS) !== 0) {
      await chmod(entry, stats.mode & 0o7700).catch(() => undefined);
      tightened++;
    }
    if (stats.isDirectory()) {
      const children = await readdir(entry).catch(() => [] as string[]);
      for (const child of children) await visit(path.join(entry, child));
    }
  };
  await visit(root);
  return tightened;
}

let umaskHolders = 0;
let umaskBefore: number | undefined;

/**
 * Sets the process umask to 077 until the returned function is called (by every holder: several stores may
 * be open in one process). Worker threads cannot change the umask; there the sweep after opening has to do.
 */
export function holdPrivateUmask(): () => void {
  if (umaskHolders === 0) {
    try {
      umaskBefore = process.umask(PRIVATE_UMASK);
    } catch {
      umaskBefore = undefined;
    }
  }
  umaskHolders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--umaskHolders === 0 && umaskBefore !== undefined) {
      process.umask(umaskBefore);
      umaskBefore = undefined;
    }
  };
}
