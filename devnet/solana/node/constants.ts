/** Blocks a blockhash stays usable for, as on a validator. */
export const MAX_PROCESSING_AGE = 150;
export const SLOTS_PER_EPOCH = 432_000;
/** The validator release this node answers as (getVersion and every response context). */
export const SOLANA_CORE_VERSION = '2.2.7';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAbS4EQHFkZLyJTH5sTnKHU3M';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
