ALTER TABLE "quiz_attempts" ADD COLUMN "answered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "answered_score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "quiz_attempts" SET "answered_count" = s.n, "answered_score" = s.score FROM (SELECT "attempt_id", count(*)::int AS n, coalesce(sum("score"), 0)::real AS score FROM "question_answers" GROUP BY "attempt_id") s WHERE s."attempt_id" = "quiz_attempts"."id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quiz_version_self() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER quizzes_version BEFORE UPDATE ON "quizzes" FOR EACH ROW EXECUTE FUNCTION quiz_version_self();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quiz_version_child() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quiz integer;
  old_quiz integer;
BEGIN
  IF TG_TABLE_NAME = 'question_options' THEN
    IF TG_OP <> 'DELETE' THEN SELECT quiz_id INTO quiz FROM questions WHERE id = NEW.question_id; END IF;
    IF TG_OP <> 'INSERT' THEN SELECT quiz_id INTO old_quiz FROM questions WHERE id = OLD.question_id; END IF;
  ELSE
    IF TG_OP <> 'DELETE' THEN quiz := NEW.quiz_id; END IF;
    IF TG_OP <> 'INSERT' THEN old_quiz := OLD.quiz_id; END IF;
  END IF;
  UPDATE quizzes SET version = version + 1 WHERE id = quiz OR id = old_quiz;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_quiz_version AFTER INSERT OR UPDATE OR DELETE ON "questions" FOR EACH ROW EXECUTE FUNCTION quiz_version_child();
--> statement-breakpoint
CREATE TRIGGER question_options_quiz_version AFTER INSERT OR UPDATE OR DELETE ON "question_options" FOR EACH ROW EXECUTE FUNCTION quiz_version_child();
--> statement-breakpoint
CREATE TRIGGER quiz_settings_quiz_version AFTER INSERT OR UPDATE OR DELETE ON "quiz_settings" FOR EACH ROW EXECUTE FUNCTION quiz_version_child();
