-- Reference data from src/reference/*.ts (scripts/write-reference-migration.ts).
INSERT INTO "subscription"."cancel_reasons" ("id", "slug", "description", "display_order", "contexts", "parent_id") VALUES
  ('aab414dc-b594-56e9-a03c-a10eb7b574da', 'too-expensive', 'It costs too much', 10, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], NULL),
  ('5e4a7609-c07a-59b8-85ec-d5dd4f3e888c', 'dog-wont-eat-it', 'My dog won''t eat it', 20, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], NULL),
  ('bf531124-46f6-5ffb-8e6f-662d1dce390c', 'no-freezer-space', 'I don''t have enough freezer or fridge space', 30, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('a3a17d3d-8405-5547-83ee-cefe0cdac083', 'delivery-problems', 'Problems with deliveries', 40, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('3085465e-aad0-5a58-a159-9b347f6b883d', 'wrong-amount-of-food', 'Too much or too little food', 50, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('cb1e600f-88b1-515d-b134-46fde2aaa0b3', 'health-or-vet-diet', 'My dog has health needs or a vet-prescribed diet', 60, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], NULL),
  ('cb366b16-4d6a-55e2-95b6-692b10b26895', 'allergies-or-sensitivities', 'Allergies or sensitivities', 70, ARRAY['treat', 'supplement']::"subscription"."cancel_reason_context"[], NULL),
  ('fa5b42be-6846-5807-83ee-c6ca4e860e11', 'too-many-treats', 'My dog gets too many treats', 80, ARRAY['treat']::"subscription"."cancel_reason_context"[], NULL),
  ('dc6ba372-1391-5eae-8ed4-9a6d7e8a260a', 'no-results-seen', 'I haven''t seen a difference', 90, ARRAY['supplement']::"subscription"."cancel_reason_context"[], NULL),
  ('eb89f31e-cc05-5db6-893a-2546a05154b2', 'dog-passed-away', 'My dog has passed away', 100, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('d89cb5f6-1166-5f4f-9b23-0e1c057d894c', 'moving-outside-delivery-area', 'I''m moving somewhere you don''t deliver', 110, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('105be34b-a159-5750-b511-2ac262beb4c6', 'taking-a-break', 'I''m travelling or taking a break', 120, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('dca70c03-900b-54af-9fdd-3101d647f023', 'just-trying', 'I only wanted to try it', 130, ARRAY['subscription']::"subscription"."cancel_reason_context"[], NULL),
  ('43aeb01b-dd4b-5dbb-af5a-2b82f52556ec', 'other', 'Something else', 140, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], NULL),
  ('0ecee71a-f918-5668-ac92-0e6d98d68ef6', 'found-cheaper-alternative', 'I found a cheaper alternative', 1, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], 'aab414dc-b594-56e9-a03c-a10eb7b574da'),
  ('730fbb70-7241-57f4-b36e-3f4141a25e13', 'budget-changed', 'My budget has changed', 2, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], 'aab414dc-b594-56e9-a03c-a10eb7b574da'),
  ('f2813ecb-541f-55f4-be36-8bd98c142996', 'delivery-fee-too-high', 'The delivery fee is too high', 3, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], 'aab414dc-b594-56e9-a03c-a10eb7b574da'),
  ('f5ea3610-9612-58c8-9a69-a0477f0faca4', 'doesnt-like-the-taste', 'Doesn''t like the taste', 1, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], '5e4a7609-c07a-59b8-85ec-d5dd4f3e888c'),
  ('ec1d7df1-f77a-57bf-9a74-dce1116044a7', 'stopped-eating-it', 'Ate it at first, then stopped', 2, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], '5e4a7609-c07a-59b8-85ec-d5dd4f3e888c'),
  ('91efd16a-1dff-5b6e-827b-379d656090de', 'upset-tummy', 'It upset their tummy', 3, ARRAY['subscription', 'treat', 'supplement']::"subscription"."cancel_reason_context"[], '5e4a7609-c07a-59b8-85ec-d5dd4f3e888c'),
  ('11f0178c-a86c-5d43-a0a3-d2650e5103dc', 'deliveries-late', 'Deliveries arrived late', 1, ARRAY['subscription']::"subscription"."cancel_reason_context"[], 'a3a17d3d-8405-5547-83ee-cefe0cdac083'),
  ('40b91ed7-c0f6-5810-8be7-95ae8a55648a', 'box-damaged-or-warm', 'A box arrived damaged or not cold', 2, ARRAY['subscription']::"subscription"."cancel_reason_context"[], 'a3a17d3d-8405-5547-83ee-cefe0cdac083'),
  ('7357313b-8d48-5f52-baf2-0ef8ee4a81e7', 'delivery-days-dont-suit', 'The delivery days don''t suit me', 3, ARRAY['subscription']::"subscription"."cancel_reason_context"[], 'a3a17d3d-8405-5547-83ee-cefe0cdac083'),
  ('70d7d861-ea58-557f-9a1d-168b3f7808d2', 'missed-deliveries', 'Deliveries were missed', 4, ARRAY['subscription']::"subscription"."cancel_reason_context"[], 'a3a17d3d-8405-5547-83ee-cefe0cdac083'),
  ('d910cf08-e910-552f-9f58-3a0a3b2c8f86', 'too-much-food', 'Too much food is piling up', 1, ARRAY['subscription']::"subscription"."cancel_reason_context"[], '3085465e-aad0-5a58-a159-9b347f6b883d'),
  ('e5433a0a-daeb-55b8-a378-07ad5c8fff7a', 'not-enough-food', 'It runs out before the next box', 2, ARRAY['subscription']::"subscription"."cancel_reason_context"[], '3085465e-aad0-5a58-a159-9b347f6b883d')
ON CONFLICT ("slug") DO UPDATE SET "description" = excluded."description", "display_order" = excluded."display_order", "contexts" = excluded."contexts", "parent_id" = excluded."parent_id";
--> statement-breakpoint
INSERT INTO "subscription"."plans" ("id", "name", "slug", "category", "percent_of_calories", "feeding_plan_type") VALUES
  ('0241c103-9267-5457-ab21-aea296ad7efa', 'Full Bowl', 'full-bowl', 'feeding_plan', 100, 'full_bowl'),
  ('0a656eca-cc11-58f2-8b22-0aea30a76fd0', 'Half Bowl', 'half-bowl', 'feeding_plan', 50, 'half_bowl'),
  ('fb772955-768f-5222-8ecc-bfd551660b83', 'Starter Box', 'starter-box', 'bundle', 100, 'starter_box'),
  ('eedfd0cf-1261-541e-b367-28a11c3f408e', 'Trial Box', 'trial-box', 'bundle', 50, 'trial_box')
ON CONFLICT ("slug") DO UPDATE SET "name" = excluded."name", "category" = excluded."category", "percent_of_calories" = excluded."percent_of_calories", "feeding_plan_type" = excluded."feeding_plan_type";
