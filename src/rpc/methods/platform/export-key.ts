import * as z from 'zod';
import { addressParam } from '../common';
import { defineMethod } from '../define';

export const exportKey = defineMethod({
  name: 'platform.exportKey',
  removedIn: 'v1.12.2',
  schemas: () => ({
    params: z.object({
      username: z.string().min(1, 'a keystore username is required'),
      password: z.string().min(1, 'a keystore password is required'),
      address: addressParam,
    }),
    result: z.object({ privateKey: z.string() }),
  }),
  keystore: true,
  description: 'Keystore: the private key controlling an address. Not for mainnet; removed with the keystore in v1.12.2.',
});
