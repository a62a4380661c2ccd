import { AutocompleteInput, BooleanField, Datagrid, List, ReferenceInput, SearchInput, SelectField, SelectInput, TextField } from 'react-admin';
import type { ProjectPeople } from '../../../common/api/types/projects.ts';
import { useApiQuery } from '../../providers/queries.ts';

const NOBODY: ProjectPeople = { students: [], trainers: [] };
import { DateCell, ListPagination, NumberCell, PER_PAGE } from '../../framework/cells.tsx';
import { ApproveToggle, BulkDeleteVersions } from './actions.tsx';
import { statusChoices } from './choices.ts';

/** Students who submitted versions the caller may see, and the school's reviewers (one call, for filters and the edit form). */
export function usePeople(): ProjectPeople {
  return useApiQuery<{ data: ProjectPeople }, ProjectPeople>('/admin/submittedProject/people', { select: (r) => r.data }).data ?? NOBODY;
}

/**
 * The review list: search by student, filters by program (a trainer is offered their programs only), student and
 * status; approve toggle per row; removal of the selected versions.
 */
export function ProjectsList() {
  const people = usePeople();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="program_id" source="program_id" reference="courses" perPage={100} alwaysOn>
      <AutocompleteInput optionText="title" sx={{ minWidth: 240 }} />
    </ReferenceInput>,
    <SelectInput key="user_id" source="user_id" choices={people.students} optionText="name" emptyText="—" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} emptyText="—" alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={PER_PAGE} pagination={<ListPagination />}>
      <Datagrid rowClick="edit" bulkActionButtons={<BulkDeleteVersions />}>
        <TextField source="id" />
        <TextField source="user_name" sortable={false} />
        <TextField source="media_title" sortable={false} />
        <NumberCell source="version" />
        <SelectField source="status" choices={statusChoices} />
        <NumberCell source="score" />
        <TextField source="trainer" sortable={false} />
        <BooleanField source="late" sortable={false} />
        <DateCell source="submitted_at" />
        <ApproveToggle />
      </Datagrid>
    </List>
  );
}
