import type { ComponentType } from 'react';
import type { Role } from '../../common/auth/session.ts';
import type { AccessFlags } from '../../common/access/flags.ts';

/** What a field is; the generic layer picks list cells, filters and inputs from it. */
export type FieldType = 'text' | 'textarea' | 'email' | 'number' | 'date' | 'datetime' | 'select' | 'boolean' | 'password' | 'reference' | 'references' | 'image' | 'richtext' | 'lines';

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
  optionText?: string;
  /** For `image`: accepted MIME types (default `image/*`). */
  accept?: string[];
  /** Only these roles see the field on forms (others keep its value untouched). */
  roles?: Role[];
  /** Only on the create or the edit form. */
  only?: 'create' | 'edit';
  sortable?: boolean;
}

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** Everything that makes one back-office resource: the generic layer turns it into screens and a menu entry. */
export interface ResourceConfig {
  /** react-admin resource name; also the URL (`/admin/<name>`). */
  name: string;
  /** API path of the resource (`/admin/user`). */
  apiPath: string;
  icon?: ComponentType;
  /** Roles allowed per action; `list` is the default for the others. The server enforces the same roles. */
  roles: Partial<Record<Action, Role[]>> & { list: Role[] };
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
  /** Texts of this resource (its `resources.<name>` names and fields, its toasts, …), merged into the catalogues. */
  messages?: { ru: MessageTree; en: MessageTree };
}

/** A branch of a translation catalogue. */
export type MessageTree = { [key: string]: string | MessageTree };
