import { AVATAR_MAX_BYTES, avatarSrc } from '@playfront/contract/avatar-paths';
import { describe, expect, it } from 'vitest';
import bn from '../../../i18n/locales/bn/errors.json';
import en from '../../../i18n/locales/en/errors.json';
import { AVATAR_PROBLEM_KEYS, avatarFileProblem, avatarKindOf } from './avatar-file.ts';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const webp = new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ');
const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000\u0080\u0000');
const html = new TextEncoder().encode('<html><script>alert(1)</script>');

/** A chosen file as the picker gives it: its name says nothing, its bytes and size do. */
const fileOf = (bytes: Uint8Array, size = bytes.length, name = 'me.png') => {
  const blob = new Blob([bytes as BlobPart]);
  return { name, size, slice: (a?: number, b?: number) => blob.slice(a, b) };
};

describe('the avatar upload control’s check', () => {
  it('knows png, jpg and webp by their first bytes, whatever the name says', () => {
    expect(avatarKindOf(png)).toBe('image/png');
    expect(avatarKindOf(jpg)).toBe('image/jpeg');
    expect(avatarKindOf(webp)).toBe('image/webp');
    expect(avatarKindOf(gif)).toBeNull();
    expect(avatarKindOf(html)).toBeNull();
    // RIFF that is not WEBP (a WAV sound) is not a picture.
    expect(avatarKindOf(new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WAVEfmt '))).toBeNull();
  });

  it('refuses a disguised file and one over 2 MB before anything is sent, with the server’s own messages', async () => {
    expect(await avatarFileProblem(fileOf(png))).toBeNull();
    expect(await avatarFileProblem(fileOf(webp))).toBeNull();
    expect(await avatarFileProblem(fileOf(jpg, AVATAR_MAX_BYTES))).toBeNull();
    expect(await avatarFileProblem(fileOf(jpg, AVATAR_MAX_BYTES + 1))).toBe('tooLarge');
    expect(await avatarFileProblem(fileOf(gif, 100, 'photo.png'))).toBe('wrongType');
    expect(await avatarFileProblem(fileOf(html, 100, 'photo.jpg'))).toBe('wrongType');
    expect(await avatarFileProblem(fileOf(new Uint8Array(0), 0))).toBe('wrongType');
    for (const key of Object.values(AVATAR_PROBLEM_KEYS)) {
      expect(typeof (en as Record<string, unknown>)[key]).toBe('string');
      expect((bn as Record<string, string>)[key]).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('shows a built-in icon from /avatars and an uploaded picture from its hashed URL, nothing else', () => {
    expect(avatarSrc('avatar-07')).toBe('/avatars/avatar-07.svg');
    const hash = 'ab'.repeat(20);
    expect(avatarSrc(`u-${hash}`)).toBe(`/cdn/avatars/${hash}.webp`);
    for (const bad of ['u-../../x', 'https://evil.example/a.png', `u-${hash}0`, '', undefined]) expect(avatarSrc(bad)).toBeUndefined();
  });
});
