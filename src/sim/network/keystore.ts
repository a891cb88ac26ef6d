// The keystore API's one user: a private key per wallet, drawn from the genesis stream after the wallets.
import type { Prng } from '../prng';
import { formatId } from '../wire';

export interface Keystore {
  username: string;
  password: string;
  /** Address → `PrivateKey-…`. */
  keys: Map<string, string>;
}

export function createKeystore(g: Prng, wallets: readonly { str: string }[]): Keystore {
  const keystore: Keystore = { username: 'avatop', password: 'avatop-sim-password', keys: new Map() };
  for (const w of wallets) keystore.keys.set(w.str, 'PrivateKey-' + formatId(g.bytes(32)).slice(0, 50));
  return keystore;
}
