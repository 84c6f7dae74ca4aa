import { describe, expect, it } from 'vitest';
import { findLinks } from './links.ts';

describe('findLinks', () => {
  it('finds each link once across the text and HTML bodies', () => {
    const text = 'Activate your account: https://shop.example/activate?token=abc&user=1.\nThanks';
    const html =
      '<p><a href="https://shop.example/activate?token=abc&amp;user=1">Activate</a> or see <a href=\'http://shop.example/help\'>help</a></p>';
    expect(findLinks(text, html)).toEqual([
      'https://shop.example/activate?token=abc&user=1',
      'http://shop.example/help',
    ]);
  });

  it('finds nothing in a message without links', () => {
    expect(findLinks('Hello', '<p>Hello</p>')).toEqual([]);
  });
});
