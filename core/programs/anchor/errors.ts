/** Anchor's framework error codes, which our programs answer as the live Anchor programs do. */
export const ANCHOR_ERRORS = Object.freeze({
  InstructionFallbackNotFound: 101,
  InstructionDidNotDeserialize: 102,
  ConstraintMut: 2000,
  ConstraintHasOne: 2001,
  ConstraintSigner: 2002,
  ConstraintRaw: 2003,
  ConstraintSeeds: 2006,
  ConstraintAddress: 2012,
  AccountDiscriminatorMismatch: 3002,
  AccountNotEnoughKeys: 3005,
  AccountOwnedByWrongProgram: 3007,
  InvalidProgramId: 3008,
  AccountNotInitialized: 3012,
});
