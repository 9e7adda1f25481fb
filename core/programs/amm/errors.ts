/**
 * The AMM program's own error codes (`pump_amm` IDL, 6000 and up), by name. A failed instruction reports
 * them as `Custom(code)`; Anchor's framework codes are in ../anchor/errors.ts.
 */
export const AMM_ERRORS = Object.freeze({
  FeeBasisPointsExceedsMaximum: 6000,
  ZeroBaseAmount: 6001,
  ZeroQuoteAmount: 6002,
  TooLittlePoolTokenLiquidity: 6003,
  ExceededSlippage: 6004,
  InvalidAdmin: 6005,
  UnsupportedBaseMint: 6006,
  UnsupportedQuoteMint: 6007,
  InvalidBaseMint: 6008,
  InvalidQuoteMint: 6009,
  InvalidLpMint: 6010,
  AllProtocolFeeRecipientsShouldBeNonZero: 6011,
  UnsortedNotUniqueProtocolFeeRecipients: 6012,
  InvalidProtocolFeeRecipient: 6013,
  InvalidPoolBaseTokenAccount: 6014,
  InvalidPoolQuoteTokenAccount: 6015,
  BuyMoreBaseAmountThanPoolReserves: 6016,
  DisabledCreatePool: 6017,
  DisabledDeposit: 6018,
  DisabledWithdraw: 6019,
  DisabledBuy: 6020,
  DisabledSell: 6021,
  SameMint: 6022,
  Overflow: 6023,
  Truncation: 6024,
  DivisionByZero: 6025,
  NewSizeLessThanCurrentSize: 6026,
  AccountTypeNotSupported: 6027,
  OnlyCanonicalPumpPoolsCanHaveCoinCreator: 6028,
  InvalidAdminSetCoinCreatorAuthority: 6029,
  StartTimeInThePast: 6030,
  EndTimeInThePast: 6031,
  EndTimeBeforeStartTime: 6032,
  TimeRangeTooLarge: 6033,
  EndTimeBeforeCurrentDay: 6034,
  SupplyUpdateForFinishedRange: 6035,
  DayIndexAfterEndIndex: 6036,
  DayInActiveRange: 6037,
  InvalidIncentiveMint: 6038,
  BuyNotEnoughQuoteTokensToCoverFees: 6039,
  BuySlippageBelowMinBaseAmountOut: 6040,
  MayhemModeDisabled: 6041,
  OnlyPumpPoolsMayhemMode: 6042,
  MayhemModeInDesiredState: 6043,
  NotEnoughRemainingAccounts: 6044,
  InvalidSharingConfigBaseMint: 6045,
  InvalidSharingConfigCoinCreator: 6046,
  CoinCreatorMigratedToSharingConfig: 6047,
  CreatorVaultMigratedToSharingConfig: 6048,
  CashbackNotEnabled: 6049,
  OnlyPumpPoolsCashback: 6050,
  CashbackNotInDesiredState: 6051,
  TokensInVaultLessThanCashbackEarned: 6052,
  BuybackFeeRecipientNotAuthorized: 6053,
  AllBuybackFeeRecipientsShouldBeNonZero: 6054,
  NotUniqueBuybackFeeRecipients: 6055,
  BuybackBasisPointsOutOfRange: 6056,
  WrongBuybackFeeRecipientsCount: 6057,
  BuybackFeeRecipientMissing: 6058,
  MissingCashbackAccounts: 6059,
  InvalidCashbackAccumulator: 6060,
  InvalidCashbackAccumulatorAta: 6061,
  InvalidPoolV2: 6062,
  InsufficientRealQuoteReserves: 6063,
  BoostPoolLiquidityUnsupported: 6064,
  PoolCannotBoost: 6065,
  BoostDisabled: 6066,
  SeedLockViolation: 6067,
  CreatorFeeNotConfigurable: 6068,
  CreatorFeeBpsOutOfRange: 6069,
  CreatorFeeNotEditable: 6070,
  CreatorFeeNotAllowedForCashbackCoin: 6071,
  SharingConfigNotActive: 6072,
  NotAuthorized: 6073,
  HolderRewardCreatorImmutable: 6074,
  CtoNotAllowedForMayhemPool: 6075,
  InvalidHolderRewardCoinCreator: 6076,
  CreatorFeeNotConfigurableForQuote: 6077,
});

/**
 * The refusals of multi_hop_swap (programs/amm/route.h): ours, as the live program's codes for these are
 * not published.
 */
export const ROUTE_ERRORS = Object.freeze({
  RouteInvalidHop: 6100,
  RouteInvalidAccount: 6101,
  RouteBuybackAccount: 6102,
  RouteNotNativePair: 6103,
  RouteBelowMinimum: 6104,
  RouteHopOrder: 6105,
});

export type AmmErrorName = keyof typeof AMM_ERRORS | keyof typeof ROUTE_ERRORS;

const NAMES_BY_CODE: ReadonlyMap<number, AmmErrorName> = new Map(
  Object.entries({ ...AMM_ERRORS, ...ROUTE_ERRORS }).map(([name, code]) => [code, name as AmmErrorName]),
);

/** The error name of a custom program error code, or undefined when it is not the AMM's. */
export function ammErrorName(code: number): AmmErrorName | undefined {
  return NAMES_BY_CODE.get(code);
}
