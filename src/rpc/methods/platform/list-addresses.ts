import * as z from 'zod';
import { list } from '../common';
import { defineMethod } from '../define';

export const listAddresses = defineMethod({
  name: 'platform.listAddresses',
  removedIn: 'v1.12.2',
  schemas: () => ({
    params: z.object({
      username: z.string().min(1, 'a keystore username is required'),
      password: z.string().min(1, 'a keystore password is required'),
    }),
    result: z.object({ addresses: list(z.string()) }),
  }),
  keystore: true,
  description: 'Keystore: addresses controlled by a keystore user. Removed with the keystore in v1.12.2.',
});
