import { describe, expect, it } from 'vitest';
import { pickedFileError } from './picked-file.ts';

const MiB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('a file picked for a detail', () => {
  it('takes JPG, PNG and GIF images under 2 MB', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.PNG', ''],
    ]) {
      expect(pickedFileError('image', file(name!, type!, 2 * MiB - 1))).toBeUndefined();
    }
  });

  it("refuses other images and large ones in the spec's words", () => {
    expect(pickedFileError('image', file('a.webp', 'image/webp', 10))).toBe('Only JPG, PNG or GIF images are allowed!');
    expect(pickedFileError('image', file('notes.txt', 'text/plain', 10))).toBe(
      'Only JPG, PNG or GIF images are allowed!',
    );
    expect(pickedFileError('image', file('big.png', 'image/png', 2.2 * MiB))).toBe(
      'Image size should be less than 2MB',
    );
    expect(pickedFileError('image', file('edge.png', 'image/png', 2 * MiB))).toBe('Image size should be less than 2MB');
  });

  it('takes PDFs under 10 MB only', () => {
    expect(pickedFileError('pdf', file('m.pdf', 'application/pdf', MiB))).toBeUndefined();
    expect(pickedFileError('pdf', file('m.png', 'image/png', MiB))).toBe('Only PDF files are allowed!');
    expect(pickedFileError('pdf', file('m.pdf', 'application/pdf', 11 * MiB))).toBe(
      'PDF size should be less than 10MB',
    );
  });
});
