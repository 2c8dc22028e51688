import { z } from 'zod';

/** Largest id a row can have: ids are 32-bit signed integers on both databases. */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive whole number that fits an id column. */
export const ZId = z.number().int().positive().max(MAX_ID);

/**
 * An id in a path or a query string: plain decimal digits without sign, spaces, leading zeros,
 * fractions, exponents or hex, so every id has exactly one spelling (`12`, never `12.0` or `0xc`).
 */
export const ZIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'An id is a positive whole number in plain digits')
  .transform(Number)
  .pipe(ZId);

/** A whole number in a query string (page, limit), in plain digits from `min` to `max`. */
export function zQueryInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/, 'A whole number in plain digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
