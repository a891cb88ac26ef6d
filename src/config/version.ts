// The bundle inlines package.json at build time, so `--version` costs no file read at start.
import pkg from '../../package.json';

export const AVATOP_VERSION: string = pkg.version;
