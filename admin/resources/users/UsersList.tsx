import { CreateButton, FilterButton, TopToolbar } from 'react-admin';
import { ConfigList } from '../../framework/buildResource.tsx';
import type { ResourceConfig } from '../../framework/types.ts';
import { ImportUsersButton } from './Import.tsx';

/** The generated users list with one more toolbar button: import from xlsx/csv. */
export function usersList(cfg: () => ResourceConfig) {
  return function UsersList() {
    return (
      <ConfigList
        cfg={cfg()}
        actions={
          <TopToolbar>
            <FilterButton />
            <CreateButton />
            <ImportUsersButton />
          </TopToolbar>
        }
      />
    );
  };
}
