// Registers the full drill-down views; kinds without one (peer, subnet, chain) keep the row view.
import { registerView } from './registry';
import { BlockView } from './BlockView';
import { TxView } from './TxView';
import { UtxoView } from './UtxoView';
import { ValidatorView } from './ValidatorView';
import { HealthView } from './HealthView';
import { HistoryView } from './HistoryView';

registerView('block', BlockView);
registerView('tx', TxView);
registerView('validator', ValidatorView);
registerView('utxo', UtxoView);
registerView('health', HealthView);
registerView('history', HistoryView);
