import { Type } from 'typebox';
import { DateTime, dataOf, listOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** The response schemas of networking's routes (docs/api.md "Response contracts"), one object per thing sent. */

const Text = nullable(Type.String());
const Status = Type.Union([Type.Literal('global'), Type.Literal('local'), Type.Literal('off')]);
const RefId = nullable(Type.Integer());
/** The contact fields a member chose to show (curators of the member's school: all of them); a field without a value is left out. */
const Contacts = Type.Object({
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  telegram: Type.Optional(Type.String()),
  social: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** A member card (fields.ts `memberCard`): what every viewer allowed to see the member sees. */
const CardFields = {
  id: Id,
  domain: Type.String(),
  school: Type.String(),
  status: Status,
  name: Type.String(),
  surname: Type.String(),
  avatar: Text,
  country_id: RefId,
  city_id: RefId,
  city: Text,
  city_en: Text,
  company: Text,
  position: Text,
  industry: Text,
  looking_job: Type.Boolean(),
  looking_employee: Type.Boolean(),
  is_hire: Type.Boolean(),
  is_owner: Type.Boolean(),
};
export const MemberCard = Type.Object(CardFields);

/** The catalog tab (catalog.ts): the member's programs that the marketplace publishes. */
const CatalogEntry = Type.Object({
  id: Id,
  title: Type.String(),
  title_en: Text,
  short_description: Text,
  logo: Text,
  school: Type.Object({ slug: Type.String(), title: Type.String() }),
  role: Type.Union([Type.Literal('teaches'), Type.Literal('studies')]),
});

/** A member page (fields.ts `memberPage` and the catalog tab). */
export const MemberPage = Type.Object({
  ...CardFields,
  general: MemberCard,
  contacts: Contacts,
  education: Type.Object({ education: Text, groups: Type.Array(Type.String()) }),
  about: Type.Object({ about: Text, interests: Text, hobbies: Text, skills: Text }),
  additionally: Type.Object({ marital_status: Text, pet: Text, native_language: Text, additionally: Text }),
  catalog: Type.Array(CatalogEntry),
  /** For a curator: a marketplace learner account's buyer school (curator-member.ts). */
  buyer_school: Type.Optional(Text),
});

/** My networking record (`GET`/`PUT /api/networking`, `networking` of `GET /api/user`). */
export const MyRecord = Type.Object({
  id: Id,
  user_id: Id,
  status: Status,
  looking_job: Type.Boolean(),
  looking_employee: Type.Boolean(),
  is_hire: Type.Boolean(),
  is_owner: Type.Boolean(),
  marital_status: Text,
  pet: Text,
  hobbies: Text,
  native_language: Text,
  industry: Text,
  skills: Text,
  company: Text,
  position: Text,
  education: Text,
  about: Text,
  additionally: Text,
  telegram: Text,
  shown_contacts: Type.Array(Type.Union([Type.Literal('email'), Type.Literal('phone'), Type.Literal('telegram'), Type.Literal('social')])),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  phone: Text,
  social: Type.Record(Type.String(), Type.String()),
  interests: Text,
  country_id: RefId,
  city_id: RefId,
  avatar: Text,
  // once the profile is saved: its search copy of the place (both languages, with the country) and when it was saved
  city: Type.Optional(Text),
  updated_at: Type.Optional(DateTime),
});

export const MyRecordAnswer = dataOf(MyRecord);
export const SavedAnswer = Type.Object({ success: Type.Boolean(), networking: MyRecord, data: MyRecord });
export const SearchAnswer = listOf(MemberCard);
export const MemberAnswer = dataOf(MemberPage);

const TreeNode = Type.Object({
  id: Type.String(),
  root_id: Type.String(),
  parent_id: nullable(Type.String()),
  type: Type.Union([Type.Literal('school'), Type.Literal('group'), Type.Literal('member')]),
  title: Type.String(),
  domain: Type.String(),
  // members only
  member_id: Type.Optional(Id),
  position: Type.Optional(Text),
  company: Type.Optional(Text),
});
export const TreeAnswer = Type.Object({ data: Type.Array(TreeNode), focus_member_id: Id, truncated: Type.Boolean() });

/** A row of the curator list (curator.ts): the school's member whatever their status. */
export const CuratorRow = Type.Object({
  id: Id,
  name: Type.String(),
  surname: Type.String(),
  // null for a marketplace learner account (its address is made up): `buyer_school` names who it is
  email: Text,
  buyer_school: Text,
  phone: Text,
  role: Type.String(),
  status: Status,
  company: Text,
  position: Text,
  industry: Text,
  skills: Text,
  city: Text,
  city_en: Text,
  country_id: RefId,
  city_id: RefId,
  native_language: Text,
  looking_job: Type.Boolean(),
  looking_employee: Type.Boolean(),
  is_hire: Type.Boolean(),
  is_owner: Type.Boolean(),
  telegram: Text,
  // null for a member who never opened networking
  updated_at: nullable(DateTime),
});
export const CuratorList = listOf(CuratorRow);
