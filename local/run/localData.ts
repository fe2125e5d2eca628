import { startEmulators, type Emulators } from '../emulators';
import type { LocalRuntime } from '../localRuntime';
import { SessionNotFound } from '../../lambdas/core/session/sessionErrors';
import type { Session } from '../../lambdas/core/session/sessionSchema';
import { UsageError } from './exitCodes';
import { dataFolder } from '../dataFolder/dataFolderPath';

/** Every local audit belongs to this owner (DESIGN §6: the local user's name). */
export const LOCAL_OWNER = 'local';


/**
 * The CLI never hosts the data folder itself: it attaches to the background host (started on
 * demand), so any number of commands can use one folder at once and each exits when it is done.
 */
export async function withRuntime<T>(fn: (rt: LocalRuntime) => Promise<T>): Promise<T> {
  const { startLocalRuntime } = require('../localRuntime') as typeof import('../localRuntime');
  const rt = await startLocalRuntime({ dataFolder: dataFolder(), persist: true, host: 'daemon' });
  try {
    return await fn(rt);
  } finally {
    await rt.stop();
  }
}

/** Storage only, for commands that read state (status, list): no workflow interpreter is loaded. */
export async function withStorage<T>(fn: (emulators: Emulators) => Promise<T>): Promise<T> {
  const emulators = await startEmulators({ dataFolder: dataFolder(), persist: true, host: 'daemon' });
  try {
    return await fn(emulators);
  } finally {
    await emulators.stop();
  }
}

export async function getLocalSession(emulators: Emulators, auditId: string): Promise<Session> {
  try {
    const session = await emulators.store.get(auditId);
    if (session.owner === LOCAL_OWNER) return session;
  } catch (e) {
    if (!(e instanceof SessionNotFound)) throw e;
  }
  throw new UsageError(`no audit '${auditId}' in ${dataFolder()} (audits are kept where case-audit run was started; 'case-audit list' shows them)`);
}
