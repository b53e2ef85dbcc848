/**
 * The Pusher app credentials the benches give our server, so load workers can sign their own
 * subscriptions and grant their sockets through the HTTP API (lib/grant.mjs).
 */
export const CREDS = {
  appId: 'chatbench',
  key: 'chatbenchkey123',
  secret: 'chatbenchsecret12345678',
};
