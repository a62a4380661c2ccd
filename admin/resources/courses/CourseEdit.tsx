import { DeleteWithConfirmButton, Edit, SaveButton, TabbedForm, Toolbar, useNotify, usePermissions } from 'react-admin';
import type { FieldConfig } from '../../framework/types.ts';
import { inputFor, transformFor } from '../../framework/inputs.tsx';
import { ProgramEnrolment } from './Enrolment.tsx';
import { ProgramBuilder } from './ProgramBuilder.tsx';
import { fields, form } from './fields.ts';

function EditToolbar() {
  const { permissions } = usePermissions();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {(permissions === 'admin' || permissions === 'superadmin') && <DeleteWithConfirmButton mutationMode="pessimistic" successMessage="toasts.course_is_delete" redirect="list" />}
    </Toolbar>
  );
}

/** The program's fields in the configured tabs (the same inputs as the generated screens). */
function CourseForm() {
  const { permissions } = usePermissions();
  const byName = new Map(fields.map((f) => [f.source, f]));
  const visible = (f: FieldConfig | undefined): f is FieldConfig => !!f && (!f.only || f.only === 'edit') && (!f.roles || f.roles.includes(permissions));
  return (
    <TabbedForm toolbar={<EditToolbar />} syncWithLocation={false}>
      {form.map((s) => (
        <TabbedForm.Tab key={s.label} label={s.label}>
          {s.fields
            .map((src) => byName.get(src))
            .filter(visible)
            .map((f) => inputFor(f, 'edit'))}
        </TabbedForm.Tab>
      ))}
    </TabbedForm>
  );
}

/** The program's edit screen: its form (toast `program_is_update`), the builder under it and the enrolment beside it. */
export function CourseEdit() {
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      transform={transformFor(fields)}
      aside={<ProgramEnrolment />}
      mutationOptions={{ onSuccess: () => notify('toasts.program_is_update', { type: 'success' }) }}
    >
      <CourseForm />
      <ProgramBuilder />
    </Edit>
  );
}
