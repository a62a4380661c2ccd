import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords: 8 to 24 characters (the specification's "minimum 8", "more than 7 and less than 25"
 * and "8 to 24" all agree on this range; see docs/decisions.md). Stored as argon2id hashes.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;

export const hashPassword = (plain: string) => hash(plain, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
export const verifyPassword = (stored: string, plain: string) => verify(stored, plain).catch(() => false);
