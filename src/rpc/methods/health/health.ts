import { defineMethod } from '../define';
import { healthParams, healthResult } from './health-result';

export const health = defineMethod({
  name: 'health.health',
  schemas: () => ({
    params: healthParams(),
    result: healthResult(),
  }),
  description: 'All health checks of the node (bootstrapped, network, database, disk space, each chain).',
});
