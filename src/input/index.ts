export * from './router';
export { KeyRouter, useKeyHandler } from './KeyRouter';
