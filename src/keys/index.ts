export * from './commands';
export * from './keymatch';
export { keyTableMarkdown } from './markdown';
