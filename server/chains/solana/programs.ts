/** The Solana programs and fees several parts of the service recognise by address. */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAbS4EQHFkZLyJTH5sTnKHU3M';

export const isTokenProgram = (program: string | undefined): boolean => program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM;

/** The base fee of every signature a transaction carries, in lamports. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
