// The selector lives with the store (the exporter asks it too); kept here for the screens that import it from app/.
export { selectOwnValidator } from '../state/own-validator';
