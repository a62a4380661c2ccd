import type { ComponentType } from 'react';
import type { Role } from '../../common/auth/session.ts';
import type { AccessFlags } from '../../common/access/flags.ts';

/** What a field is; the generic layer picks list cells, filters and inputs from it. */
export type FieldType = 'text' | 'textarea' | 'email' | 'number' | 'size' | 'date' | 'datetime' | 'select' | 'boolean' | 'password' | 'reference' | 'references' | 'image' | 'richtext' | 'lines';

export interface FieldConfig {
  source: string;
  type: FieldType;
  /** For `select`: ids and translation keys (or plain labels). */
  choices?: { id: string | number; name: string }[];
  required?: boolean;
  maxLength?: number;
  /** For `reference` / `references` (a list of ids): the resource name, a filter of its list and the label field(s). */
  reference?: string;
  referenceFilter?: Record<string, unknown>;
  /** A field of the referenced record, or how to write one (a person by surname, name and login, say). */
  optionText?: string | ((record: Record<string, unknown>) => string);
  /** For `image`: accepted MIME types (default `image/*`). */
  accept?: string[];
  /** Only these roles see the field on forms (others keep its value untouched). */
  roles?: readonly Role[];
  /** Only on the create or the edit form. */
  only?: 'create' | 'edit';
  sortable?: boolean;
  /** A hint under the form input (a translation key). */
  helperText?: string;
  /** For `datetime`: the source of another date-time field this one may not be earlier than (an end after its start). */
  notBefore?: string;
  /** A list cell of the resource's own instead of the type's (rendered in the row's record context). */
  cell?: ComponentType;
}

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** The menu's groups, in menu order (labels `menu.<group>` in admin/i18n/ru.ts and en.ts). */
export const MENU_GROUPS = ['learning', 'people', 'money', 'marketplace', 'reports', 'settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Everything that makes one back-office resource: the generic layer turns it into screens and a menu entry. */
export interface ResourceConfig {
  /** react-admin resource name; also the URL (`/admin/<name>`). */
  name: string;
  /**
   * Where the menu shows it: its group and its place in the group (lower first). The whole menu's order is the groups'
   * then the ranks', and a user lands on the first resource of that order the role may open. Every resource folder's
   * configurations have it (admin/resources/registry.test.ts); a test's own resource may leave it out (menu's end).
   */
  menu?: { group: MenuGroup; rank: number };
  /** API path of the resource (`/admin/user`). */
  apiPath: string;
  icon?: ComponentType;
  /** Roles allowed per action; `list` is the default for the others. The server enforces the same roles. */
  roles: Partial<Record<Action, readonly Role[]>> & { list: readonly Role[] };
  /**
   * Roles that the API routes behind this resource admit beyond its own screens, each for another screen that uses
   * them (the mail's group picker reads groups as a curator). admin/resources/roles.test.ts checks that a resource's
   * roles plus these equal the server's roles for its routes, so a difference is always declared and explained.
   */
  routeAlso?: Partial<Record<Action, { roles: readonly Role[]; why: string }>>;
  /** A section of the school that must be switched on (`message`, `payment`, …): off hides the resource (the server refuses it too). */
  flag?: keyof AccessFlags;
  fields: FieldConfig[];
  list: {
    columns: string[];
    filters?: string[];
    /** Offer a full-text search box (`q`). */
    search?: boolean;
    sort?: { field: string; order: 'ASC' | 'DESC' };
    /** Extra buttons in each row. */
    rowActions?: ComponentType[];
    /** Extra buttons for the selected rows. */
    bulkActions?: ComponentType[];
    /** Extra buttons in the list's top toolbar, after the filter, create and export buttons (an import dialog, …). */
    actions?: ComponentType[];
    /** Offer the export button (default true). */
    export?: boolean;
    /** A panel beside the list (settings of the whole list, …). */
    aside?: ComponentType;
    /** Message key shown when the API has no such list yet or it is empty. */
    empty?: string;
  };
  /** Form sections (tabs when more than one). Absent: one section with every field. */
  form?: { label: string; fields: string[] }[];
  /**
   * Bulk endpoints of the API, each called as POST `{ <idsKey>: [...] }`: `delete` serves `deleteMany`;
   * `actions` names extra ones (`block: '/admin/block/user'`), callable as `dataProvider.bulk(resource, action, ids)`;
   * `update` routes `updateMany` that sets one field to a value to the action named for that value
   * (`{ field: 'is_blocked', actions: { true: 'block', false: 'active' } }`); any other `updateMany` is one PUT per id.
   */
  bulk?: {
    delete?: string;
    idsKey?: string;
    actions?: Record<string, string>;
    update?: { field: string; actions: Record<string, string> };
  };
  /** Custom calls on one record, `dataProvider.recordAction(resource, action, id)` → POST `<apiPath>/<id>/<path>`. */
  recordActions?: Record<string, string>;
  /** A panel beside the edit form for work that is not a field (members of a group, …). */
  editAside?: ComponentType;
  /** Field shown as the record's title. */
  recordRepresentation?: string;
  /** Path of the edit screen after create (default: the edit screen). */
  redirectAfterCreate?: 'edit' | 'list';
  /**
   * Screens of this resource's own where the work is truly custom (a builder, an editor, a file manager);
   * each replaces the generic screen of that action.
   */
  screens?: Partial<Record<'list' | 'edit' | 'create', ComponentType>>;
  /** Screens at paths under the resource's own (the specification's nested routes, e.g. `:id/aprogram/:aprogramId`). */
  routes?: { path: string; screen: ComponentType }[];
}

/** A branch of a translation catalogue. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * The shape of a catalogue with any texts: `const en = { … } satisfies Messages<typeof ru>` fails to compile when the
 * English catalogue lacks a key of the Russian one or names one it does not have.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
