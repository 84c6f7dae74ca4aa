import { describe, expect, it } from 'vitest';
import { richTextToPlainText, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<img src="https://cdn.example.com/a.png" onerror="alert(1)">', '<img src="https://cdn.example.com/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p onclick="alert(1)" style="background:url(javascript:alert(1));color:red">x</p>', '<p style="color:red">x</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="/content/../../etc/passwd">', ''],
    ['<form action="/api/x"><input name="a"></form>', ''],
    ['<p class="ql-align-center evil">x</p>', '<p class="ql-align-center">x</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
  ])('neutralises %s', (dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it('keeps what a product description needs', () => {
    const description = [
      '<h2>Mycoplasma Detection Kit</h2>',
      '<p class="ql-align-justify"><strong>Fast</strong> and <em>sensitive</em> <span style="color:#e60000">PCR</span>.</p>',
      '<ol><li data-list="bullet">96 tests</li><li data-list="ordered">Results in 1 h</li></ol>',
      '<table><thead><tr><th>Cat. no.</th><th colspan="2">Pack</th></tr></thead><tbody><tr><td>MP-1</td><td>1 kit</td><td>$99.00</td></tr></tbody></table>',
      '<p><img src="/content/0af3.png" alt="kit" /> <a href="https://example.com/manual" target="_blank" rel="noopener noreferrer">Manual</a></p>',
    ].join('');
    expect(sanitizeRichText(description)).toBe(description);
  });

  it('forces rel=noopener on links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('reads as plain words for search: tags are spaces, entities their characters', () => {
    expect(
      richTextToPlainText(
        '<h3>Tips,&nbsp;200&#181;l</h3><p>Tris &amp; glycine</p><ul><li>A</li><li>B&#x2122;</li></ul>',
      ),
    ).toBe('Tips, 200µl Tris & glycine A B™');
    expect(richTextToPlainText('a &bogus; b &#99999999; c')).toBe('a &bogus; b c');
  });
});
