import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { describeError, errorsReady, hasErrors } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { toastsAtom } from '../state.ts';

export function Field(props: { label: string; name: string; error?: string; children?: ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { label, name, error, children, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {children ?? <input id={name} name={name} aria-invalid={!!error} aria-describedby={error ? `${name}-error` : undefined} {...input} />}
      {error && (
        <span className="error" role="alert" id={`${name}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="center" aria-busy="true">
      {t('loading')}
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <div className="center">{text ?? t('empty')}</div>;
}

/** Sets the document title from the route, with the product title as fallback. */
export function useTitle(key?: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = key ? `${t(key)} — ${t('product')}` : t('product');
  }, [key, t, i18n.language]);
}

/**
 * The error catalogue of the interface language for a screen that words an error without a failed call (a failed call
 * brings it itself): loads it on first use (while `wanted`) and renders again once it is in; answers whether it is in.
 */
export function useErrorTexts(wanted = true): boolean {
  const lang = getLang();
  const ready = hasErrors(lang);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (wanted && !ready) void errorsReady(lang).then(() => loaded((n) => n + 1));
  }, [wanted, ready, lang]);
  return ready;
}

/** Shows an error of the API as a toast through the shared handler's wording. */
export function useErrorToast() {
  const push = useSetAtom(toastsAtom);
  return (err: unknown) => {
    const d = describeError(err, getLang());
    const id = Date.now() + Math.random();
    push((list) => [...list, { id, title: d.title, text: d.text, kind: 'error' }]);
    setTimeout(() => push((list) => list.filter((x) => x.id !== id)), 6000);
  };
}

export function useSuccessToast() {
  const push = useSetAtom(toastsAtom);
  return (title: string) => {
    const id = Date.now() + Math.random();
    push((list) => [...list, { id, title, kind: 'success' }]);
    setTimeout(() => push((list) => list.filter((x) => x.id !== id)), 4000);
  };
}

/**
 * The learner's one way to fetch a screen's data: loads when `deps` change, cancels the call it replaces (the
 * request is aborted and its late answer never lands), and answers the data, the error, whether it is loading,
 * `retry` (from scratch) and `reload` (keeps the data on screen while it refreshes, e.g. after an upload).
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [run, setRun] = useState({ n: 0, keep: false });
  useEffect(() => {
    const ctl = new AbortController();
    setState((s) => ({ data: run.keep ? s.data : undefined, loading: true }));
    load(ctl.signal).then(
      (data) => !ctl.signal.aborted && setState({ data, loading: false }),
      (error) => !ctl.signal.aborted && setState((s) => ({ data: run.keep ? s.data : undefined, error, loading: false })),
    );
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, run]);
  return {
    ...state,
    retry: () => setRun((r) => ({ n: r.n + 1, keep: false })),
    reload: () => setRun((r) => ({ n: r.n + 1, keep: true })),
  };
}

/** The error state of a screen: the shared handler's wording and a retry. (A 404 shows the not-found screen instead.) */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation();
  const d = describeError(error, getLang());
  return (
    <div className="center" role="alert" data-testid="error-state">
      <h2>{d.title}</h2>
      <p>{d.text}</p>
      {retry && (
        <button className="btn" onClick={retry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
