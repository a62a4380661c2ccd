/**
 * Roles and section flags: the one source for the server (route guards, the database's enum) and both apps (menus,
 * resource configurations, guards). Changing a list here changes every side at once.
 */

/** The five roles, most powerful first. The first role of a user's list is the current one. */
export const ROLES = ['superadmin', 'admin', 'moderator', 'trainer', 'student'] as const;
export type Role = (typeof ROLES)[number];

/** The optional sections a school switches on or off: off hides them in both apps and the server refuses them. */
export const ACCESS_FLAGS = ['networking', 'lifelong_learning', 'rating', 'message', 'payment'] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];

/** Who runs the school: everything of the back office. */
export const ADMINS = ['superadmin', 'admin'] as const satisfies readonly Role[];
/** Everyone who works in the back office (students never do). */
export const STAFF = ['superadmin', 'admin', 'moderator', 'trainer'] as const satisfies readonly Role[];

/**
 * Who may use each subject of the back office, by what they do with it. The server's route guards and the back
 * office's resource configurations both read these; admin/resources/roles.test.ts checks that every resource admits
 * exactly the roles that its routes admit.
 */
export const ACCESS = {
  /** Programs: trainers edit their own; only admins create and delete. */
  programs: { read: [...ADMINS, 'trainer'], create: ADMINS, delete: ADMINS },
  /** Materials (videos, files, projects' tasks): trainers read them to build their programs; admins change them. */
  materials: { read: [...ADMINS, 'trainer'], write: ADMINS },
  /** Users: curators (moderators) manage moderators, trainers and students; only admins delete. */
  users: { read: [...ADMINS, 'moderator'], delete: ADMINS },
  /** Project review: trainers review the projects of their programs. */
  projects: { read: [...ADMINS, 'trainer'] },
  /** Curator news, mail and the admin calendar: the curators' work. */
  curatorWork: { read: [...ADMINS, 'moderator'] },
  /** Reports, statistics and their exports: admins and curators. */
  reports: { read: [...ADMINS, 'moderator'] },
  /** Everything else of the back office: admins only. */
  school: { read: ADMINS },
  /** The portal's learning (programs, materials, documents, payments, grades): students, and staff who look at it. */
  learning: { read: ['student', ...ADMINS, 'trainer'] },
  /** The portal's calendar: students, admins and curators (the specification's route table). */
  calendar: { read: ['student', ...ADMINS, 'moderator'] },
} as const satisfies Record<string, Record<string, readonly Role[]>>;

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
