import { Fragment, type ComponentType } from 'react';
import { Collapse, ListItemIcon, MenuItem, Typography } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Menu as RaMenu, useCanAccessResources, useResourceDefinitions, useSidebarState, useStore, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { MENU_GROUPS, type MenuGroup } from '../framework/types.ts';

const GROUP_ICONS: Record<MenuGroup, ComponentType> = {
  learning: SchoolIcon,
  people: PeopleIcon,
  money: PaymentsIcon,
  marketplace: StorefrontIcon,
  reports: AssessmentIcon,
  settings: SettingsIcon,
};

/** A menu entry's text wraps instead of being cut ("Найдено дешевле" on a narrow drawer). */
const ENTRY_SX = { '& .MuiTypography-root': { whiteSpace: 'normal' } };

/**
 * The back office's menu in groups (learning, people, money, marketplace, reports, settings; each resource's
 * `menu.group` in its configuration, handed to react-admin as the resource's `options`). A group shows only the
 * resources the user may open, and not at all without one; a group folds and unfolds from its heading (remembered in
 * react-admin's store), and the group of the screen on show is always open. A heading's name says it is a section
 * ("Раздел «Настройки»"), apart from the entry of the same name (the settings screen).
 */
export function Menu() {
  const definitions = useResourceDefinitions<{ menu?: { group: MenuGroup } }>();
  const names = Object.keys(definitions).filter((n) => definitions[n].hasList);
  const { canAccess } = useCanAccessResources({ action: 'list', resources: names });
  const [folded, setFolded] = useStore<MenuGroup[]>('menu.folded', []);
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const t = useTranslate();
  const onShow = (name: string) => pathname === `/admin/${name}` || pathname.startsWith(`/admin/${name}/`);
  const groups = MENU_GROUPS.map((group) => ({
    group,
    items: names.filter((n) => definitions[n].options?.menu?.group === group && canAccess?.[n]),
  })).filter((g) => g.items.length > 0);
  const ungrouped = names.filter((n) => !definitions[n].options?.menu && canAccess?.[n]);
  return (
    <RaMenu>
      {groups.map(({ group, items }) => {
        const open = !folded.includes(group) || items.some(onShow);
        const Icon = GROUP_ICONS[group];
        return (
          <Fragment key={group}>
            <MenuItem
              tabIndex={0}
              aria-label={t('menu.section', { name: t(`menu.${group}`) })}
              aria-expanded={open}
              aria-controls={`menu-group-${group}`}
              data-testid={`menu-group-${group}`}
              onClick={() => setFolded(open ? [...folded, group] : folded.filter((g) => g !== group))}
              sx={{ color: 'text.secondary', py: 1 }}
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              {sidebarOpen && (
                <Typography variant="overline" sx={{ flexGrow: 1, lineHeight: 1.5 }}>
                  {t(`menu.${group}`)}
                </Typography>
              )}
              {sidebarOpen && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
            </MenuItem>
            <Collapse in={open} id={`menu-group-${group}`} role="group" aria-label={t(`menu.${group}`)} unmountOnExit>
              {items.map((name) => (
                <RaMenu.ResourceItem key={name} name={name} sx={ENTRY_SX} />
              ))}
            </Collapse>
          </Fragment>
        );
      })}
      {ungrouped.map((name) => (
        <RaMenu.ResourceItem key={name} name={name} sx={ENTRY_SX} />
      ))}
    </RaMenu>
  );
}
