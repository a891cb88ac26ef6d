import { conformanceSuite } from './helpers/suite';

conformanceSuite('v1.14.2', 'v1.14');
