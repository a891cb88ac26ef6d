import { conformanceSuite } from './helpers/suite';

conformanceSuite('v1.11.2', 'v1.11');
