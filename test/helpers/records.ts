// Store records built the way the client builds them: wire JSON through the method's result schema, so tests hold
// exactly the typed values the store does.
import { methods } from '../../src/rpc/methods';
import type { Validator } from '../../src/state/types';

/** One getCurrentValidators entry from its wire form (decimal strings, Unix seconds, percent strings). */
export function validatorRecord(wire: Record<string, unknown>): Validator {
  return methods['platform.getCurrentValidators'].result.parse({ validators: [wire] }).validators[0]!;
}
