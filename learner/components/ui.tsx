import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { describeError } from '../../common/errors/describe.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { toastsAtom } from '../state.ts';

export function Field(props: { label: string; name: string; error?: string; children?: ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { label, name, error, children, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {children ?? <input id={name} name={name} aria-invalid={!!error} {...input} />}
      {error && <span className="error" role="alert">{error}</span>}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return <div className="center" aria-busy="true">{t('loading')}</div>;
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

/** Loads data once per key; answers the data, the error (when the call failed) and a retry. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({});
    load().then((data) => live && setState({ data }), (error) => live && setState({ error }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** The error state of a screen: the shared handler's wording and a retry. (A 404 shows the not-found screen instead.) */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation();
  const d = describeError(error, getLang());
  return (
    <div className="center" role="alert" data-testid="error-state">
      <h2>{d.title}</h2>
      <p>{d.text}</p>
      {retry && <button className="btn" onClick={retry}>{t('retry')}</button>}
    </div>
  );
}
