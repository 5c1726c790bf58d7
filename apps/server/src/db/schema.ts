import type {
  AgentContractSettingsTable,
  AgentContractTable,
  AgentMoney5minTable,
  AgentSettlementTable,
} from '../features/agents/contracts/contracts.table.ts';
import type {
  BrandFlagTable,
  BrandResourceTable,
  BrandTable,
  CountryDialingTable,
  CustomerServiceTable,
  DomainRouteTable,
  RegionRuleTable,
  RegistrationRuleTable,
  SocialLinkTable,
} from '../features/brand/brand.table.ts';
import type {
  BrandConsoleSettingTable,
  ManualDepositTable,
  OperatorApiKeyTable,
  StaffMemberNoteTable,
} from '../features/console/backoffice.table.ts';
import type { AnnouncementTable, BannerTable, NoticeTable, PopupTable } from '../features/content/content.table.ts';
import type { EnvelopeOccurrenceTable, EnvelopeRainTable, EnvelopeSlotTable } from '../features/envelopes/envelopes.table.ts';
import type {
  DepositChannelTable,
  DepositOrderTable,
  JobRunTable,
  PaymentWebhookEventTable,
  SandboxPaymentTable,
  WithdrawalConfirmationTable,
  WithdrawalOrderTable,
  WithdrawalProofTable,
} from '../features/funds/funds.table.ts';
import type {
  BrandVendorTable,
  GameMenuTable,
  GameTable,
  GameVendorTable,
  HotMatchTable,
  JackpotConfigTable,
  MemberFavouriteGameTable,
  MemberRecentGameTable,
  WinnerBoardEntryTable,
} from '../features/games/games.table.ts';
import type { KycDocumentTable, KycSubmissionTable } from '../features/kyc/kyc.table.ts';
import type {
  IdempotencyRecordTable,
  LedgerAccountTable,
  LedgerEntryTable,
  LedgerTransferTable,
  MemberMoneyHourlyTable,
  MoneyEventTable,
  OutboxConsumerTable,
} from '../features/ledger/ledger.table.ts';
import type {
  VipBonusTable,
  VipLevelChangeTable,
  VipLevelTable,
  VipMemberDailyTable,
  VipReviewTable,
} from '../features/loyalty/vip.table.ts';
import type {
  LuckyConfigTable,
  LuckyPlayTable,
  LuckyPrizeTable,
  LuckyRaffleEntryTable,
  LuckyRafflePrizeTable,
  LuckyRaffleTable,
  LuckyRaffleWinnerTable,
  LuckySeedTable,
  LuckyTicketTable,
} from '../features/lucky/lucky.table.ts';
import type { MemberKnownIpTable, MemberTable } from '../features/member/member.table.ts';
import type { MemberMessageTable } from '../features/messages/messages.table.ts';
import type {
  MissionEventAppliedTable,
  MissionGameSeenTable,
  MissionPointsTable,
  MissionProgressTable,
  MissionTable,
} from '../features/missions/missions.table.ts';
import type {
  GameLaunchSessionTable,
  GameRoundTable,
  ProviderCredentialTable,
  ProviderTransactionTable,
} from '../features/play/play.table.ts';
import type {
  PointsBalanceTable,
  PointsConfigTable,
  PointsConversionTable,
  PointsEntryTable,
  PointsRedemptionTable,
  PointsRewardTable,
  PointsVoucherTable,
} from '../features/points/points.table.ts';
import type {
  BonusGrantTable,
  PromotionCommentImageTable,
  PromotionCommentTable,
  PromotionParticipationEventTable,
  PromotionParticipationTable,
  PromotionTable,
} from '../features/promotions/promotions.table.ts';
import type { MemberLimitChangeTable, MemberProtectionTable } from '../features/protection/protection.table.ts';
import type { RebateAccrualTable, RebateBrandRunTable, RebatePayoutTable, RebateSettingsTable } from '../features/rebates/rebates.table.ts';
import type { ReferralProgressTable, ReferralRewardSettingsTable } from '../features/referral/referral.table.ts';
import type { MemberTurnoverTable, RiskFlagTable, RiskIpLocationTable, RiskRulesTable } from '../features/risk/risk.table.ts';
import type { LoginEventTable, MemberKnownDeviceTable } from '../features/security/security.table.ts';
import type { LoginChallengeTable, MemberRecoveryCodeTable, MemberTwoFactorTable } from '../features/security/two-step.table.ts';
import type {
  MemberSessionTable,
  ServerKeyTable,
  SignInCodeTable,
  UsedNonceTable,
  VerificationCodeTable,
} from '../features/session/session.table.ts';
import type { MemberIdentityTable, SocialFlowTable, SocialProviderTable } from '../features/social/social.table.ts';
import type {
  StaffAdjustmentTable,
  StaffAuditTable,
  StaffEnrolmentTable,
  StaffIpAllowTable,
  StaffRecoveryCodeTable,
  StaffSessionTable,
  StaffTable,
  StaffWithdrawalApprovalTable,
} from '../features/staff/staff.table.ts';
import type { SupportChatConversationTable, SupportChatMessageTable } from '../features/support/chat/chat.table.ts';
import type {
  FeedbackImageTable,
  FeedbackReplyTable,
  FeedbackSettingsTable,
  FeedbackTable,
} from '../features/support/feedback/feedback.table.ts';
import type { SupportRoomMessageTable, SupportRoomMuteTable, SupportRoomWordTable } from '../features/support/room/room.table.ts';
import type { CaptchaChallengeTable, HelpArticleTable } from '../features/system/system.table.ts';
import type { OutboxTable } from '../infra/messaging/outbox.table.ts';
import type { ServerSecretTable } from '../infra/server-secret/server-secret.table.ts';

/**
 * The database as Kysely sees it: one entry per table, with row types from the
 * features' `*.table.ts` files. Add a table: write its migration, its
 * `*.table.ts`, and list it here.
 */
export type Database = {
  feedback_settings: FeedbackSettingsTable;
  feedback: FeedbackTable;
  feedback_image: FeedbackImageTable;
  feedback_reply: FeedbackReplyTable;
  support_chat_conversation: SupportChatConversationTable;
  support_chat_message: SupportChatMessageTable;
  support_room_message: SupportRoomMessageTable;
  support_room_word: SupportRoomWordTable;
  support_room_mute: SupportRoomMuteTable;
  brand: BrandTable;
  brand_flag: BrandFlagTable;
  customer_service: CustomerServiceTable;
  social_link: SocialLinkTable;
  brand_resource: BrandResourceTable;
  domain_route: DomainRouteTable;
  region_rule: RegionRuleTable;
  registration_rule: RegistrationRuleTable;
  country_dialing: CountryDialingTable;
  help_article: HelpArticleTable;
  captcha_challenge: CaptchaChallengeTable;
  banner: BannerTable;
  notice: NoticeTable;
  popup: PopupTable;
  announcement: AnnouncementTable;
  member: MemberTable;
  member_known_ip: MemberKnownIpTable;
  member_session: MemberSessionTable;
  verification_code: VerificationCodeTable;
  sign_in_code: SignInCodeTable;
  used_nonce: UsedNonceTable;
  server_key: ServerKeyTable;
  server_secret: ServerSecretTable;
  outbox: OutboxTable;
  ledger_account: LedgerAccountTable;
  ledger_transfer: LedgerTransferTable;
  ledger_entry: LedgerEntryTable;
  idempotency_record: IdempotencyRecordTable;
  money_event: MoneyEventTable;
  outbox_consumer: OutboxConsumerTable;
  member_money_hourly: MemberMoneyHourlyTable;
  game_vendor: GameVendorTable;
  brand_vendor: BrandVendorTable;
  game: GameTable;
  game_menu: GameMenuTable;
  member_favourite_game: MemberFavouriteGameTable;
  member_recent_game: MemberRecentGameTable;
  winner_board_entry: WinnerBoardEntryTable;
  hot_match: HotMatchTable;
  jackpot_config: JackpotConfigTable;
  deposit_channel: DepositChannelTable;
  deposit_order: DepositOrderTable;
  payment_webhook_event: PaymentWebhookEventTable;
  sandbox_payment: SandboxPaymentTable;
  member_message: MemberMessageTable;
  withdrawal_order: WithdrawalOrderTable;
  withdrawal_confirmation: WithdrawalConfirmationTable;
  withdrawal_proof: WithdrawalProofTable;
  job_run: JobRunTable;
  game_launch_session: GameLaunchSessionTable;
  provider_credential: ProviderCredentialTable;
  game_round: GameRoundTable;
  provider_transaction: ProviderTransactionTable;
  promotion: PromotionTable;
  promotion_participation: PromotionParticipationTable;
  promotion_participation_event: PromotionParticipationEventTable;
  bonus_grant: BonusGrantTable;
  promotion_comment: PromotionCommentTable;
  promotion_comment_image: PromotionCommentImageTable;
  points_config: PointsConfigTable;
  points_balance: PointsBalanceTable;
  points_entry: PointsEntryTable;
  points_reward: PointsRewardTable;
  points_redemption: PointsRedemptionTable;
  points_voucher: PointsVoucherTable;
  points_conversion: PointsConversionTable;
  vip_level: VipLevelTable;
  vip_member_daily: VipMemberDailyTable;
  vip_level_change: VipLevelChangeTable;
  vip_bonus: VipBonusTable;
  vip_review: VipReviewTable;
  rebate_settings: RebateSettingsTable;
  rebate_accrual: RebateAccrualTable;
  rebate_payout: RebatePayoutTable;
  rebate_brand_run: RebateBrandRunTable;
  referral_reward_settings: ReferralRewardSettingsTable;
  referral_progress: ReferralProgressTable;
  envelope_rain: EnvelopeRainTable;
  envelope_occurrence: EnvelopeOccurrenceTable;
  envelope_slot: EnvelopeSlotTable;
  lucky_config: LuckyConfigTable;
  lucky_prize: LuckyPrizeTable;
  lucky_ticket: LuckyTicketTable;
  lucky_seed: LuckySeedTable;
  lucky_play: LuckyPlayTable;
  lucky_raffle: LuckyRaffleTable;
  lucky_raffle_prize: LuckyRafflePrizeTable;
  lucky_raffle_entry: LuckyRaffleEntryTable;
  lucky_raffle_winner: LuckyRaffleWinnerTable;
  mission: MissionTable;
  mission_progress: MissionProgressTable;
  mission_game_seen: MissionGameSeenTable;
  mission_event_applied: MissionEventAppliedTable;
  mission_points: MissionPointsTable;
  agent_contract: AgentContractTable;
  agent_settlement: AgentSettlementTable;
  agent_money_5min: AgentMoney5minTable;
  agent_contract_settings: AgentContractSettingsTable;
  member_protection: MemberProtectionTable;
  member_limit_change: MemberLimitChangeTable;
  login_event: LoginEventTable;
  member_known_device: MemberKnownDeviceTable;
  member_two_factor: MemberTwoFactorTable;
  member_recovery_code: MemberRecoveryCodeTable;
  login_challenge: LoginChallengeTable;
  staff: StaffTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  staff_enrolment: StaffEnrolmentTable;
  staff_session: StaffSessionTable;
  staff_audit: StaffAuditTable;
  staff_adjustment: StaffAdjustmentTable;
  staff_withdrawal_approval: StaffWithdrawalApprovalTable;
  staff_ip_allow: StaffIpAllowTable;
  risk_rules: RiskRulesTable;
  kyc_submission: KycSubmissionTable;
  kyc_document: KycDocumentTable;
  member_turnover: MemberTurnoverTable;
  risk_flag: RiskFlagTable;
  risk_ip_location: RiskIpLocationTable;
  operator_api_key: OperatorApiKeyTable;
  brand_console_setting: BrandConsoleSettingTable;
  staff_member_note: StaffMemberNoteTable;
  manual_deposit: ManualDepositTable;
  social_provider: SocialProviderTable;
  social_flow: SocialFlowTable;
  member_identity: MemberIdentityTable;
};
