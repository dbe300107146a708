import 'server-only';
import { LocalStorage } from './local';
import type { StorageDriver } from './types';

const drivers = new Map<string, StorageDriver>();

/** The driver new files are stored with. */
export function defaultStorageName(): 'local' {
  return 'local';
}

/** The driver a stored file names; an unknown name is a server fault, not a client's. */
export function storage(name: string = defaultStorageName()): StorageDriver {
  let driver = drivers.get(name);
  if (!driver) {
    if (name !== 'local') throw new Error(`Storage driver "${name}" is not configured`);
    driver = new LocalStorage();
    drivers.set(name, driver);
  }
  return driver;
}
