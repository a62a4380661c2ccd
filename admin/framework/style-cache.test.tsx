// @vitest-environment jsdom
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { KEPT_FOR_ATTRIBUTE, readKeptStyles, restoreKeptStyles } from './kept-styles.ts';
import { FIRST_SCREENS_MS, KEPT_STYLES_MAX_CHARS, keptStyleCache } from './style-cache.ts';

/**
 * The back office's first screens' style rules are kept in the browser and put in the next load's page before its code
 * runs (admin/framework/kept-styles.ts, style-cache.ts): emotion then neither compiles nor inserts them again.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Card = styled.div({ color: 'rgb(200, 0, 0)', padding: 8, '&:hover': { color: 'rgb(0, 0, 200)' } });
const Title = styled.h2({ fontSize: 20, margin: 0 });

let root: Root | undefined;

/** The class rules emotion put in the page at this load (in its own sheets, not the restored one). */
const classRulesInserted = () =>
  [...document.head.querySelectorAll<HTMLStyleElement>(`style:not([${KEPT_FOR_ATTRIBUTE}])`)]
    .flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText))
    .filter((rule) => rule.startsWith('.css-'));

/** One page load: the entry's restore, then the back office's cache and its first render. */
function load(build: string) {
  restoreKeptStyles();
  const cache = keptStyleCache(build);
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() =>
    root!.render(
      <CacheProvider value={cache}>
        <Card data-testid="card">
          <Title>Маркетинг</Title>
        </Card>
      </CacheProvider>,
    ),
  );
  return cache;
}

/** The page is left: the next load starts from a fresh document (what localStorage holds stays). */
function leave() {
  window.dispatchEvent(new Event('pagehide'));
  act(() => root?.unmount());
  document.head.replaceChildren();
  document.body.replaceChildren();
}

beforeEach(() => {
  localStorage.clear();
  document.head.replaceChildren();
});
afterEach(() => {
  leave();
  vi.useRealTimers();
});

describe('the first screens’ style rules', () => {
  it('are kept when the page is left, and the next load takes them instead of inserting them again', () => {
    load('/assets/backoffice-A.js');
    expect(classRulesInserted().length).toBeGreaterThanOrEqual(3); // the card, its hover and the title
    const firstClasses = document.querySelector('[data-testid=card]')!.className + document.querySelector('h2')!.className;
    leave();

    const kept = readKeptStyles()!;
    expect(kept.build).toBe('/assets/backoffice-A.js');
    expect(kept.names).toHaveLength(2);
    expect(kept.css).toContain('color:rgb(200, 0, 0)');
    expect(kept.css).toContain(':hover{color:rgb(0, 0, 200);}');

    const cache = load('/assets/backoffice-A.js');
    expect(classRulesInserted()).toEqual([]);
    // the same classes, their rules in the restored sheet
    expect(document.querySelector('[data-testid=card]')!.className + document.querySelector('h2')!.className).toBe(firstClasses);
    const restored = document.head.querySelector<HTMLStyleElement>(`style[${KEPT_FOR_ATTRIBUTE}]`)!;
    expect(restored.sheet!.cssRules.length).toBeGreaterThanOrEqual(3);
    expect(kept.names.every((n) => cache.inserted[n] === true)).toBe(true);
    expect(getComputedStyle(document.querySelector('[data-testid=card]')!).color).toBe('rgb(200, 0, 0)');
  });

  it('of another build are dropped, and this build keeps its own', () => {
    load('/assets/backoffice-A.js');
    leave();
    load('/assets/backoffice-B.js');
    expect(document.head.querySelector(`style[${KEPT_FOR_ATTRIBUTE}]`)).toBeNull();
    expect(classRulesInserted().length).toBeGreaterThanOrEqual(3);
    leave();
    expect(readKeptStyles()?.build).toBe('/assets/backoffice-B.js');
    expect(readKeptStyles()?.names).toHaveLength(2);
  });

  it('add to what was kept: a rule new at this load is kept after the restored ones', () => {
    localStorage.setItem(STORAGE_KEYS.keptStyles, JSON.stringify({ build: 'b', names: ['kept1'], css: '.css-kept1{color:green;}' }));
    const cache = load('b');
    expect(cache.inserted.kept1).toBe(true);
    leave();
    const kept = readKeptStyles()!;
    expect(kept.names[0]).toBe('kept1');
    expect(kept.names).toHaveLength(3);
    expect(kept.css.startsWith('.css-kept1{color:green;}')).toBe(true);
  });

  it('are kept FIRST_SCREENS_MS after start at the latest, and what is inserted later is not', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    load('b');
    vi.advanceTimersByTime(FIRST_SCREENS_MS + 1);
    expect(readKeptStyles()?.names).toHaveLength(2);
    const Later = styled.p({ color: 'teal' });
    act(() => root!.render(<Later />));
    window.dispatchEvent(new Event('pagehide'));
    expect(readKeptStyles()?.names).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  it('start afresh when they would grow past KEPT_STYLES_MAX_CHARS', () => {
    const old = `/*${'x'.repeat(KEPT_STYLES_MAX_CHARS - 10)}*/`;
    localStorage.setItem(STORAGE_KEYS.keptStyles, JSON.stringify({ build: 'b', names: ['old'], css: old }));
    load('b');
    leave();
    const kept = readKeptStyles()!;
    expect(kept.names).not.toContain('old');
    expect(kept.names).toHaveLength(2);
    expect(kept.css).not.toContain('xxx');
  });

  it('that are not ours, or not well formed, are not put in the page', () => {
    for (const stored of ['not json', JSON.stringify({ build: 'b', names: ['a b'], css: '' }), JSON.stringify({ names: [], css: '' }), JSON.stringify({ build: 'b', names: 'x', css: '' })]) {
      localStorage.setItem(STORAGE_KEYS.keptStyles, stored);
      restoreKeptStyles();
      expect(document.head.querySelector('style')).toBeNull();
    }
    load('b');
    expect(classRulesInserted().length).toBeGreaterThanOrEqual(3);
  });
});
