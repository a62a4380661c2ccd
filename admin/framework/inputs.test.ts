import { describe, expect, it } from 'vitest';
import { linesFormat, linesParse, transformFor } from './inputs.tsx';
import type { FieldConfig } from './types.ts';

describe('list-of-lines fields (skills, knowledge)', () => {
  it('shows an array one item per line and keeps free text as typed', () => {
    expect(linesFormat(['Финансы', 'Переговоры'])).toBe('Финансы\nПереговоры');
    expect(linesFormat('Финансы\n')).toBe('Финансы\n');
    expect(linesFormat(null)).toBe('');
  });

  it('sends trimmed non-empty lines as an array, nothing as null, and leaves other fields alone', () => {
    expect(linesParse('  Финансы \n\n Переговоры\n')).toEqual(['Финансы', 'Переговоры']);
    expect(linesParse(' \n ')).toBeNull();
    const fields: FieldConfig[] = [
      { source: 'skills', type: 'lines' },
      { source: 'knowledge', type: 'lines' },
      { source: 'title', type: 'text' },
    ];
    expect(transformFor(fields)({ skills: 'A\nB', knowledge: ['kept'], title: ' Программа \n' })).toEqual({ skills: ['A', 'B'], knowledge: ['kept'], title: ' Программа \n' });
  });
});
