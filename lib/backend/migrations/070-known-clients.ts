import type { Migration } from '../types';

/**
 * The clients that have proven a phone (docs/security.md "A member is never locked out by strangers",
 * known-clients.ts): an address or a device that logged in as the phone's member, or answered an SMS code
 * sent to it. Such a client keeps its own allowance for passwords and SMS codes whatever strangers do.
 * `client` is the address's limit key (an IPv6 address by its /64) or the device id.
 */
export const knownClientsMigration: Migration = {
  id: '070-known-clients',
  sql: `
CREATE TABLE phone_clients (
  phone TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('address', 'device')),
  client TEXT NOT NULL,
  proven_at INTEGER NOT NULL,
  PRIMARY KEY (phone, kind, client)
);
CREATE INDEX phone_clients_proven ON phone_clients(proven_at);
`,
};
