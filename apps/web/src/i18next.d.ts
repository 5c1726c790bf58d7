import 'i18next';
import type agent from './i18n/locales/en/agent.json';
import type app from './i18n/locales/en/app.json';
import type auth from './i18n/locales/en/auth.json';
import type common from './i18n/locales/en/common.json';
import type envelopes from './i18n/locales/en/envelopes.json';
import type errors from './i18n/locales/en/errors.json';
import type kyc from './i18n/locales/en/kyc.json';
import type lobby from './i18n/locales/en/lobby.json';
import type lucky from './i18n/locales/en/lucky.json';
import type messages from './i18n/locales/en/messages.json';
import type missions from './i18n/locales/en/missions.json';
import type patterns from './i18n/locales/en/patterns.json';
import type play from './i18n/locales/en/play.json';
import type points from './i18n/locales/en/points.json';
import type promotions from './i18n/locales/en/promotions.json';
import type protection from './i18n/locales/en/protection.json';
import type rebates from './i18n/locales/en/rebates.json';
import type referral from './i18n/locales/en/referral.json';
import type security from './i18n/locales/en/security.json';
import type support from './i18n/locales/en/support.json';
import type system from './i18n/locales/en/system.json';
import type wallet from './i18n/locales/en/wallet.json';

// English is the typed key source: a key missing from en/*.json is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      patterns: typeof patterns;
      system: typeof system;
      auth: typeof auth;
      lobby: typeof lobby;
      play: typeof play;
      wallet: typeof wallet;
      messages: typeof messages;
      /** Loaded when the envelope rain overlay or schedule first asks for it (not in NAMESPACES_AT_BOOT). */
      envelopes: typeof envelopes;
      /** Loaded when a wheel, eggs or raffle page first asks for it (not in NAMESPACES_AT_BOOT). */
      lucky: typeof lucky;
      /** Loaded when the mission leaderboard page first asks for it (not in NAMESPACES_AT_BOOT). */
      missions: typeof missions;
      /** Loaded when the points mall first asks for it (not in NAMESPACES_AT_BOOT). */
      points: typeof points;
      /** Loaded when a promotions or rewards screen first asks for it (not in NAMESPACES_AT_BOOT). */
      promotions: typeof promotions;
      /** Loaded when the manual rebate page first asks for it (not in NAMESPACES_AT_BOOT). */
      rebates: typeof rebates;
      /** Loaded when the agent centre first asks for it (not in NAMESPACES_AT_BOOT). */
      agent: typeof agent;
      /** Loaded when the app download page first asks for it (not in NAMESPACES_AT_BOOT). */
      app: typeof app;
      /** Loaded when the member centre's referral page first asks for it (not in NAMESPACES_AT_BOOT). */
      referral: typeof referral;
      /** Loaded when the member centre's security centre first asks for it (not in NAMESPACES_AT_BOOT). */
      security: typeof security;
      /** Loaded when the feedback or help centre page first asks for it (not in NAMESPACES_AT_BOOT). */
      support: typeof support;
      /** Loaded when the responsible-gaming page or the reality check first asks for it (not in NAMESPACES_AT_BOOT). */
      protection: typeof protection;
      /** Loaded when the member centre's identity verification page first asks for it (not in NAMESPACES_AT_BOOT). */
      kyc: typeof kyc;
    };
  }
}
