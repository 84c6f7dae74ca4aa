import { describe, expect, it } from 'vitest';
import { deriveEmailTokenKey, emailToken } from '@labshop/platform/auth/email-tokens';
import { findLinks } from '../mail/links.ts';
import { renderCustomerEmail, type CustomerEmailData } from './customer-emails-templates.ts';

const links = {
  publicUrl: 'https://shop.example',
  tokenKey: deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256'),
};
const recipient = { to: 'ann+lab@example.com', title: 'Ms' as const, firstName: 'Ann', lastName: 'Lee' };
const token = { tokenId: '6f1c0d1e-0000-4000-8000-000000000001', expiresAt: '2026-03-03T10:00:00.000Z' };

const render = (data: CustomerEmailData) => renderCustomerEmail(data, links);

describe('customer emails', () => {
  it('activation: the spec link with the token derived from the id and the email, in both bodies', () => {
    const mail = render({ ...recipient, ...token, template: 'activation' });
    const expectedToken = emailToken(links.tokenKey, 'activation', token.tokenId);
    const link = `https://shop.example/activate-account?token=${expectedToken}&email=ann%2Blab%40example.com`;
    expect(mail.to).toBe('ann+lab@example.com');
    expect(mail.subject).toBe('Activate your LabShop account');
    expect(mail.text).toContain('Dear Ms Lee,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('The link works until Mar 3, 2026, 5:00 AM ET.');
    expect(findLinks(mail.html)).toContain(link);
    const parsed = new URL(link);
    expect([parsed.searchParams.get('token'), parsed.searchParams.get('email')]).toEqual([
      expectedToken,
      'ann+lab@example.com',
    ]);
  });

  it('resent activation and password reset: their own subjects, routes and token purposes', () => {
    const resend = render({ ...recipient, ...token, template: 'activation-resend' });
    expect(resend.subject).toBe('Your new LabShop activation link');
    expect(resend.text).toContain('Links we sent you before no longer work.');

    const reset = render({ ...recipient, ...token, template: 'password-reset' });
    expect(reset.subject).toBe('Reset your LabShop password');
    const resetToken = emailToken(links.tokenKey, 'reset', token.tokenId);
    expect(resetToken).not.toBe(emailToken(links.tokenKey, 'activation', token.tokenId));
    expect(reset.text).toContain(
      `https://shop.example/reset-password?token=${resetToken}&email=ann%2Blab%40example.com`,
    );
  });

  it('welcome: greets by first name and links to sign in, with no token', () => {
    const welcome = render({ ...recipient, template: 'welcome' });
    expect(welcome.subject).toBe('Welcome to LabShop, Ann!');
    expect(findLinks(welcome.text, welcome.html)).toEqual(['https://shop.example/signin']);
  });

  it('escapes names in the HTML body', () => {
    const mail = render({ ...recipient, lastName: '<b>Lee</b> & "Co"', template: 'welcome' });
    expect(mail.html).toContain('Dear Ms &lt;b&gt;Lee&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(mail.html).not.toContain('<b>Lee</b>');
  });
});
