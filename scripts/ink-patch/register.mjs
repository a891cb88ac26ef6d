// Importing this registers hooks.mjs for every module loaded afterwards.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
