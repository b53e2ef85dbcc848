import { describe, expect, it } from 'vitest';
import { channelAuth, httpApiStringToSign, md5Hex, sign, userAuth } from './signatures';

// The worked examples of Pusher's "auth signatures" documentation.
const KEY = '278d425bdf160c739803';
const SECRET = '7ad3773142a6692b25b8';

describe('Pusher signatures (published test vectors)', () => {
  it('signs a private channel', () => {
    expect(channelAuth(KEY, SECRET, '1234.1234', 'private-foobar')).toBe(
      `${KEY}:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4`,
    );
  });

  it('signs a presence channel with its channel_data', () => {
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
    expect(channelAuth(KEY, SECRET, '1234.1234', 'presence-foobar', channelData)).toBe(
      `${KEY}:31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80`,
    );
  });

  it('signs an HTTP API request with the body MD5', () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    const query = {
      body_md5: 'ec365a775a4cd0599faeb73354201b6f',
      auth_version: '1.0',
      auth_signature: 'ignored',
      auth_timestamp: '1353088179',
      auth_key: KEY,
    };
    expect(sign(SECRET, httpApiStringToSign('POST', '/apps/3/events', query))).toBe(
      'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
  });

  it('binds a user sign-in to its socket', () => {
    const userData = '{"id":"10"}';
    expect(userAuth(KEY, SECRET, '1.1', userData)).not.toBe(userAuth(KEY, SECRET, '1.2', userData));
    expect(userAuth(KEY, SECRET, '1.1', userData)).toBe(
      `${KEY}:${sign(SECRET, '1.1::user::{"id":"10"}')}`,
    );
  });
});
