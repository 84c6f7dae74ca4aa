import { describe, expect, it } from 'vitest';
import { findLinks, redactLinkSecrets } from './links.ts';

describe('findLinks', () => {
  it('finds each link once across the text and HTML bodies', () => {
    const text = 'Activate your account: https://shop.example/activate?token=abc&user=1.\nThanks';
    const html = '<p><a href="https://shop.example/activate?token=abc&amp;user=1">Activate</a> or see <a href=\'http://shop.example/help\'>help</a></p>';
    expect(findLinks(text, html)).toEqual(['https://shop.example/activate?token=abc&user=1', 'http://shop.example/help']);
  });

  it('finds nothing in a message without links', () => {
    expect(findLinks('Hello', '<p>Hello</p>')).toEqual([]);
  });
});

describe('redactLinkSecrets', () => {
  it('hides token values and keeps everything else', () => {
    expect(redactLinkSecrets('https://shop.example/activate-account?token=abc-DEF_123&email=ann%40example.com')).toBe(
      'https://shop.example/activate-account?token=[redacted]&email=ann%40example.com',
    );
    expect(redactLinkSecrets('https://shop.example/reset-password?email=a%40b.c&Token=xyz#top')).toBe('https://shop.example/reset-password?email=a%40b.c&Token=[redacted]#top');
    expect(redactLinkSecrets('https://shop.example/help?topic=tokens')).toBe('https://shop.example/help?topic=tokens');
  });
});
