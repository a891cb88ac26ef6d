import { defineMethod } from '../define';
import { healthParams, healthResult } from './health-result';

export const readiness = defineMethod({
  name: 'health.readiness',
  schemas: () => ({
    params: healthParams(),
    result: healthResult(),
  }),
  description: 'Readiness checks: whether the node has finished its initial bootstrapping.',
});
