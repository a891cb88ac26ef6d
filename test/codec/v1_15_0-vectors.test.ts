// avatop's codec and RPC schemas against the vectors avalanchego v1.15.0's own code wrote (snapshot in
// test/fixtures/v1.15.0, generator in test/node-wrapper/v1.15.0; `npm run test:node` regenerates them and holds
// this snapshot to them byte for byte).
import { codecChecks, loadVectors, schemaChecks } from '../helpers/v1_15_0-vectors';

const vectors = loadVectors();
codecChecks(vectors);
schemaChecks(vectors);
