/**
 * The error catalogue (spec section 8): a stable machine code, its HTTP status,
 * and the i18n key the web shows. Both sides import this table, so a code can
 * never drift from its message.
 */
export const ERRORS = {
  NOT_LOGGED_IN: { status: 401, key: 'errors.notLoggedIn' },
  USERNAME_PASSWORD_REQUIRED: { status: 400, key: 'errors.usernamePasswordRequired' },
  FORMAT_INCORRECT: { status: 400, key: 'errors.formatIncorrect' },
  CONFIRMATION_MISMATCH: { status: 400, key: 'errors.confirmationMismatch' },
  USER_OR_EMAIL_NOT_FOUND: { status: 404, key: 'errors.userOrEmailNotFound' },
  NETWORK: { status: 503, key: 'errors.network' },
  TIMEOUT: { status: 504, key: 'errors.timeout' },
  UNKNOWN: { status: 500, key: 'errors.unknown' },
  INVALID_DOMAIN: { status: 403, key: 'errors.invalidDomain' },
  ACCESS_RESTRICTED: { status: 451, key: 'errors.accessRestricted' },
  MAINTENANCE: { status: 503, key: 'errors.maintenance' },
  POPUP_BLOCKED: { status: 400, key: 'errors.popupBlocked' },
  NON_MEMBER_LOGIN: { status: 403, key: 'errors.nonMemberLogin' },
  NON_AGENT_LOGIN: { status: 403, key: 'errors.nonAgentLogin' },
  TRIAL_NOT_ALLOWED: { status: 403, key: 'errors.needRealAccount' },
  VALIDATION: { status: 400, key: 'errors.validation' },
  NOT_FOUND: { status: 404, key: 'errors.notFound' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.payloadTooLarge' },
  /** A path segment longer than the router accepts (a hostile or broken link). */
  URI_TOO_LONG: { status: 414, key: 'errors.uriTooLong' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.unsupportedMediaType' },
  TOO_MANY_REQUESTS: { status: 429, key: 'errors.tooManyRequests' },
  FORBIDDEN: { status: 403, key: 'errors.forbidden' },
  CAPTCHA_REQUIRED: { status: 400, key: 'errors.captchaRequired' },
  CAPTCHA_INVALID: { status: 400, key: 'errors.captchaInvalid' },
  CAPTCHA_EXPIRED: { status: 400, key: 'errors.captchaExpired' },
  // Accounts (session and member calls).
  INVALID_CREDENTIALS: { status: 401, key: 'errors.invalidCredentials' },
  /** Change password: the current password given is wrong (400, not 401: the session itself is fine). */
  OLD_PASSWORD_INCORRECT: { status: 400, key: 'errors.oldPasswordIncorrect' },
  /** The one-time initial password was used already or is too old: ask whoever made the account for a new one. */
  INITIAL_PASSWORD_EXPIRED: { status: 401, key: 'errors.initialPasswordExpired' },
  SESSION_EXPIRED: { status: 401, key: 'errors.sessionExpired' },
  /** A sign-in link's code is unknown, used already, or older than 60 s. */
  HANDOFF_CODE_INVALID: { status: 401, key: 'errors.handoffCodeInvalid' },
  ACCOUNT_DISABLED: { status: 403, key: 'errors.accountDisabled' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, key: 'errors.passwordChangeRequired' },
  VERIFICATION_REQUIRED: { status: 403, key: 'errors.verificationRequired' },
  ENCRYPTION_REQUIRED: { status: 400, key: 'errors.encryptionRequired' },
  ENCRYPTION_INVALID: { status: 400, key: 'errors.encryptionInvalid' },
  PAYLOAD_EXPIRED: { status: 400, key: 'errors.payloadExpired' },
  PAYLOAD_REPLAYED: { status: 409, key: 'errors.payloadReplayed' },
  INVALID_VERIFICATION_CODE: { status: 400, key: 'errors.invalidVerificationCode' },
  CODE_EXPIRED: { status: 400, key: 'errors.codeExpired' },
  USERNAME_TAKEN: { status: 409, key: 'errors.usernameTaken' },
  MOBILE_TAKEN: { status: 409, key: 'errors.mobileTaken' },
  EMAIL_TAKEN: { status: 409, key: 'errors.emailTaken' },
  INVALID_AFFILIATE: { status: 400, key: 'errors.invalidAffiliate' },
  REGISTRATION_CLOSED: { status: 403, key: 'errors.registrationClosed' },
  FEATURE_DISABLED: { status: 403, key: 'errors.featureDisabled' },
  OPERATOR_UNAUTHORIZED: { status: 401, key: 'errors.operatorUnauthorized' },
  // Wallet ledger.
  INSUFFICIENT_FUNDS: { status: 409, key: 'errors.insufficientFunds' },
  /** The same request id was sent again with different content. */
  IDEMPOTENCY_CONFLICT: { status: 409, key: 'errors.idempotencyConflict' },
  // Game catalogue.
  GAME_NOT_FOUND: { status: 404, key: 'errors.gameNotFound' },
  FAVOURITE_LIMIT: { status: 409, key: 'errors.favouriteLimit' },
  CATALOGUE_IMPORT_INVALID: { status: 422, key: 'errors.catalogueImportInvalid' },
  /** The operator put this game's vendor under maintenance: launches wait until it is back (lane D). */
  VENDOR_MAINTENANCE: { status: 503, key: 'errors.vendorMaintenance' },
  /** A help article with this address (slug) exists already. */
  HELP_SLUG_TAKEN: { status: 409, key: 'errors.helpSlugTaken' },
  /** A region rule must be an IPv4 or IPv6 network such as 203.0.113.0/24. */
  CIDR_INVALID: { status: 400, key: 'errors.cidrInvalid' },
  // Funds (deposits, withdrawals, transfers).
  DEPOSIT_CHANNEL_UNAVAILABLE: { status: 409, key: 'errors.depositChannelUnavailable' },
  /** The amount is outside the channel's limits; `value` holds `{ min, max }` in minor units. */
  AMOUNT_OUT_OF_RANGE: { status: 400, key: 'errors.amountOutOfRange' },
  /** Today's withdrawals (not rejected) plus this one would pass the member's VIP level's daily limit. */
  /** An operator's VIP level would break the ladder: each level must ask at least what the one below asks. */
  VIP_LADDER_ORDER: { status: 400, key: 'errors.vipLadderOrder' },
  WITHDRAW_DAILY_LIMIT: { status: 409, key: 'errors.withdrawDailyLimit' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, key: 'errors.webhookSignatureInvalid' },
  WEBHOOK_STALE: { status: 401, key: 'errors.webhookStale' },
  PAYMENT_PASSWORD_NOT_SET: { status: 409, key: 'errors.paymentPasswordNotSet' },
  PAYMENT_PASSWORD_INVALID: { status: 400, key: 'errors.paymentPasswordInvalid' },
  /** Changing the payment password needs an SMS code, and so a mobile number on the account. */
  MOBILE_NOT_BOUND: { status: 409, key: 'errors.mobileNotBound' },
  /** The day's SMS budget (in all, or for the number's prefix) is spent: sending is paused and operators alerted. */
  SMS_BUDGET_EXCEEDED: { status: 503, key: 'errors.smsBudgetExceeded' },
  /** Someone else already approved or rejected this withdrawal. */
  WITHDRAWAL_NOT_PENDING: { status: 409, key: 'errors.withdrawalNotPending' },
  /** The vendor is seamless (plays from the main wallet) or unknown: there is no wallet to move money to. */
  VENDOR_NOT_TRANSFER_MODE: { status: 409, key: 'errors.vendorNotTransferMode' },
  NO_UPLINE: { status: 409, key: 'errors.noUpline' },
  /** Only an approved withdrawal can be confirmed, and only once (a forced receipt is final). */
  CONFIRMATION_CLOSED: { status: 409, key: 'errors.confirmationClosed' },
  PROOF_REQUIRED: { status: 400, key: 'errors.proofRequired' },
  // Points mall.
  /** Fewer points than the redeem or convert needs; `value` holds `{ points }`, the member's balance. */
  POINTS_INSUFFICIENT: { status: 409, key: 'errors.pointsInsufficient' },
  REWARD_OUT_OF_STOCK: { status: 409, key: 'errors.rewardOutOfStock' },
  /** The member already redeemed as many of this reward as one member may; `value` holds `{ limit }`. */
  REWARD_LIMIT_REACHED: { status: 409, key: 'errors.rewardLimitReached' },
  /** Spec section 6: a condition of the reward is not met (VIP level, verified mobile); `value` holds `{ blocked }`. */
  REWARD_CONDITIONS_NOT_MET: { status: 403, key: 'errors.rewardConditionsNotMet' },
  /** Goods are shipped: the redemption needs a receiving address. */
  ADDRESS_REQUIRED: { status: 400, key: 'errors.addressRequired' },
  /** Someone else already approved or rejected this redemption. */
  REDEMPTION_NOT_PENDING: { status: 409, key: 'errors.redemptionNotPending' },
  /** Approving goods needs the shipment's transaction reference number. */
  REFERENCE_REQUIRED: { status: 400, key: 'errors.referenceRequired' },
  /** A convert below the minimum or not a whole multiple of the ratio's points; `value` holds `{ min, step }`. */
  POINTS_CONVERT_INVALID: { status: 400, key: 'errors.pointsConvertInvalid' },
  // Promotions and bonus money (issue 11).
  PROMOTION_NOT_FOUND: { status: 404, key: 'errors.promotionNotFound' },
  /** Not open now (coming soon, paused or ended). */
  PROMOTION_CLOSED: { status: 409, key: 'errors.promotionClosed' },
  /** The caller is not in the promotion's audience; `value.reason` is a catalogue key saying why. */
  PROMOTION_NOT_ELIGIBLE: { status: 403, key: 'errors.promotionNotEligible' },
  /** The action does not fit the entry's state (already joined, nothing to claim, waiting for approval…). */
  PROMOTION_WRONG_STATE: { status: 409, key: 'errors.promotionWrongState' },
  /** The per-member (or per-period) limit of this promotion is used up. */
  PROMOTION_LIMIT_REACHED: { status: 409, key: 'errors.promotionLimitReached' },
  PROMOTION_BUDGET_SPENT: { status: 409, key: 'errors.promotionBudgetSpent' },
  PROMOTION_NOTHING_TO_CLAIM: { status: 409, key: 'errors.promotionNothingToClaim' },
  /** One bonus at a time: finish or cancel the active one first. */
  BONUS_ALREADY_ACTIVE: { status: 409, key: 'errors.bonusAlreadyActive' },
  BONUS_NOT_FOUND: { status: 404, key: 'errors.bonusNotFound' },
  /** A withdrawal while a bonus is active forfeits the bonus: the request must say it accepts that (`forfeitBonus`). */
  BONUS_FORFEIT_REQUIRED: { status: 409, key: 'errors.bonusForfeitRequired' },
  /** A comment image is not a png or jpg by its content, or is over 5 MB, or there are more than 3. */
  COMMENT_IMAGE_INVALID: { status: 400, key: 'errors.commentImageInvalid' },
  // Playing (launch).
  /** The game offers no free demo (or its vendor's games cannot be tried without an account). */
  DEMO_NOT_AVAILABLE: { status: 409, key: 'errors.demoNotAvailable' },
  /** A sportsbook, e-sports, cockfight or card-room provider with no game server connected here: nothing stands in for it. */
  PROVIDER_NOT_CONNECTED: { status: 409, key: 'errors.providerNotConnected' },
  // Rebates and cashback (issue 12, features/rebates).
  /** The rebate accrued is below the brand's minimum payout (or nothing accrued): keep playing. */
  REBATE_BELOW_MINIMUM: { status: 409, key: 'errors.rebateBelowMinimum' },
  /** A claim within the brand's claim interval after the last one; `value.nextClaimAt` says when it opens. */
  REBATE_CLAIM_TOO_SOON: { status: 409, key: 'errors.rebateClaimTooSoon' },
  // Red envelope rain (issue 12, features/envelopes).
  /** No rain is running for this occurrence now (not started yet, or over). */
  ENVELOPE_RAIN_NOT_RUNNING: { status: 409, key: 'errors.envelopeRainNotRunning' },
  /** One envelope per member and rain. */
  ENVELOPE_ALREADY_OPENED: { status: 409, key: 'errors.envelopeAlreadyOpened' },
  /** Every envelope of this rain was taken. */
  ENVELOPE_RAIN_EMPTY: { status: 409, key: 'errors.envelopeRainEmpty' },
  /** The rain is for higher VIP levels. */
  ENVELOPE_NOT_ELIGIBLE: { status: 403, key: 'errors.envelopeNotEligible' },
  /** Operator: the settings do not hold together (budget below count × minimum, min above max, duration past the repeat). */
  ENVELOPE_RAIN_INVALID: { status: 400, key: 'errors.envelopeRainInvalid' },
  // Prize wheel, golden eggs, raffle (issue 12, features/lucky).
  /** No ticket left for this game: tickets come from deposits and valid bets. */
  LUCKY_NO_TICKET: { status: 409, key: 'errors.luckyNoTicket' },
  /** Every prize is out of stock or past its budget, and there is no "nothing" segment to land on. */
  LUCKY_SOLD_OUT: { status: 409, key: 'errors.luckySoldOut' },
  /** The egg picked is not on the board. */
  LUCKY_EGG_INVALID: { status: 400, key: 'errors.luckyEggInvalid' },
  /** Console: a raffle can be changed only before it starts (entries are earned from its start). */
  RAFFLE_STARTED: { status: 409, key: 'errors.raffleStarted' },
  // Missions and leaderboard (issue 12).
  MISSION_NOT_FOUND: { status: 404, key: 'errors.missionNotFound' },
  /** Not completed yet in the current period, or already claimed. */
  MISSION_NOT_CLAIMABLE: { status: 409, key: 'errors.missionNotClaimable' },
  /** Operator: another mission of the brand has this code. */
  MISSION_CODE_TAKEN: { status: 409, key: 'errors.missionCodeTaken' },
  /** Operator: another deposit channel or points-mall item of the brand has this code (decision 059). */
  CODE_TAKEN: { status: 409, key: 'errors.codeTaken' },
  // Agent contracts (issue 14, features/agents/contracts).
  CONTRACT_NOT_FOUND: { status: 404, key: 'errors.contractNotFound' },
  /** Contracts are offered only by a direct upline to a direct downline. */
  CONTRACT_NOT_DIRECT_DOWNLINE: { status: 403, key: 'errors.contractNotDirectDownline' },
  /** Contracts are only for agents (a plain member or trial account cannot hold one). */
  CONTRACT_DOWNLINE_NOT_AGENT: { status: 409, key: 'errors.contractDownlineNotAgent' },
  /** The house offers contracts only to top agents (agents without an agent upline). */
  CONTRACT_NOT_TOP_AGENT: { status: 409, key: 'errors.contractNotTopAgent' },
  /** The offering agent has no active contract of this kind, so has nothing to give. */
  CONTRACT_NONE_OF_YOUR_OWN: { status: 409, key: 'errors.contractNoneOfYourOwn' },
  /** A rate above the upline's own contract (or the brand maximum); `value.maxRateBps` says the most. */
  CONTRACT_RATE_ABOVE_UPLINE: { status: 409, key: 'errors.contractRateAboveUpline' },
  /** A rate below what the downline already gives its own downlines; `value.minRateBps` says the least. */
  CONTRACT_RATE_BELOW_DOWNLINE: { status: 409, key: 'errors.contractRateBelowDownline' },
  /** The downline already has an offer of this kind waiting. */
  CONTRACT_ALREADY_OFFERED: { status: 409, key: 'errors.contractAlreadyOffered' },
  /** The downline has an active contract of this kind at this rate or higher: terminate it first. */
  CONTRACT_RATE_NOT_HIGHER: { status: 409, key: 'errors.contractRateNotHigher' },
  /** Accepting this offer terminates the lower contracts in `value.terminates`: send again with confirm. */
  CONTRACT_CONFIRM_REQUIRED: { status: 409, key: 'errors.contractConfirmRequired' },
  /** Only the contract's downline accepts or rejects it; only its two sides end it. */
  CONTRACT_NOT_YOURS: { status: 403, key: 'errors.contractNotYours' },
  /** The contract is not in a state that allows this (e.g. terminated already, or not an offer any more). */
  CONTRACT_STATE_INVALID: { status: 409, key: 'errors.contractStateInvalid' },
  /** The terms do not hold together (a tier above the rate, a period the kind does not have, an end before the start). */
  CONTRACT_TERMS_INVALID: { status: 400, key: 'errors.contractTermsInvalid' },
  // Security centre (issue 15, features/security).
  /** Nickname: 2–20 letters, digits, spaces, `_ . -`. */
  NICKNAME_INVALID: { status: 400, key: 'errors.nicknameInvalid' },
  /** Full (payee) name: letters with single spaces, dots, apostrophes or hyphens between them, 2–50 characters. */
  REAL_NAME_INVALID: { status: 400, key: 'errors.realNameInvalid' },
  /** The payee name withdrawals are paid to is final once set; customer service changes it after checks. */
  PAYEE_NAME_FINAL: { status: 409, key: 'errors.payeeNameFinal' },
  BIRTHDAY_INVALID: { status: 400, key: 'errors.birthdayInvalid' },
  /** Members must be 18 or older. */
  BIRTHDAY_UNDER_18: { status: 400, key: 'errors.birthdayUnder18' },
  /** Not one of the member's own live sessions (another member's, ended already, or made up). */
  SESSION_NOT_FOUND: { status: 404, key: 'errors.sessionNotFound' },
  // Two-step login with an authenticator app (issue 15, part 2).
  /** The password was right and the account has two-step login on: value { twoStepRequired: 'totp', challenge, expiresInSeconds }. */
  TWO_STEP_REQUIRED: { status: 403, key: 'errors.twoStepRequired' },
  /** Not the current authenticator code nor an unused recovery code. */
  TWO_STEP_CODE_INVALID: { status: 400, key: 'errors.twoStepCodeInvalid' },
  /** The authenticator code was accepted already (a replay): wait for the next one. */
  TWO_STEP_CODE_USED: { status: 400, key: 'errors.twoStepCodeUsed' },
  /** The second-step ticket is unknown, used, or older than its few minutes: log in again. */
  TWO_STEP_CHALLENGE_INVALID: { status: 401, key: 'errors.twoStepChallengeInvalid' },
  TWO_STEP_ALREADY_ON: { status: 409, key: 'errors.twoStepAlreadyOn' },
  /** Turning off or renewing recovery codes while two-step login is off, or confirming without a started enrolment. */
  TWO_STEP_NOT_ON: { status: 409, key: 'errors.twoStepNotOn' },
  // Social login and account linking with OpenID Connect (issue 15, decision 053).
  /** The provider is unknown, switched off, or the brand's social login is off. */
  SOCIAL_PROVIDER_UNAVAILABLE: { status: 403, key: 'errors.socialProviderUnavailable' },
  /** The callback's state is unknown, used already (a replay), older than its flow, or not this member's. */
  SOCIAL_STATE_INVALID: { status: 400, key: 'errors.socialStateInvalid' },
  /** The provider refused, the member cancelled there, or its answer did not check out (code, PKCE, nonce, signature). */
  SOCIAL_SIGN_IN_FAILED: { status: 400, key: 'errors.socialSignInFailed' },
  /** No member has linked this identity, and the provider does not register new members. */
  SOCIAL_NOT_REGISTERED: { status: 404, key: 'errors.socialNotRegistered' },
  /** The identity is linked to another member already: one identity, one member. */
  SOCIAL_IDENTITY_TAKEN: { status: 409, key: 'errors.socialIdentityTaken' },
  /** The member has linked an identity of this provider already (links are final). */
  SOCIAL_ALREADY_LINKED: { status: 409, key: 'errors.socialAlreadyLinked' },
  /** Console: a new sign-in provider's slug is the brand's already (edit that one instead). */
  SOCIAL_PROVIDER_EXISTS: { status: 409, key: 'errors.socialProviderExists' },
  /** Binding a mobile or an e-mail: the one given is the one bound already. */
  CONTACT_UNCHANGED: { status: 400, key: 'errors.contactUnchanged' },
  /** Changing a bound mobile or e-mail needs the code sent to the one bound now as well. */
  CURRENT_CONTACT_CODE_REQUIRED: { status: 400, key: 'errors.currentContactCodeRequired' },
  /** A code to the bound mobile or e-mail was asked for, but none is bound. */
  NO_CONTACT_BOUND: { status: 409, key: 'errors.noContactBound' },
  /** A withdrawal's account name is not the member's payee name (set once in the security centre). */
  PAYEE_NAME_MISMATCH: { status: 400, key: 'errors.payeeNameMismatch' },
  /** An avatar upload is not a png, jpg or webp by its content, or cannot be decoded as a picture (nothing changes). */
  AVATAR_IMAGE_INVALID: { status: 400, key: 'errors.avatarImageInvalid' },
  /** An avatar upload is over AVATAR_MAX_BYTES (2 MB). */
  AVATAR_IMAGE_TOO_LARGE: { status: 413, key: 'errors.avatarImageTooLarge' },
  // Feedback (issue 15, features/support/feedback).
  /** An image is not png or jpg by its content (its name and declared type do not count). */
  FEEDBACK_IMAGE_INVALID: { status: 400, key: 'errors.feedbackImageInvalid' },
  /** An image is over 5 MB. */
  FEEDBACK_IMAGE_TOO_LARGE: { status: 413, key: 'errors.feedbackImageTooLarge' },
  /** More than 3 images. */
  FEEDBACK_TOO_MANY_IMAGES: { status: 400, key: 'errors.feedbackTooManyImages' },
  /** The member sent as much feedback as an hour or a day allows. */
  FEEDBACK_TOO_FREQUENT: { status: 429, key: 'errors.feedbackTooFrequent' },
  FEEDBACK_NOT_FOUND: { status: 404, key: 'errors.feedbackNotFound' },
  /** The feedback is closed: no more replies. */
  FEEDBACK_CLOSED: { status: 409, key: 'errors.feedbackClosed' },
  // Referral (issue 15).
  /** The brand runs no referral programme (its REFERRAL feature flag is off). */
  REFERRAL_DISABLED: { status: 403, key: 'errors.referralDisabled' },
  // Live support chat (issue 15, features/support/chat).
  /** No such conversation of the caller (another member's or guest's, or made up). */
  CHAT_NOT_FOUND: { status: 404, key: 'errors.chatNotFound' },
  /** The conversation is closed: no more messages (open a new one). */
  CHAT_CLOSED: { status: 409, key: 'errors.chatClosed' },
  /** A rating comes once, after the chat ended. */
  CHAT_NOT_CLOSED: { status: 409, key: 'errors.chatNotClosed' },
  CHAT_ALREADY_RATED: { status: 409, key: 'errors.chatAlreadyRated' },
  /** A guest must give a name (1–30 letters, digits, spaces, `_ . -`). */
  CHAT_GUEST_NAME_INVALID: { status: 400, key: 'errors.chatGuestNameInvalid' },
  /** Text of 1–1000 characters. */
  CHAT_TEXT_INVALID: { status: 400, key: 'errors.chatTextLength' },
  /** More messages than a minute allows in one conversation. */
  CHAT_TOO_FAST: { status: 429, key: 'errors.chatTooFast' },
  /** The chat room: text of 1–300 characters. */
  ROOM_TEXT_INVALID: { status: 400, key: 'errors.roomTextLength' },
  /** The chat room: one message every 2 s, 20 a minute per member. */
  ROOM_TOO_FAST: { status: 429, key: 'errors.roomTooFast' },
  /** The chat room: the member is muted until `value.mutedUntil`. */
  ROOM_MUTED: { status: 403, key: 'errors.roomMuted' },
  // Staff and the operator console (issue 17, features/staff and features/console).
  /** No staff session, or it ended or expired (idle or absolute): sign in again. */
  STAFF_NOT_SIGNED_IN: { status: 401, key: 'errors.staffNotSignedIn' },
  /** The session's second factor (authenticator code) is not given yet. */
  STAFF_SECOND_FACTOR_REQUIRED: { status: 403, key: 'errors.staffSecondFactorRequired' },
  /** The staff member's role does not allow this. */
  STAFF_PERMISSION_DENIED: { status: 403, key: 'errors.staffPermissionDenied' },
  /** The authenticator or recovery code is wrong. */
  STAFF_CODE_INVALID: { status: 400, key: 'errors.staffCodeInvalid' },
  /** The authenticator code was accepted once already: wait for the next one. */
  STAFF_CODE_USED: { status: 400, key: 'errors.staffCodeUsed' },
  /** The enrolment link is unknown, used or expired: ask an owner for a new one. */
  STAFF_ENROLMENT_INVALID: { status: 400, key: 'errors.staffEnrolmentInvalid' },
  /** The first enrolment must set a password (12–128 characters). */
  STAFF_PASSWORD_REQUIRED: { status: 400, key: 'errors.staffPasswordRequired' },
  /** The console does not accept calls from this address (the brand's allow-list). */
  STAFF_IP_NOT_ALLOWED: { status: 403, key: 'errors.staffIpNotAllowed' },
  /** Two-person rule: the second approval must come from a different staff member. */
  STAFF_SAME_APPROVER: { status: 409, key: 'errors.staffSameApprover' },
  /** Only an owner may change, disable or create an owner. */
  STAFF_OWNER_PROTECTED: { status: 403, key: 'errors.staffOwnerProtected' },
  STAFF_USERNAME_TAKEN: { status: 409, key: 'errors.staffUsernameTaken' },
  /** Two-factor sign-in is unavailable: the server has no TWO_FACTOR_SECRET (production). */
  STAFF_TWO_FACTOR_UNAVAILABLE: { status: 503, key: 'errors.staffTwoFactorUnavailable' },
  /** The adjustment was approved or rejected already. */
  ADJUSTMENT_NOT_PENDING: { status: 409, key: 'errors.adjustmentNotPending' },
  // Player protection (issue 18, features/protection, decision 043).
  /** The deposit would go over the member's own deposit limit: value { name, limit, used, available, periodEnd }. */
  DEPOSIT_LIMIT_REACHED: { status: 409, key: 'errors.depositLimitReached' },
  /** The member's daily session time is used up: value { periodEnd } (log in again after it). */
  SESSION_LIMIT_REACHED: { status: 403, key: 'errors.sessionLimitReached' },
  /** A cool-off is running: value { kind, until }. Login, deposits, play and offers are closed; withdrawals stay open. */
  PROTECTION_COOL_OFF: { status: 403, key: 'errors.protectionCoolOff' },
  /** A self-exclusion is running: value { kind, until } (until null: permanent). */
  PROTECTION_SELF_EXCLUDED: { status: 403, key: 'errors.protectionSelfExcluded' },
  /** Confirm or cancel: no pending raise or removal of that limit. */
  LIMIT_CHANGE_NOT_PENDING: { status: 409, key: 'errors.limitChangeNotPending' },
  /** Confirm: the 24 hours of a raise or removal are not over yet: value { availableAt }. */
  LIMIT_CHANGE_NOT_YET: { status: 409, key: 'errors.limitChangeNotYet' },
  /** A cool-off or self-exclusion is running already; it cannot be shortened or replaced by a shorter one. */
  PROTECTION_BLOCK_ACTIVE: { status: 409, key: 'errors.protectionBlockActive' },
  /** Registration: the member must confirm the brand's minimum age (18 or 21): value { minimumAge }. */
  AGE_CONFIRMATION_REQUIRED: { status: 400, key: 'errors.ageConfirmationRequired' },
  // Console back office (lane C, decision 045).
  /** A scoped operator key used outside its scopes or its brand. */
  OPERATOR_SCOPE_DENIED: { status: 403, key: 'errors.operatorScopeDenied' },
  /** The operator key was revoked (or rotated) already. */
  OPERATOR_KEY_REVOKED: { status: 409, key: 'errors.operatorKeyRevoked' },
  MANUAL_DEPOSIT_NOT_PENDING: { status: 409, key: 'errors.manualDepositNotPending' },
  /** A manual deposit needs one proof image (png or jpg). */
  MANUAL_DEPOSIT_PROOF_REQUIRED: { status: 400, key: 'errors.manualDepositProofRequired' },
  // Lottery oversight from the console (lane H, decision 050).
  /** The lottery provider did not answer the console (down, or its operator secret is not configured). */
  LOTTERY_UNAVAILABLE: { status: 503, key: 'errors.lotteryUnavailable' },
  LOTTERY_GAME_NOT_FOUND: { status: 404, key: 'errors.lotteryGameNotFound' },
  LOTTERY_DRAW_NOT_FOUND: { status: 404, key: 'errors.lotteryDrawNotFound' },
  /** Only a draw whose result is not fixed yet can be voided (a drawn draw is settled as drawn). */
  LOTTERY_DRAW_NOT_VOIDABLE: { status: 409, key: 'errors.lotteryDrawNotVoidable' },
  /** A brand's odds or limits that do not hold (decision 054): a return of 100 % or more, stakes out of order, a late close. */
  LOTTERY_ODDS_INVALID: { status: 422, key: 'errors.lotteryOddsInvalid' },
  // Identity checks (KYC), withdrawal and turnover rules (issue 18, lane B, features/kyc and features/risk).
  /** A KYC file is not what its slot accepts by its content (JPEG, PNG or PDF; the selfie JPEG or PNG). */
  KYC_FILE_INVALID: { status: 400, key: 'errors.kycFileInvalid' },
  /** A KYC file is over KYC_MAX_FILE_BYTES (8 MB). */
  KYC_FILE_TOO_LARGE: { status: 413, key: 'errors.kycFileTooLarge' },
  /** Every document (ID front and back, selfie, proof of address) and the full name are needed. */
  KYC_DOCUMENTS_MISSING: { status: 400, key: 'errors.kycDocumentsMissing' },
  /** The documents sent are being checked: wait for the answer. */
  KYC_ALREADY_PENDING: { status: 409, key: 'errors.kycAlreadyPending' },
  /** The identity is verified already. */
  KYC_ALREADY_APPROVED: { status: 409, key: 'errors.kycAlreadyApproved' },
  /** Console: the submission was approved or rejected already. */
  KYC_NOT_PENDING: { status: 409, key: 'errors.kycNotPending' },
  /** The withdrawal needs a verified identity (`value.rule`: FIRST or ABOVE, `value.above`). */
  KYC_REQUIRED: { status: 403, key: 'errors.kycRequired' },
  /** The withdrawal's account name must be the verified name. */
  KYC_NAME_MISMATCH: { status: 400, key: 'errors.kycNameMismatch' },
  /** The deposits' turnover is not played yet (`value.left`, minor units). */
  TURNOVER_NOT_MET: { status: 409, key: 'errors.turnoverNotMet' },
} as const satisfies Record<string, { status: number; key: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}
