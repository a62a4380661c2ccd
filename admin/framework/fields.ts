import type { FieldConfig, ResourceConfig } from './types.ts';

/** A configuration's field by its source; a list column or form field the configuration does not have is its author's error. */
export function configField(cfg: ResourceConfig, source: string): FieldConfig {
  const f = cfg.fields.find((x) => x.source === source);
  if (!f) throw new Error(`Resource ${cfg.name}: no field "${source}" in its configuration`);
  return f;
}
