import { useState } from 'react';
import { Title, useLocale, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress, Step, StepButton, Stepper, Typography } from '@mui/material';
import type { ReportParamValues, SavedReport } from '../../../common/api/types/reports.ts';
import { tx } from './model.ts';
import { useCatalogue } from './hooks.ts';
import { CatalogueButtons } from './CatalogueButtons.tsx';
import { ParamsForm } from './ParamsForm.tsx';
import { ResultView } from './ResultView.tsx';
import { SaveBox } from './SaveBox.tsx';
import { ExportSlot } from './ExportSlot.tsx';

/** The report wizard (table → params → result → step) of `ReportCreate.tsx` and `ReportEdit.tsx`. */
export function Wizard({ initial }: { initial: { type?: string; params: ReportParamValues; stage: number; saved?: SavedReport } }) {
  const t = useTranslate();
  const locale = useLocale();
  const cat = useCatalogue();
  const [type, setType] = useState(initial.type);
  const [params, setParams] = useState<ReportParamValues>(initial.params);
  const [stage, setStage] = useState(initial.stage);
  /** Traffic light: the levels walked down from the result (program → chapter → student). */
  const [trail, setTrail] = useState<ReportParamValues[]>([]);
  const def = cat?.reports.find((r) => r.type === type);
  const shown = trail.length ? trail[trail.length - 1] : params;
  const steps = ['table', 'params', 'result', 'step'] as const;
  const title = initial.saved?.name ?? (def ? tx(def.title, locale) : t('reports.new'));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Stepper nonLinear activeStep={stage === 2 && trail.length ? 3 : stage} alternativeLabel sx={{ overflowX: 'auto' }}>
        {steps.map((s, i) => (
          <Step key={s} completed={false} disabled={(i >= 1 && !type) || i === 3}>
            <StepButton
              onClick={() => {
                setTrail([]);
                setStage(Math.min(i, 2));
              }}
              data-step={s}
            >
              {s === 'step' && trail.length ? t('reports.steps.step_at', { level: t(`reports.steps_tl.${String(shown.step)}`) }) : t(`reports.steps.${s}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {!cat ? (
        <CircularProgress aria-label={t('reports.loading')} />
      ) : stage === 0 ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('reports.choose')}
            </Typography>
            <CatalogueButtons
              cat={cat}
              current={type}
              onPick={(next) => {
                setType(next);
                setStage(1);
              }}
            />
          </CardContent>
        </Card>
      ) : def && stage === 1 ? (
        <ParamsForm
          def={def}
          params={params}
          onChange={setParams}
          onBack={() => setStage(0)}
          onBuild={() => {
            setTrail([]);
            setStage(2);
          }}
        />
      ) : def ? (
        <>
          {trail.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={() => setTrail(trail.slice(0, -1))}>
                {t('reports.up')}
              </Button>
              <Typography variant="body2">{t(`reports.steps_tl.${String(shown.step)}`)}</Typography>
            </Box>
          )}
          <ResultView
            def={def}
            params={shown}
            onDrill={def.type === 'trafficLights' ? (next) => setTrail([...trail, { ...shown, ...next }]) : undefined}
            toolbar={
              <>
                <Button size="small" onClick={() => setStage(1)}>
                  {t('reports.change_params')}
                </Button>
                <SaveBox type={def.type} params={params} saved={initial.saved} />
                <ExportSlot type={def.type} params={shown} />
              </>
            }
          />
        </>
      ) : null}
    </Box>
  );
}
