import { useLocation, useParams } from 'react-router-dom';
import { Attempt } from './quiz/Attempt.tsx';
import { Review } from './quiz/Review.tsx';
import { Start } from './quiz/Start.tsx';
import './quiz.css';

/**
 * `/quizzes/:id` (the quiz and where the student stands), `/quizzes/:id/test` (the attempt: map, navigation, flags,
 * summary, answers kept in the browser while the network is away), `/quizzes/:id/end` (the verdict and the review).
 * The server keeps the time and the score (docs/quizzes.md).
 */
export default function Quiz() {
  const { id } = useParams();
  const step = useLocation().pathname.split('/')[3] ?? 'start';
  if (step === 'test') return <Attempt quizId={id!} />;
  if (step === 'end') return <Review quizId={id!} />;
  return <Start quizId={id!} />;
}
