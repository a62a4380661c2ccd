import { Create, SimpleForm } from 'react-admin';
import { inputFor } from '../../framework/inputs.tsx';
import { fields, formFields } from './fields.ts';
import { TemplatePlaceholders } from './Placeholders.tsx';

const createFields = fields.filter((f) => formFields.includes(f.source));

/** The generic create form of the configured fields, with the placeholders panel beside it (the generic create has no aside). */
export function TemplateCreate() {
  return (
    <Create redirect="edit" aside={<TemplatePlaceholders />}>
      <SimpleForm>{createFields.map((f) => inputFor(f, 'create'))}</SimpleForm>
    </Create>
  );
}
