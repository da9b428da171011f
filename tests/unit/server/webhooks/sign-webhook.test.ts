import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhookSignature } from '@/server/services/webhooks/sign-webhook';
import { isPrivateAddress } from '@/server/services/webhooks/is-private-address';

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference example', () => {
    // The example of the Standard Webhooks libraries' test suites.
    const signature = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies its own signatures among several and refuses a changed body or timestamp', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const header = `v1,bogus ${signWebhook(secret, 'msg_1', 100, '{"a":1}')}`;
    expect(verifyWebhookSignature(secret, 'msg_1', 100, '{"a":1}', header)).toBe(true);
    expect(verifyWebhookSignature(secret, 'msg_1', 100, '{"a":2}', header)).toBe(false);
    expect(verifyWebhookSignature(secret, 'msg_1', 101, '{"a":1}', header)).toBe(false);
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true], ['10.0.0.1', true], ['172.16.5.4', true], ['172.32.0.1', false], ['192.168.0.1', true],
    ['169.254.169.254', true], ['100.64.0.1', true], ['0.0.0.0', true], ['::1', true], ['fe80::1', true], ['fd00::1', true],
    ['::ffff:10.0.0.1', true], ['8.8.8.8', false], ['2606:4700:4700::1111', false], ['not-an-ip', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
