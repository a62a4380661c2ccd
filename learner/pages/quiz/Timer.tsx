import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../common/format/format.ts';

/** Moments at which a screen reader hears the time left (seconds): not every second, only where it matters. */
const ANNOUNCED = [30 * 60, 15 * 60, 10 * 60, 5 * 60, 2 * 60, 60, 30, 10];

/**
 * The countdown of an attempt. The server is the clock (`seconds` is its `seconds_left`); this only shows it. The
 * visible figure is silent for assistive technology; a polite live region says the time at the start and at the
 * moments of `ANNOUNCED`, and when it is up. `onOver` is called once at zero.
 */
export function Timer({ seconds, onOver }: { seconds: number; onOver: () => void }) {
  const { t } = useTranslation();
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  const [said, setSaid] = useState('');
  const over = useRef(false);
  const overRef = useRef(onOver);
  overRef.current = onOver;

  const say = useRef<(s: number) => string>(() => '');
  say.current = (s: number) => (s <= 0 ? t('quiz.timer_over') : s >= 60 ? t('quiz.timer_left', { m: Math.round(s / 60) }) : t('quiz.timer_seconds', { s }));
  const first = useRef(seconds);

  useEffect(() => setSaid(say.current(first.current)), []);
  useEffect(() => {
    const tick = () => {
      const s = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      setLeft((prev) => {
        if (prev !== s && (ANNOUNCED.includes(s) || s === 0)) setSaid(say.current(s));
        return s;
      });
      if (s === 0 && !over.current) {
        over.current = true;
        overRef.current();
      }
    };
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline]);

  return (
    <span data-testid="time-left" role="timer" aria-label={t('quiz.timer_label')}>
      <span aria-hidden="true">
        {t('quiz.time_left')}: {formatDuration(left)}
      </span>
      <span className="sr-only" aria-live="polite" data-testid="timer-announcement">
        {said}
      </span>
    </span>
  );
}
