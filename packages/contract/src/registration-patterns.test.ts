import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATTERN_IDS, type PatternId, ruleFor, validateField } from './registration-patterns.ts';

/** For every pattern: values a person would type that must pass, and ones that must not (within length 1-40). */
const EXAMPLES: Record<PatternId, { accept: string[]; reject: string[] }> = {
  ANY: { accept: ['anything at all', 'ঢাকা ১২৩', '!@#'], reject: [] },
  LETTER_FIRST_ALNUM: { accept: ['demo1234', 'Player', 'a1'], reject: ['1demo', 'demo_1', 'de mo', 'দেমো'] },
  CHINESE_DIGITS: { accept: ['张三', '李四123', '2024'], reject: ['zhang', '张 三', '张三!'] },
  EMAIL: {
    accept: ['demo@playfront.localhost', 'first.last+tag@mail.example.com'],
    reject: ['demo@', '@example.com', 'demo example.com', 'demo@example'],
  },
  ALNUM: { accept: ['abc', '123', 'Abc123'], reject: ['abc-1', 'a b', 'ábc'] },
  ALNUM_BOTH: { accept: ['demo1234', '1a'], reject: ['demodemo', '12345678', 'demo 1234', 'demo-1234'] },
  DIGITS: { accept: ['01711000001', '0'], reject: ['0171-100', '+8801', '১২৩', 'abc'] },
  ALNUM_UPPER: { accept: ['Demo123', 'ABC'], reject: ['demo123', 'Demo-123'] },
  LETTERS_SPACES: { accept: ['Rahim Uddin', 'abc'], reject: ['Rahim1', 'Rahim-Uddin'] },
  NO_SPACES: { accept: ['fb.com/demo', 'line_id!'], reject: ['has space', 'tab\there'] },
  CHINESE_PUNCT: { accept: ['你好，世界！', '张三·李四'], reject: ['hello', '你好 世界', '张三1'] },
  DATE_YMD: { accept: ['1990-01-31', '2024-02-29'], reject: ['1990-1-31', '31-01-1990', '2023-02-29', '1990-13-01'] },
  DATE_MDY: { accept: ['01-31-1990', '02-29-2024'], reject: ['1990-01-31', '13-01-1990', '02-30-2024'] },
  KOREAN: { accept: ['홍길동', 'ㄱㄴㄷ'], reject: ['Hong', '홍길동1', '홍 길동'] },
  THAI: { accept: ['สมชาย'], reject: ['Somchai', 'สมชาย1', 'สม ชาย'] },
  THAI_OR_ENGLISH: { accept: ['สมชาย', 'Somchai', 'Somchai สมชาย'], reject: ['Somchai1', 'สมชาย!'] },
  UPPER_SPACES: { accept: ['RAHIM UDDIN', 'ABC'], reject: ['Rahim Uddin', 'RAHIM1'] },
  STRONG_PASSWORD: { accept: ['Demo123!', 'aB3$xyz'], reject: ['demo123!', 'DEMO123!', 'Demo!!!!', 'Demo1234', 'Demo 123!'] },
  FULL_NAME: {
    accept: ['Rahim Uddin', 'রহিম উদ্দিন', "Mary O'Neil"],
    reject: ['Rahim', 'Rahim  Uddin', 'Rahim Uddin Khan', 'Rahim1 Uddin'],
  },
  FULLWIDTH_JAPANESE: { accept: ['やまだ', 'ヤマダ', '山田太郎', 'ＡＢＣ'], reject: ['yamada', 'ﾔﾏﾀﾞ', '山田 太郎'] },
  UPPER_ONLY: { accept: ['ABC', 'Z'], reject: ['ABc', 'A B', 'A1'] },
  DIGITS_START_9: { accept: ['912345678', '9'], reject: ['812345678', '9a', ''] },
};

describe('registration patterns', () => {
  it('has examples for every pattern of the catalogue', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PATTERN_IDS].sort());
  });

  for (const id of PATTERN_IDS) {
    describe(id, () => {
      const rule = ruleFor(id, 1, 40);
      it.each(EXAMPLES[id].accept)('accepts %j', (value) => {
        expect(validateField(rule, value)).toBeNull();
      });
      if (EXAMPLES[id].reject.length > 0) {
        it.each(EXAMPLES[id].reject)('rejects %j with the pattern message and its bounds', (value) => {
          expect(validateField(rule, value)).toEqual({ key: `patterns.${id}`, params: { min: 1, max: 40 } });
        });
      }
    });
  }

  it('enforces the length bounds, counting letters rather than UTF-16 units', () => {
    const username = ruleFor('LETTER_FIRST_ALNUM', 6, 11);
    expect(validateField(username, 'demo1')).toEqual({ key: 'patterns.LETTER_FIRST_ALNUM', params: { min: 6, max: 11 } });
    expect(validateField(username, 'demomember1')).toBeNull();
    expect(validateField(username, 'demomember12')).not.toBeNull();
    // Four Bengali letters are four characters, not eight bytes or more units.
    expect(validateField(ruleFor('ANY', 1, 4), 'ঢাকা')).toBeNull();
    expect(validateField(ruleFor('ANY', 1, 3), '😀😀😀')).toBeNull();
  });

  it('the "any" pattern still enforces the length', () => {
    expect(validateField(ruleFor('ANY', 2, 3), 'a')).toEqual({ key: 'patterns.ANY', params: { min: 2, max: 3 } });
    expect(validateField(ruleFor('ANY', 2, 3), 'abcd')).not.toBeNull();
  });
});

describe('pattern messages', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const catalogue = (lang: string) =>
    JSON.parse(fs.readFileSync(path.resolve(here, `../../../apps/web/src/i18n/locales/${lang}/patterns.json`), 'utf8')) as Record<
      string,
      string
    >;

  it.each(['en', 'bn'])('the %s catalogue has a message for every pattern, with the bounds where the pattern has a length', (lang) => {
    const messages = catalogue(lang);
    for (const id of PATTERN_IDS) {
      expect(messages[id], id).toBeTruthy();
      if (!id.startsWith('DATE_') && id !== 'FULL_NAME' && id !== 'EMAIL') expect(messages[id], id).toContain('{{min}}');
    }
    expect(messages.confirmMismatch).toBeTruthy();
    expect(messages.termsRequired).toBeTruthy();
  });

  it('keeps the spec wording for the confirmation mismatch, and real Bengali in the BN catalogue', () => {
    expect(catalogue('en').confirmMismatch).toBe('Incorrect confirmation input');
    const bn = catalogue('bn');
    for (const [key, text] of Object.entries(bn)) {
      expect(text, key).toMatch(/[\u0980-\u09FF]/);
      expect(text, key).not.toBe(catalogue('en')[key]);
    }
  });
});
