import { Create, SimpleForm } from 'react-admin';
import { inputFor } from '../../framework/inputs.tsx';
import type { FieldConfig } from '../../framework/types.ts';
import { TemplatePlaceholders } from './Placeholders.tsx';

/** The generic create form of the configured fields, with the placeholders panel beside it (the generic create has no aside). */
export function templateCreate(fields: FieldConfig[]) {
  return function TemplateCreate() {
    return (
      <Create redirect="edit" aside={<TemplatePlaceholders />}>
        <SimpleForm>{fields.map((f) => inputFor(f, 'create'))}</SimpleForm>
      </Create>
    );
  };
}
