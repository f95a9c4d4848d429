import { z } from 'zod';
import { ERROR_TABLE, type ErrorCode } from '@/server/errors';

/** The failure body every REST endpoint answers with (README, "API overview"). */
export const failureSchema = z
  .object({
    success: z.literal(false),
    code: z.enum(Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]]),
    error: z.string().meta({ description: 'What went wrong, in words a person can act on' }),
    field: z.string().optional().meta({ description: 'The input field at fault' }),
    status: z.literal('FAILED').optional().meta({ description: 'Trade failures: always FAILED, as in the v2 execute result' }),
    parsedError: z.string().optional().meta({ description: 'Trade failures: the machine-readable trade error code (same as code)' }),
  })
  .meta({ id: 'Failure' });

export const numberOrNull = z.number().nullable();
export const stringOrNull = z.string().nullable();
