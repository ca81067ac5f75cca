import type { MessageKey } from './messages';

/**
 * Error codes carried in the envelope's `code`. The code is also the HTTP status of the answer,
 * so a proxy, a log line and the client all read the same number.
 *   400 bad input (a field failed its rule; `data.fields` names each field's message)
 *   401 not signed in, or the session expired or was revoked
 *   403 signed in but not allowed (wrong role, disabled account)
 *   404 no such route or no such record for this caller
 *   408 the client sent its request too slowly
 *   409 conflict with existing state (taken e-mail, reused idempotency key)
 *   413 body or upload too large
 *   414 a path parameter too long
 *   422 well-formed but refused by a business rule (wrong code, wrong old password)
 *   429 rate limited
 *   431 request line and headers too large (a long query string)
 *   500 our fault; never carries internals
 */
export const ErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  RequestTimeout: 408,
  Conflict: 409,
  PayloadTooLarge: 413,
  UriTooLong: 414,
  Unprocessable: 422,
  TooManyRequests: 429,
  HeaderFieldsTooLarge: 431,
  Internal: 500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const SUCCESS_CODE = 200;

/** What an error envelope carries in `data`: the message key, and per-field keys for bad input. */
export interface ErrorData {
  key: MessageKey;
  fields?: Record<string, string>;
}

/**
 * The status of every error key the server answers with. The server takes an error's status from
 * here, so one key always comes back with one code whichever call refused it.
 */
export const ERROR_STATUS = {
  'e.badRequest': ErrorCode.BadRequest,
  'e.unsupportedFile': ErrorCode.BadRequest,
  'e.chatImageNotYours': ErrorCode.BadRequest,
  'e.belowMinimum': ErrorCode.BadRequest,
  'e.builtInLocked': ErrorCode.BadRequest,
  'e.closeTooMuch': ErrorCode.BadRequest,
  'e.dealDates': ErrorCode.BadRequest,
  'e.dealPriceRange': ErrorCode.BadRequest,
  'e.dealPublicLots': ErrorCode.BadRequest,
  'e.dealFinalPrice': ErrorCode.BadRequest,
  'e.dealLotsTooMany': ErrorCode.BadRequest,
  'e.currencyUnsupported': ErrorCode.BadRequest,
  'e.leverageNotAllowed': ErrorCode.BadRequest,
  'e.priceTick': ErrorCode.BadRequest,
  'e.quantityLot': ErrorCode.BadRequest,
  'e.sameWallet': ErrorCode.BadRequest,
  'e.transferNeedsFunding': ErrorCode.BadRequest,
  'e.txHashFormat': ErrorCode.BadRequest,
  'e.wrongOrderRoute': ErrorCode.BadRequest,
  'e.blockStock': ErrorCode.BadRequest,
  'e.blockQuantity': ErrorCode.BadRequest,
  'e.auctionStock': ErrorCode.BadRequest,
  'e.auctionBand': ErrorCode.BadRequest,
  'e.placementWindow': ErrorCode.BadRequest,
  'e.placementNotStock': ErrorCode.BadRequest,
  'e.placementMinQuantity': ErrorCode.BadRequest,
  'e.placementBelowMin': ErrorCode.BadRequest,
  'e.qipBelowFloor': ErrorCode.BadRequest,
  'e.nestedTooDeep': ErrorCode.BadRequest,
  'e.uploadIncomplete': ErrorCode.BadRequest,

  'e.loginExpired': ErrorCode.Unauthorized,

  'e.forbidden': ErrorCode.Forbidden,
  'e.accountDisabled': ErrorCode.Forbidden,
  'e.operatorOnly': ErrorCode.Forbidden,

  'e.notFound': ErrorCode.NotFound,
  'e.urlNotFound': ErrorCode.NotFound,
  'e.userNotFound': ErrorCode.NotFound,
  'e.investorNotFound': ErrorCode.NotFound,

  'e.addressExists': ErrorCode.Conflict,
  'e.cardExists': ErrorCode.Conflict,
  'e.emailTaken': ErrorCode.Conflict,
  'e.userIdTaken': ErrorCode.Conflict,
  'e.idempotencyConflict': ErrorCode.Conflict,
  'e.idempotencyInFlight': ErrorCode.Conflict,
  'e.kycUnderReview': ErrorCode.Conflict,
  'e.kycVerified': ErrorCode.Conflict,
  'e.permissionUnderReview': ErrorCode.Conflict,
  'e.blockTradeKeySent': ErrorCode.Conflict,
  'e.blockTradeActive': ErrorCode.Conflict,
  'e.noKeyToRevoke': ErrorCode.Conflict,
  'e.keyRevoked': ErrorCode.Conflict,
  'e.placementKeyLive': ErrorCode.Conflict,
  'e.poolKeyLive': ErrorCode.Conflict,
  'e.poolNotPending': ErrorCode.Conflict,
  'e.poolPaused': ErrorCode.Conflict,
  'e.loanInReview': ErrorCode.Conflict,
  'e.loanNotInReview': ErrorCode.Conflict,
  'e.loanNotRepayable': ErrorCode.Conflict,
  'e.loanAprChanged': ErrorCode.Conflict,
  'e.placementClosed': ErrorCode.Conflict,
  'e.blockQuoteUsed': ErrorCode.Conflict,
  'e.payPasswordAlreadySet': ErrorCode.Conflict,
  'e.reviewDone': ErrorCode.Conflict,
  'e.approveOwnWithdrawal': ErrorCode.Conflict,
  'e.secondApprovalSameOperator': ErrorCode.Conflict,
  'e.approverChangedAccount': ErrorCode.Conflict,
  'e.dealSubscribed': ErrorCode.Conflict,
  'e.dealCodeTaken': ErrorCode.Conflict,
  'e.slugTaken': ErrorCode.Conflict,
  'e.txHashUsed': ErrorCode.Conflict,
  'e.twoFactorOn': ErrorCode.Conflict,
  'e.twoFactorOff': ErrorCode.Conflict,
  'e.alertNotPaused': ErrorCode.Conflict,
  'e.alertNotActive': ErrorCode.Conflict,

  'e.payloadTooLarge': ErrorCode.PayloadTooLarge,
  'e.sizeExceeded': ErrorCode.PayloadTooLarge,
  'e.uriTooLong': ErrorCode.UriTooLong,
  'e.headersTooLarge': ErrorCode.HeaderFieldsTooLarge,
  'e.requestTimeout': ErrorCode.RequestTimeout,

  'e.addressLimit': ErrorCode.Unprocessable,
  'e.builtInArticle': ErrorCode.Unprocessable,
  'e.creditedByChain': ErrorCode.Unprocessable,
  'e.txHashUnknown': ErrorCode.Unprocessable,
  'e.txAmountMismatch': ErrorCode.Unprocessable,
  'e.simInsufficient': ErrorCode.Unprocessable,
  'e.faucetLimit': ErrorCode.Unprocessable,
  'e.notConfirmed': ErrorCode.Unprocessable,
  'e.cardLimit': ErrorCode.Unprocessable,
  'e.alertLimit': ErrorCode.Unprocessable,
  'e.alertMet': ErrorCode.Unprocessable,
  'e.codeInvalid': ErrorCode.Unprocessable,
  'e.insufficientFunds': ErrorCode.Unprocessable,
  'e.invalidCredentials': ErrorCode.Unprocessable,
  'e.invitationInvalid': ErrorCode.Unprocessable,
  'e.kycRequired': ErrorCode.Unprocessable,
  'e.blockTradeNotOpened': ErrorCode.Unprocessable,
  'e.keyInvalid': ErrorCode.Unprocessable,
  'e.placementKeyRequired': ErrorCode.Unprocessable,
  'e.poolKeyRequired': ErrorCode.Unprocessable,
  'e.poolMinAmount': ErrorCode.Unprocessable,
  'e.poolUnits': ErrorCode.Unprocessable,
  'e.poolPublic': ErrorCode.Unprocessable,
  'e.loanNoBand': ErrorCode.Unprocessable,
  'e.loanOverLimit': ErrorCode.Unprocessable,
  'e.loanMinAmount': ErrorCode.Unprocessable,
  'e.loanOverPayoff': ErrorCode.Unprocessable,
  'e.placementNotOpen': ErrorCode.Unprocessable,
  'e.placementRemaining': ErrorCode.Unprocessable,
  'e.placementNoHistory': ErrorCode.Unprocessable,
  'e.positionLocked': ErrorCode.Unprocessable,
  'e.blockQuoteExpired': ErrorCode.Unprocessable,
  'e.leverageRiskUnacknowledged': ErrorCode.Unprocessable,
  'e.marketClosed': ErrorCode.Unprocessable,
  'e.marketClosedUntil': ErrorCode.Unprocessable,
  'e.notTradable': ErrorCode.Unprocessable,
  'e.oldPasswordWrong': ErrorCode.Unprocessable,
  'e.orderNotCancellable': ErrorCode.Unprocessable,
  'e.auctionClosed': ErrorCode.Unprocessable,
  'e.auctionNoCancel': ErrorCode.Unprocessable,
  'e.payPasswordNotSet': ErrorCode.Unprocessable,
  'e.payPasswordWrong': ErrorCode.Unprocessable,
  'e.positionClosed': ErrorCode.Unprocessable,
  'e.positionNotListed': ErrorCode.Unprocessable,
  'e.dealNotOpen': ErrorCode.Unprocessable,
  'e.dealState': ErrorCode.Unprocessable,
  'e.dealNotChangeable': ErrorCode.Unprocessable,
  'e.dealNoReconfirm': ErrorCode.Unprocessable,
  'e.transferNotCancellable': ErrorCode.Unprocessable,
  'e.versionNotHigher': ErrorCode.Unprocessable,
  'e.authCodeWrong': ErrorCode.Unprocessable,
  'e.challengeExpired': ErrorCode.Unprocessable,
  'e.passwordWrong': ErrorCode.Unprocessable,
  'e.twoFactorNotStarted': ErrorCode.Unprocessable,
  'e.twoFactorInvestorsOnly': ErrorCode.Forbidden,
  'e.passkeyFailed': ErrorCode.Unprocessable,
  'e.passkeyUnknown': ErrorCode.Unprocessable,
  'e.passkeyExpired': ErrorCode.Unprocessable,
  'e.passkeyLimit': ErrorCode.Unprocessable,
  'e.passkeyTaken': ErrorCode.Conflict,
  'e.passkeyInvestorsOnly': ErrorCode.Forbidden,

  'e.tooManyRequests': ErrorCode.TooManyRequests,
  'e.codeTooManyAttempts': ErrorCode.TooManyRequests,
  'e.codeTooSoon': ErrorCode.TooManyRequests,
  'e.signInDelayed': ErrorCode.TooManyRequests,

  'e.operationFailed': ErrorCode.Internal,
} as const satisfies Partial<Record<MessageKey, ErrorCode>>;

/** The status an error key is answered with; a field rule's key (`v.*`) or any key not listed is a 400. */
export function statusOf(key: MessageKey): ErrorCode {
  return (ERROR_STATUS as Partial<Record<MessageKey, ErrorCode>>)[key] ?? ErrorCode.BadRequest;
}
