// The keystore's P-chain methods (removed in later releases): exportKey and listAddresses.
import { MethodError, argsObject, stringArg, type Args } from '../../params';
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';
import type { PlatformHelpers } from './shared';

/** exportKey, listAddresses, while the profile has them. */
export function keystoreMethods(ctx: HandlerContext, m: Map<string, Handler>, shared: PlatformHelpers): void {
  const { net, profile } = ctx;
  if (!profile.removed.has('platform.exportKey')) {
    const user = (a: Args) => {
      const username = stringArg(a, 'username');
      const password = stringArg(a, 'password');
      if (username !== net.keystore.username) throw new MethodError(`user doesn't exist: ${username}`);
      if (password !== net.keystore.password) throw new MethodError(`incorrect password: user ${JSON.stringify(username)}`);
    };
    m.set('ExportKey', (params) => {
      const a = argsObject(params);
      user(a);
      const address = stringArg(a, 'address');
      let bytes: Uint8Array;
      try {
        bytes = shared.addr(address);
      } catch (err) {
        const why = err instanceof Error ? err.message.replace(/^couldn't parse address "[^"]*": /, '') : String(err);
        throw new MethodError(`couldn't parse ${address} to address: ${why}`);
      }
      const key = net.keystore.keys.get(shared.fmt(bytes));
      if (!key) throw new MethodError('problem retrieving private key: not found');
      return { privateKey: key };
    });
    m.set('ListAddresses', (params) => {
      user(argsObject(params));
      return { addresses: [...net.keystore.keys.keys()] };
    });
  }
}
