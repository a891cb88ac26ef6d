import { defineMethod } from '../define';
import { healthParams, healthResult } from './health-result';

export const liveness = defineMethod({
  name: 'health.liveness',
  schemas: () => ({
    params: healthParams(),
    result: healthResult(),
  }),
  description: 'Liveness checks: whether the node process is alive and should not be restarted.',
});
