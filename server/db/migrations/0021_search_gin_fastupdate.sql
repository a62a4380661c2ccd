-- Issue 16 item 4: the trigram indexes of the list searches (migration 0009) without a pending list, as the networking
-- search's (0017). With fastupdate on, rows inserted since the last vacuum wait in a pending list that every search
-- scans in full, and the planner, costing those pages, chose a scan of the whole table: after 50,000 users were added
-- at once, the user search ran two sequential scans of 70-80 ms each (count and page) instead of BitmapOr plans of
-- 1-2 ms (docs/performance.md "User search and upload growth"). Users, programs and news are written rarely and
-- searched often, so the insert pays instead. The lists already pending are merged into the indexes now.
ALTER INDEX "users_surname_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_name_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_patronymic_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_login_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_email_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "programs_title_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "news_title_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "news_title_en_trgm" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass) FROM unnest(ARRAY['users_surname_trgm', 'users_name_trgm', 'users_patronymic_trgm', 'users_login_trgm', 'users_email_trgm', 'programs_title_trgm', 'news_title_trgm', 'news_title_en_trgm']) AS i;
