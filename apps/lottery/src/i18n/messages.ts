import type { LotteryErrorCode } from '@playfront/contract/lottery';

/**
 * The lottery provider's refusals in English and Bengali (the API answers each with `message` in the session's
 * language; the client's own texts are in client-messages.ts). `{name}` marks a placeholder.
 */
export const REFUSALS: Record<'en' | 'bn', Record<LotteryErrorCode, string>> = {
  en: {
    BAD_REQUEST: 'That request could not be read. Please try again.',
    BAD_LAUNCH: 'This game link is not valid. Please open the lottery again from the lobby.',
    SESSION_EXPIRED: 'Your game session has ended. Please open the lottery again from the lobby.',
    ACCOUNT_BLOCKED: 'Your account cannot play for money right now. Please contact support.',
    UNKNOWN_GAME: 'This lottery is not offered here.',
    UNKNOWN_DRAW: 'That draw does not exist.',
    DRAW_CLOSED: 'Betting on this draw has closed. Your slip was not placed; choose the next draw.',
    DRAW_NOT_DRAWN: 'This draw has not been drawn yet, so its seed is still secret.',
    BAD_BET_TYPE: 'That bet type is not offered for this lottery.',
    BAD_NUMBERS: 'Those numbers do not fit the bet type. Check how many numbers and digits it needs.',
    TOO_MANY_LINES: 'A slip can hold at most {max} lines.',
    STAKE_TOO_LOW: 'The stake of each line must be at least {min}.',
    STAKE_TOO_HIGH: 'The stake of one line can be at most {max}.',
    NUMBER_LIMIT: 'Your total stake on {number} in this draw would pass its limit of {max}.',
    EXPOSURE_LIMIT: '{number} is sold out for this draw. Choose another number or the next draw.',
    INSUFFICIENT_FUNDS: 'Your balance is too low for this slip.',
    WALLET_REFUSED: 'The platform refused this slip. Nothing was charged.',
    WALLET_UNAVAILABLE: 'The wallet did not answer. If anything was charged it will be refunded automatically.',
    PLAYER_LIMIT: 'This slip would go over the wager or loss limit you set. Nothing was charged.',
    PLAYER_EXCLUDED: 'You are on a break you chose (cool-off or self-exclusion), so you cannot play now. Nothing was charged.',
  },
  bn: {
    BAD_REQUEST: 'অনুরোধটি পড়া যায়নি। আবার চেষ্টা করুন।',
    BAD_LAUNCH: 'এই গেম লিংকটি সঠিক নয়। লবি থেকে আবার লটারি খুলুন।',
    SESSION_EXPIRED: 'আপনার গেম সেশন শেষ হয়েছে। লবি থেকে আবার লটারি খুলুন।',
    ACCOUNT_BLOCKED: 'আপনার অ্যাকাউন্ট এখন টাকায় খেলতে পারবে না। সাপোর্টে যোগাযোগ করুন।',
    UNKNOWN_GAME: 'এই লটারিটি এখানে নেই।',
    UNKNOWN_DRAW: 'এই ড্রটি নেই।',
    DRAW_CLOSED: 'এই ড্রয়ের বাজি বন্ধ হয়ে গেছে। আপনার স্লিপ জমা হয়নি; পরের ড্র বেছে নিন।',
    DRAW_NOT_DRAWN: 'এই ড্র এখনও হয়নি, তাই এর সিড এখনও গোপন।',
    BAD_BET_TYPE: 'এই লটারিতে এই ধরনের বাজি নেই।',
    BAD_NUMBERS: 'এই সংখ্যাগুলো বাজির ধরনের সাথে মেলে না। কয়টি সংখ্যা ও অঙ্ক লাগবে দেখে নিন।',
    TOO_MANY_LINES: 'একটি স্লিপে সর্বোচ্চ {max}টি লাইন থাকতে পারে।',
    STAKE_TOO_LOW: 'প্রতিটি লাইনের বাজি কমপক্ষে {min} হতে হবে।',
    STAKE_TOO_HIGH: 'একটি লাইনের বাজি সর্বোচ্চ {max} হতে পারে।',
    NUMBER_LIMIT: 'এই ড্রয়ে {number}-এ আপনার মোট বাজি সীমা {max} ছাড়িয়ে যাবে।',
    EXPOSURE_LIMIT: 'এই ড্রয়ে {number} আর বিক্রি হচ্ছে না। অন্য সংখ্যা বা পরের ড্র বেছে নিন।',
    INSUFFICIENT_FUNDS: 'এই স্লিপের জন্য আপনার ব্যালেন্স যথেষ্ট নয়।',
    WALLET_REFUSED: 'প্ল্যাটফর্ম এই স্লিপটি গ্রহণ করেনি। কিছু কাটা হয়নি।',
    WALLET_UNAVAILABLE: 'ওয়ালেট সাড়া দেয়নি। কিছু কাটা হয়ে থাকলে তা নিজে থেকেই ফেরত আসবে।',
    PLAYER_LIMIT: 'এই স্লিপ আপনার ঠিক করা বাজি বা ক্ষতির সীমা ছাড়িয়ে যাবে। কিছু কাটা হয়নি।',
    PLAYER_EXCLUDED: 'আপনি নিজের বেছে নেওয়া বিরতিতে (কুল-অফ বা স্ব-বর্জন) আছেন, তাই এখন খেলতে পারবেন না। কিছু কাটা হয়নি।',
  },
};

export function lotteryLanguage(value: unknown): 'en' | 'bn' {
  return typeof value === 'string' && value.toLowerCase().startsWith('bn') ? 'bn' : 'en';
}

/** A refusal in a language with its placeholders filled. */
export function refusal(lang: 'en' | 'bn', code: LotteryErrorCode, values: Record<string, string> = {}): string {
  return REFUSALS[lang][code].replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}
