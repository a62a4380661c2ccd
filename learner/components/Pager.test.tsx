// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './Pager.tsx';

afterEach(cleanup);
const texts = { prev: 'Previous', next: 'Next' };

describe('Pager', () => {
  it('is a navigation named by its position, with buttons that stop at the ends', () => {
    const onPage = vi.fn();
    render(<Pager page={1} last={3} label="Page 1 of 3" {...texts} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Page 1 of 3' });
    expect(nav.textContent).toContain('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    cleanup();
    render(<Pager page={3} last={3} label="Page 3 of 3" {...texts} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('draws nothing for a single page, unless asked to always show the position', () => {
    const { container } = render(<Pager page={1} last={1} label="Page 1 of 1" {...texts} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
    render(<Pager always page={1} last={1} label="1–5 of 5" {...texts} onPage={() => {}} />);
    expect(screen.getByRole('navigation', { name: '1–5 of 5' })).toBeTruthy();
  });
});
