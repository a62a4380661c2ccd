import { Create, Edit, SimpleForm, TabbedForm, TabbedFormTabs, usePermissions } from 'react-admin';
import type { ResourceConfig } from './types.ts';
import { configField } from './fields.ts';
import { inputFor, transformFor } from './inputs.tsx';
import { FocusFirstError } from './FocusFirstError.tsx';

/**
 * The generic edit and create screens of a configured resource. Not in the back office's first load: one chunk with
 * the inputs and react-admin's forms, loaded in idle time after the first screen or when a form opens
 * (`ConfigEdit` / `ConfigCreate` of admin/framework/buildResource.tsx).
 */

function formSections(cfg: ResourceConfig, mode: 'create' | 'edit') {
  const sections = cfg.form ?? [{ label: 'tabs.main', fields: cfg.fields.map((f) => f.source) }];
  return sections.map((s) => ({ ...s, fields: s.fields.map((src) => configField(cfg, src)).filter((f) => !f.only || f.only === mode) }));
}

function ConfigForm({ cfg, mode }: { cfg: ResourceConfig; mode: 'create' | 'edit' }) {
  const { permissions } = usePermissions();
  const sections = formSections(cfg, mode).map((s) => ({ ...s, fields: s.fields.filter((f) => !f.roles || f.roles.includes(permissions)) }));
  // The product's own translated messages stop a save, never the browser's bubble (noValidate), and focus goes to the
  // first field in error, the server's field errors included (FocusFirstError).
  if (sections.length === 1)
    return (
      <SimpleForm noValidate>
        {sections[0].fields.map((f) => inputFor(f, mode))}
        <FocusFirstError />
      </SimpleForm>
    );
  // Tabs stay out of the URL: after a create the old screen is still on show while the edit screen loads, and a tab
  // link clicked then would open the create screen again (a second record for one save).
  return (
    <TabbedForm noValidate syncWithLocation={false} tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}>
      {sections.map((s, i) => (
        <TabbedForm.Tab key={s.label} label={s.label}>
          {s.fields.map((f) => inputFor(f, mode))}
          {i === 0 && <FocusFirstError />}
        </TabbedForm.Tab>
      ))}
    </TabbedForm>
  );
}

export const ConfigEdit = ({ cfg }: { cfg: ResourceConfig }) => (
  <Edit mutationMode="pessimistic" aside={cfg.editAside ? <cfg.editAside /> : undefined} transform={transformFor(cfg.fields)}>
    <ConfigForm cfg={cfg} mode="edit" />
  </Edit>
);

export const ConfigCreate = ({ cfg }: { cfg: ResourceConfig }) => (
  <Create redirect={cfg.redirectAfterCreate ?? 'edit'} transform={transformFor(cfg.fields)}>
    <ConfigForm cfg={cfg} mode="create" />
  </Create>
);
