import { useTranslate } from 'react-admin';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { PLACEHOLDERS } from '../../../common/templates/placeholders.ts';

/** The placeholders the server accepts: one list with the server's (common/templates/placeholders.ts). */
export { PLACEHOLDERS };

/**
 * Beside the template form: the placeholders that can be used. Under the designer on a phone (issue 29): no margin
 * there and never wider than the column it sits in.
 */
export function TemplatePlaceholders() {
  const t = useTranslate();
  return (
    <Card sx={{ ml: { xs: 0, sm: 2 }, width: 340, maxWidth: '100%', boxSizing: 'border-box', flexShrink: 0 }} data-testid="template-placeholders">
      <CardContent>
        <Typography variant="h6">{t('templates.placeholders_title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('templates.placeholders_hint')}
        </Typography>
        <List dense>
          {PLACEHOLDERS.map((p) => (
            <ListItem key={p} disableGutters>
              <ListItemText primary={<code>{`{{${p}}}`}</code>} secondary={t(`templates.placeholder.${p}`)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
