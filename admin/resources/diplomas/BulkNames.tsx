import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import type { ProposedNameForm } from '../../../common/api/types/diplomas.ts';
import { useApiQuery } from '../../providers/queries.ts';

/**
 * The bulk issue's names: each student the issue would name, with the genitive and dative petrovich proposes
 * (`POST /admin/diploma_batch/names`), editable; what is in the fields when the admin issues is what the documents
 * print (sent as the issue's `names`; the server refuses a blank form or a student not in the issue).
 */
export function BulkNames({
  who,
  names,
  onChange,
}: {
  who: { group_id?: number; program_id?: number; user_ids?: number[]; graduates_only?: boolean };
  names: ProposedNameForm[];
  onChange: (names: ProposedNameForm[]) => void;
}) {
  const t = useTranslate();
  const chosen = !!who.group_id || !!who.program_id || !!who.user_ids?.length;
  // the proposal is a read (cached per selection); the parent holds the forms, which the admin edits
  const proposed = useApiQuery<{ data: ProposedNameForm[] }, ProposedNameForm[]>('/admin/diploma_batch/names', {
    query: who,
    post: true,
    enabled: chosen,
    select: (r) => r.data,
    retry: false,
  });
  const key = `${who.group_id ?? ''}/${who.program_id ?? ''}/${who.user_ids?.join(',') ?? ''}/${who.graduates_only ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another selection empties the forms until its proposal arrives
  useEffect(() => onChange([]), [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a proposal fills the forms when it arrives, not on each edit
  useEffect(() => {
    if (chosen && proposed.data) onChange(proposed.data);
  }, [proposed.data]);
  const error = chosen ? proposed.error?.message : undefined;

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!names.length) return null;
  const edit = (i: number, field: 'genitive' | 'dative', value: string) => onChange(names.map((n, j) => (j === i ? { ...n, [field]: value } : n)));
  return (
    <Box data-testid="bulk-names">
      <Typography variant="subtitle2">{t('diplomas.bulk.names_title', { count: names.length })}</Typography>
      <Typography variant="caption" component="p" sx={{ mb: 1 }}>
        {t('diplomas.bulk.names_hint')}
      </Typography>
      <Stack spacing={1.5}>
        {names.map((n, i) => (
          <Box key={n.user_id} data-testid="bulk-name" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Typography variant="body2" sx={{ gridColumn: '1 / -1', fontWeight: 500 }}>
              {n.nominative}
              {!n.declined && (
                <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 1 }}>
                  {t('diplomas.bulk.not_declined')}
                </Typography>
              )}
            </Typography>
            {(['genitive', 'dative'] as const).map((field) => (
              <TextField
                key={field}
                size="small"
                label={t(`diplomas.bulk.${field}`)}
                value={n[field]}
                error={!n[field].trim()}
                onChange={(e) => edit(i, field, e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': `bulk-${field}-${n.user_id}` } }}
              />
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
