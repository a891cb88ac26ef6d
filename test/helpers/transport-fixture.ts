// A loopback test server for each test and the transport a test opens against it, both closed after the test.
import { beforeEach } from 'vitest';
import { createTransport, type Transport, type TransportOptions } from '../../src/rpc/transport';
import { startTestServer, type TestServer } from './test-server';
import { track } from './track';

export interface TransportFixture {
  readonly server: TestServer;
  /** Opens (or reopens) the transport; defaults to the test server's URL and the fixture's options. */
  open(opts?: Partial<TransportOptions>): Transport;
}

export function transportFixture(defaults: Partial<TransportOptions> = {}): TransportFixture {
  let server: TestServer | undefined;
  let transport: Transport | undefined;
  beforeEach(async () => {
    server = track(await startTestServer());
    // The transport last opened goes first; one opened again closes the one before.
    track({ close: () => transport?.close() });
    transport = undefined;
  });
  return {
    get server() {
      return server!;
    },
    open(opts = {}) {
      void transport?.close();
      transport = createTransport({ url: server!.url, ...defaults, ...opts });
      return transport;
    },
  };
}
