import type { Migration } from 'kysely';
import * as brand from './20261122T0300_brand.ts';
import * as helpArticle from './20261122T0310_help_article.ts';
import * as captchaChallenge from './20261122T0311_captcha_challenge.ts';
import * as demoContent from './20261122T0320_demo_content.ts';
import * as accounts from './20261122T0400_accounts.ts';
import * as ledger from './20261122T0410_ledger.ts';
import * as gameCatalogue from './20261122T0500_game_catalogue.ts';
import * as funds from './20261122T0600_funds.ts';
import * as withdrawals from './20261122T0610_withdrawals.ts';
import * as withdrawalConfirmation from './20261122T0620_withdrawal_confirmation.ts';
import * as play from './20261122T0904_play.ts';
import * as ledgerVendorCodes from './20261123T0840_ledger_vendor_codes.ts';
import * as playProviderFunctions from './20261123T0850_play_provider_functions.ts';
import * as moneyEventOutbox from './20261124T1000_money_event_outbox.ts';
import * as paymentPin from './20261124T1001_payment_pin.ts';
import * as passwordPolicy from './20261124T1002_password_policy.ts';
import * as initialPasswordAndSmsBudget from './20261124T1003_initial_password_and_sms_budget.ts';
import * as signInCodesAndLaunchTies from './20261124T1004_sign_in_codes_and_launch_ties.ts';
import * as houseStore from './20261125T1000_house_store.ts';
import * as ledgerPost from './20261125T1100_ledger_post.ts';
import * as memberMoneyHourly from './20261125T1110_member_money_hourly.ts';
import * as bonusMoney from './20261126T1200_bonus_money.ts';
import * as points from './20261126T1300_points.ts';
import * as vipLevels from './20261126T1400_vip_levels.ts';
import * as rewardTransferKinds from './20261127T1000_reward_transfer_kinds.ts';
import * as rebates from './20261127T1100_rebates.ts';
import * as missions from './20261127T1200_missions.ts';
import * as lucky from './20261127T1300_lucky.ts';
import * as envelopes from './20261127T1400_envelopes.ts';
import * as agentContracts from './20261128T1000_agent_contracts.ts';
import * as agentTeam from './20261128T1100_agent_team.ts';
import * as feedback from './20261129T1000_feedback.ts';
import * as referral from './20261129T1100_referral.ts';
import * as security from './20261129T1200_security.ts';
import * as lotteryStore from './20261130T1000_lottery_store.ts';
import * as staffConsole from './20261130T1100_staff_console.ts';
import * as twoStep from './20261130T1300_two_step.ts';
import * as supportChat from './20261130T1400_support_chat.ts';
import * as supportRoom from './20261130T1400_support_room.ts';
import * as playerProtection from './20261201T1000_player_protection.ts';
import * as kycAndRisk from './20261201T1100_kyc_and_risk.ts';
import * as consoleBackoffice from './20261201T1200_console_backoffice.ts';
import * as consoleContentBrand from './20261201T1300_console_content_brand.ts';
import * as referralRewards from './20261201T1600_referral_rewards.ts';
import * as protectionFinish from './20261202T1000_protection_finish.ts';
import * as serverSecret from './20261202T1100_server_secret.ts';
import * as socialLogin from './20261202T1200_social_login.ts';
import * as contentSchedule from './20261202T1500_content_schedule.ts';
import * as gameReportDaily from './20261203T1000_game_report_daily.ts';
import * as brandVendor from './20261204T1000_brand_vendor.ts';
import * as ledgerPostOnce from './20261205T1000_ledger_post_once.ts';
import * as sessionChange from './20261206T1000_session_change.ts';
import * as providerBetCached from './20261207T1000_provider_bet_cached.ts';
import * as providerFewerWrites from './20261208T1000_provider_fewer_writes.ts';
import * as providerBetRoundLock from './20261209T1000_provider_bet_round_lock.ts';
import * as moneyCallBatches from './20261210T1000_money_call_batches.ts';
import * as ledgerRulesOnWrite from './20261210T1100_ledger_rules_on_write.ts';

/**
 * Every migration, by its timestamped name (UTC, `YYYYMMDDTHHMM_what`).
 * Kysely applies them in name order and records each in `kysely_migration`.
 */
export const migrations: Record<string, Migration> = {
  '20261122T0300_brand': brand,
  '20261122T0310_help_article': helpArticle,
  '20261122T0311_captcha_challenge': captchaChallenge,
  '20261122T0320_demo_content': demoContent,
  '20261122T0400_accounts': accounts,
  '20261122T0410_ledger': ledger,
  '20261122T0500_game_catalogue': gameCatalogue,
  '20261122T0600_funds': funds,
  '20261122T0610_withdrawals': withdrawals,
  '20261122T0620_withdrawal_confirmation': withdrawalConfirmation,
  '20261122T0904_play': play,
  '20261123T0840_ledger_vendor_codes': ledgerVendorCodes,
  '20261123T0850_play_provider_functions': playProviderFunctions,
  '20261124T1000_money_event_outbox': moneyEventOutbox,
  '20261124T1001_payment_pin': paymentPin,
  '20261124T1002_password_policy': passwordPolicy,
  '20261124T1003_initial_password_and_sms_budget': initialPasswordAndSmsBudget,
  '20261124T1004_sign_in_codes_and_launch_ties': signInCodesAndLaunchTies,
  '20261125T1000_house_store': houseStore,
  '20261125T1100_ledger_post': ledgerPost,
  '20261125T1110_member_money_hourly': memberMoneyHourly,
  '20261126T1200_bonus_money': bonusMoney,
  '20261126T1300_points': points,
  '20261126T1400_vip_levels': vipLevels,
  '20261127T1000_reward_transfer_kinds': rewardTransferKinds,
  '20261127T1100_rebates': rebates,
  '20261127T1300_lucky': lucky,
  '20261127T1400_envelopes': envelopes,
  '20261128T1000_agent_contracts': agentContracts,
  '20261127T1200_missions': missions,
  '20261128T1100_agent_team': agentTeam,
  '20261129T1000_feedback': feedback,
  '20261129T1100_referral': referral,
  '20261129T1200_security': security,
  '20261130T1400_support_chat': supportChat,
  '20261130T1400_support_room': supportRoom,
  '20261201T1000_player_protection': playerProtection,
  '20261201T1600_referral_rewards': referralRewards,
  '20261201T1100_kyc_and_risk': kycAndRisk,
  '20261130T1300_two_step': twoStep,
  '20261130T1100_staff_console': staffConsole,
  '20261201T1300_console_content_brand': consoleContentBrand,
  '20261201T1200_console_backoffice': consoleBackoffice,
  '20261130T1000_lottery_store': lotteryStore,
  '20261202T1500_content_schedule': contentSchedule,
  '20261202T1200_social_login': socialLogin,
  '20261202T1100_server_secret': serverSecret,
  '20261202T1000_protection_finish': protectionFinish,
  '20261203T1000_game_report_daily': gameReportDaily,
  '20261204T1000_brand_vendor': brandVendor,
  '20261205T1000_ledger_post_once': ledgerPostOnce,
  '20261206T1000_session_change': sessionChange,
  '20261207T1000_provider_bet_cached': providerBetCached,
  '20261208T1000_provider_fewer_writes': providerFewerWrites,
  '20261209T1000_provider_bet_round_lock': providerBetRoundLock,
  '20261210T1000_money_call_batches': moneyCallBatches,
  '20261210T1100_ledger_rules_on_write': ledgerRulesOnWrite,
};
