import type { User } from '../../core/context.ts';
import type { Role } from '../../db/schema/index.ts';

/**
 * Who may act on a user of which role (same rule as `/admin/user`): a superadmin on everyone, an admin on everyone
 * but superadmins, a moderator on moderators, trainers and students.
 */
export function mayManage(actor: Pick<User, 'role'>, targetRole: Role) {
  if (actor.role === 'superadmin') return true;
  if (actor.role === 'admin') return targetRole !== 'superadmin';
  return actor.role === 'moderator' && (targetRole === 'trainer' || targetRole === 'student' || targetRole === 'moderator');
}

/** Social links a user profile carries; each is an http(s) address (a Telegram `@name` becomes `https://t.me/name`). */
export const SOCIAL_KEYS = ['vk', 'telegram', 'linkedin', 'facebook', 'instagram', 'site'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

/** A link as stored, null to remove it, undefined when it is not a valid address. */
export function normalizeLink(key: SocialKey, v: string | null): string | null | undefined {
  if (v === null) return null;
  let s = v.trim();
  if (!s) return null;
  if (key === 'telegram' && /^@[A-Za-z0-9_]{4,32}$/.test(s)) s = `https://t.me/${s.slice(1)}`;
  if (!/^https?:\/\//i.test(s) && /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(s)) s = `https://${s}`;
  try {
    const u = new URL(s);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname.includes('.') || u.username || u.password || /\s/.test(s)) return undefined;
    return u.toString();
  } catch {
    return undefined;
  }
}

/** A new password of 12 characters: letters and digits without look-alikes (0/O, 1/l/I), at least one of each kind. */
export function generatePassword(random: (n: number) => number): string {
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = lower + upper + digits;
  const pick = (set: string) => set[random(set.length)];
  const chars = [pick(lower), pick(upper), pick(digits), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
