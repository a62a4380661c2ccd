-- Issue 12: indexes the reports read through (docs/reports.md "Indexes"). Written by hand, not in the schema files:
-- generated migrations leave them alone.
-- quizScoreResults / quizAnswerBreakdown / trafficLights: finished attempts (demo ones left out) of a quiz, by finish time
CREATE INDEX IF NOT EXISTS "attempts_report_quiz" ON "quiz_attempts" USING btree ("tenant_id","quiz_id","finished_at") WHERE "status" = 'FINISHED' AND NOT "demo";--> statement-breakpoint
-- quizScoreResults over every quiz of a period
CREATE INDEX IF NOT EXISTS "attempts_report_time" ON "quiz_attempts" USING btree ("tenant_id","finished_at") WHERE "status" = 'FINISHED' AND NOT "demo";--> statement-breakpoint
-- quizAnswerBreakdown: the answers of a quiz's questions
CREATE INDEX IF NOT EXISTS "answers_tenant_question" ON "question_answers" USING btree ("tenant_id","question_id");--> statement-breakpoint
-- getMediaActivity: views of a material; getUserActivity: a user's events of a period
CREATE INDEX IF NOT EXISTS "events_tenant_kind_subject" ON "events" USING btree ("tenant_id","kind","subject_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_tenant_user_time" ON "events" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
-- submittedProject: versions of a project, by submission time
CREATE INDEX IF NOT EXISTS "projects_tenant_media_time" ON "submitted_projects" USING btree ("tenant_id","media_id","submitted_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_tenant_time" ON "submitted_projects" USING btree ("tenant_id","submitted_at");
