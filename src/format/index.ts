export * from './avax';
export * from './number';
export * from './time';
export * from './ids';
export * from './sanitize';
export * from './width';
export * from './weight';
