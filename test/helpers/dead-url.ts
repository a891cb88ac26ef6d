// Moved to ports.ts with freePort; this name stays for tests written before (branches in flight import it).
export { deadUrl } from './ports';
